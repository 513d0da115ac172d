import { and, eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ROOM_TOKEN_AUDIENCE, ROOM_TOKEN_ISSUER } from "../../core/collab";
import { defaultWorkspaceSettings } from "../../core/contracts/workspaces";
import { documentFromPlainText } from "../../core/document/text";
import { articleBranches, articles, articleVersions, events, type Article } from "../../worker/db/schema";
import { api, buildArticle, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

const secret = new TextEncoder().encode(env.COLLAB_TOKEN_SECRET!);
const branchesOn = { ...defaultWorkspaceSettings, preferences: { ...defaultWorkspaceSettings.preferences, version_control_mode: "branches" as const } };

async function setup({ versionControl = true, text = "Main words" } = {}) {
  const { workspace, owner } = await buildWorkspace({ settings: versionControl ? branchesOn : defaultWorkspaceSettings });
  const article = await buildArticle(workspace, owner, { text });
  return { workspace, owner, ownerToken: await tokenFor(owner), article };
}

const createBranch = (article: Pick<Article, "id">, token: string, body: Record<string, unknown> = {}) =>
  api(`/articles/${article.id}/branches`, { method: "POST", token, body });

async function roomToken(room: string) {
  return new SignJWT({ room }).setProtectedHeader({ alg: "HS256" }).setIssuer(ROOM_TOKEN_ISSUER).setAudience(ROOM_TOKEN_AUDIENCE).setExpirationTime("5m").sign(secret);
}

const bodyText = (body: unknown) => JSON.stringify(body);

describe("starting a branch", () => {
  it("copies the current body, keeping it first as a branch_base version, and records the event", async () => {
    const { owner, ownerToken, article } = await setup();
    const response = await createBranch(article, ownerToken, { name: "Spring copy" });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data).toMatchObject({ article_id: article.id, name: "Spring copy", status: "open", author: { id: owner.id }, title: article.title });
    expect(data.can).toEqual({ edit: true, submit: true, merge: true, cancel: true });
    expect(bodyText(data.body)).toContain("Main words");
    const [base] = await db.select().from(articleVersions).where(eq(articleVersions.id, data.base_version_id));
    expect(base).toMatchObject({ articleId: article.id, kind: "branch_base", branchId: data.id });
    expect(bodyText(base!.body)).toContain("Main words");
    const [event] = await db.select().from(events).where(and(eq(events.articleId, article.id), eq(events.name, "branches.create")));
    expect(event!.properties).toEqual({ branch_id: data.id, version_id: data.base_version_id });
  });

  it("starts from a version of the document; another document's version is a 404", async () => {
    const { workspace, owner, ownerToken, article } = await setup();
    const [version] = await db.insert(articleVersions).values({ articleId: article.id, body: documentFromPlainText("Old words"), title: "Old title", kind: "edit" }).returning();
    const response = await createBranch(article, ownerToken, { parent_version_id: version!.id });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data).toMatchObject({ base_version_id: version!.id, title: "Old title", name: "Branch 1" });
    expect(bodyText(data.body)).toContain("Old words");
    // No extra base version when one was named.
    expect(await db.select().from(articleVersions).where(eq(articleVersions.articleId, article.id))).toHaveLength(1);
    const other = await buildArticle(workspace, owner, { text: "Other" });
    const [foreign] = await db.insert(articleVersions).values({ articleId: other.id, body: other.body, title: "x" }).returning();
    expect((await createBranch(article, ownerToken, { parent_version_id: foreign!.id })).status).toBe(404);
    // Several branches of one document may be open at once.
    expect((await createBranch(article, ownerToken)).status).toBe(201);
    expect(await db.select().from(articleBranches).where(eq(articleBranches.articleId, article.id))).toHaveLength(2);
  });

  it("is refused with version control off (403), to readers (403), to another workspace's user (404), and names bad fields (400)", async () => {
    const off = await setup({ versionControl: false });
    const refused = await createBranch(off.article, off.ownerToken);
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toMatch(/Version control is off/);
    const { workspace, ownerToken, article } = await setup();
    const reader = await buildMember(workspace, "member");
    await grant({ article }, "User", "read", { userId: reader.user.id });
    expect((await createBranch(article, reader.token)).status).toBe(403);
    const outsider = await buildWorkspace({ settings: branchesOn });
    expect((await createBranch(article, await tokenFor(outsider.owner))).status).toBe(404);
    const bad = await createBranch(article, ownerToken, { parent_version_id: "x", name: "n".repeat(200) });
    expect(bad.status).toBe(400);
    const { fields } = await json(bad);
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(["parent_version_id", "name"]));
    expect(await db.select().from(articleBranches).where(eq(articleBranches.articleId, article.id))).toHaveLength(0);
  });
});

describe("reading and changing a branch", () => {
  it("lists the document's branches by status, and shows one with its body; strangers get 404", async () => {
    const { workspace, ownerToken, article } = await setup();
    const first = (await json(await createBranch(article, ownerToken, { name: "One" }))).data;
    await createBranch(article, ownerToken, { name: "Two" });
    await db.update(articleBranches).set({ status: "cancelled", endedAt: new Date() }).where(eq(articleBranches.id, first.id));
    const all = await json(await api(`/articles/${article.id}/branches`, { token: ownerToken }));
    expect(all.data.map((branch: { name: string }) => branch.name)).toEqual(["Two", "One"]);
    const open = await json(await api(`/articles/${article.id}/branches?status=open`, { token: ownerToken }));
    expect(open.data.map((branch: { name: string }) => branch.name)).toEqual(["Two"]);
    const badStatus = await api(`/articles/${article.id}/branches?status=gone`, { token: ownerToken });
    expect(badStatus.status).toBe(400);
    expect((await json(badStatus)).fields.status).toBeDefined();
    const shown = await json(await api(`/branches/${first.id}`, { token: ownerToken }));
    expect(shown.data).toMatchObject({ id: first.id, status: "cancelled", can: { edit: false, merge: false, cancel: false, submit: false } });
    // A reader of the document who is neither its author nor a reviewer sees no branches.
    const reader = await buildMember(workspace, "member");
    await grant({ article }, "User", "read", { userId: reader.user.id });
    expect((await json(await api(`/articles/${article.id}/branches`, { token: reader.token }))).data).toEqual([]);
    expect((await api(`/branches/${first.id}`, { token: reader.token })).status).toBe(404);
    const outsider = await buildWorkspace({ settings: branchesOn });
    expect((await api(`/branches/${first.id}`, { token: await tokenFor(outsider.owner) })).status).toBe(404);
    expect((await api(`/articles/${article.id}/branches`, { token: await tokenFor(outsider.owner) })).status).toBe(404);
  });

  it("PUT changes the branch's title and sanitised body while it is open, never main", async () => {
    const { ownerToken, article } = await setup();
    const branch = (await json(await createBranch(article, ownerToken))).data;
    const response = await api(`/branches/${branch.id}`, { method: "PUT", token: ownerToken, body: { title: "New title", markdown: "Branch **words** [x](javascript:alert(1))" } });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.title).toBe("New title");
    expect(bodyText(data.body)).toContain("Branch ");
    expect(bodyText(data.body)).not.toContain("javascript:");
    const [main] = await db.select().from(articles).where(eq(articles.id, article.id));
    expect(main!.bodyText).toBe("Main words");
    expect(main!.title).toBe(article.title);
    const empty = await api(`/branches/${branch.id}`, { method: "PUT", token: ownerToken, body: {} });
    expect(empty.status).toBe(400);
    const badBody = await api(`/branches/${branch.id}`, { method: "PUT", token: ownerToken, body: { title: 5 } });
    expect((await json(badBody)).fields.title).toBeDefined();
    await db.update(articleBranches).set({ status: "merged", endedAt: new Date() }).where(eq(articleBranches.id, branch.id));
    expect((await api(`/branches/${branch.id}`, { method: "PUT", token: ownerToken, body: { title: "Late" } })).status).toBe(409);
  });
});

describe("a branch's live room", () => {
  it("gives editors an edit token for room branch-<id>, commenters a comment one, and read-only once it ended", async () => {
    const { workspace, ownerToken, article } = await setup();
    const branch = (await json(await createBranch(article, ownerToken))).data;
    const token = async (who: string) => json(await api(`/branches/${branch.id}/collab_token`, { method: "POST", token: who, body: {} }));
    const mine = await token(ownerToken);
    expect(mine.data).toMatchObject({ room: `branch-${branch.id}`, mode: "edit" });
    const editor = await buildMember(workspace, "member");
    await grant({ article }, "User", "edit", { userId: editor.user.id });
    expect((await token(editor.token)).data.mode).toBe("edit");
    await db.update(articleBranches).set({ status: "cancelled", endedAt: new Date() }).where(eq(articleBranches.id, branch.id));
    expect((await token(ownerToken)).data.mode).toBe("read");
    const outsider = await buildWorkspace({ settings: branchesOn });
    expect((await api(`/branches/${branch.id}/collab_token`, { method: "POST", token: await tokenFor(outsider.owner), body: {} })).status).toBe(404);
  });

  it("loads and saves the branch body through the internal endpoints; a stale revision stores nothing", async () => {
    const { owner, ownerToken, article } = await setup();
    const branch = (await json(await createBranch(article, ownerToken))).data;
    const room = `branch-${branch.id}`;
    const auth = { Authorization: `Bearer ${await roomToken(room)}` };
    const loadedRoom = await json(await api(`/internal/rooms/${room}/document`, { headers: auth }));
    expect(bodyText(loadedRoom.data.body)).toContain("Main words");
    const revision = loadedRoom.data.revision;
    // Another room's token opens nothing here.
    expect((await api(`/internal/rooms/${room}/document`, { headers: { Authorization: `Bearer ${await roomToken(`article-${article.id}`)}` } })).status).toBe(401);
    const saved = await json(
      await api(`/internal/rooms/${room}/document`, { method: "PUT", headers: auth, body: { body: documentFromPlainText("Edited in the branch room"), editor_ids: [owner.id], base_revision: revision } }),
    );
    expect(saved.data.saved).toBe(true);
    expect(saved.data.revision).not.toBe(revision);
    const stale = await json(
      await api(`/internal/rooms/${room}/document`, { method: "PUT", headers: auth, body: { body: documentFromPlainText("From an old state"), editor_ids: [owner.id], base_revision: revision } }),
    );
    expect(stale.data).toMatchObject({ saved: false, stale: true, revision: saved.data.revision });
    const [row] = await db.select().from(articleBranches).where(eq(articleBranches.id, branch.id));
    expect(row!.bodyText).toBe("Edited in the branch room");
    const [main] = await db.select().from(articles).where(eq(articles.id, article.id));
    expect(main!.bodyText).toBe("Main words");
    const modes = await json(await api(`/internal/rooms/${room}/modes`, { method: "POST", headers: auth, body: { user_ids: [owner.id] } }));
    expect(modes.data.modes).toEqual({ [String(owner.id)]: "edit" });
    // An ended branch is read-only in its room: nothing more is stored.
    await db.update(articleBranches).set({ status: "merged", endedAt: new Date() }).where(eq(articleBranches.id, branch.id));
    const late = await json(
      await api(`/internal/rooms/${room}/document`, { method: "PUT", headers: auth, body: { body: documentFromPlainText("Too late"), editor_ids: [owner.id], base_revision: saved.data.revision } }),
    );
    expect(late.data.saved).toBe(false);
    expect((await json(await api(`/internal/rooms/${room}/modes`, { method: "POST", headers: auth, body: { user_ids: [owner.id] } }))).data.modes).toEqual({ [String(owner.id)]: "read" });
  });
});
