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
  it("gives editors an edit token for room branch-<id>, and a read-only one once the branch ended", async () => {
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

describe("submitting and cancelling a branch", () => {
  it("submit opens an approval review linked to the branch; main's status does not follow it; reviewers may read the branch", async () => {
    const { workspace, ownerToken, article } = await setup();
    await db.update(articles).set({ status: "approved" }).where(eq(articles.id, article.id));
    const reviewer = await buildMember(workspace, "member");
    await grant({ article }, "User", "read", { userId: reviewer.user.id });
    const branch = (await json(await createBranch(article, ownerToken))).data;
    const bad = await api(`/branches/${branch.id}/submit`, { method: "POST", token: ownerToken, body: { user_ids: [] } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).fields.user_ids).toBeDefined();
    const response = await api(`/branches/${branch.id}/submit`, { method: "POST", token: ownerToken, body: { user_ids: [reviewer.user.id], message: "Please approve" } });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data.status).toBe("in_review");
    expect(data.review_id).toEqual(expect.any(Number));
    const review = await json(await api(`/reviews/${data.review_id}`, { token: reviewer.token }));
    expect(review.data).toMatchObject({ kind: "approval", status: "open", branch_id: branch.id, message: "Please approve" });
    const [event] = await db.select().from(events).where(and(eq(events.articleId, article.id), eq(events.name, "branches.submit")));
    expect(event!.properties).toEqual({ branch_id: branch.id, review_id: data.review_id });
    // The document stays approved: the review is about the branch.
    expect((await db.select().from(articles).where(eq(articles.id, article.id)))[0]!.status).toBe("approved");
    const seen = await json(await api(`/branches/${branch.id}`, { token: reviewer.token }));
    expect(seen.data.can).toEqual({ edit: false, submit: false, merge: false, cancel: false });
    expect((await json(await api(`/branches/${branch.id}/collab_token`, { method: "POST", token: reviewer.token, body: {} }))).data.mode).toBe("comment");
    expect((await api(`/branches/${branch.id}/submit`, { method: "POST", token: ownerToken, body: { user_ids: [reviewer.user.id] } })).status).toBe(409);
  });

  it("cancel ends the branch and dismisses its open review; an ended branch cannot be cancelled again", async () => {
    const { workspace, ownerToken, article } = await setup();
    const reviewer = await buildMember(workspace, "member");
    await grant({ article }, "User", "read", { userId: reviewer.user.id });
    const branch = (await json(await createBranch(article, ownerToken))).data;
    const submitted = (await json(await api(`/branches/${branch.id}/submit`, { method: "POST", token: ownerToken, body: { user_ids: [reviewer.user.id] } }))).data;
    // Reviewers may not cancel; strangers get 404.
    expect((await api(`/branches/${branch.id}/cancel`, { method: "POST", token: reviewer.token })).status).toBe(403);
    const outsider = await buildWorkspace({ settings: branchesOn });
    expect((await api(`/branches/${branch.id}/cancel`, { method: "POST", token: await tokenFor(outsider.owner) })).status).toBe(404);
    const response = await api(`/branches/${branch.id}/cancel`, { method: "POST", token: ownerToken });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ status: "cancelled", ended_at: expect.any(String) });
    expect((await json(await api(`/reviews/${submitted.review_id}`, { token: ownerToken }))).data.status).toBe("dismissed");
    expect(await db.select().from(events).where(and(eq(events.articleId, article.id), eq(events.name, "branches.cancel")))).toHaveLength(1);
    expect((await api(`/branches/${branch.id}/cancel`, { method: "POST", token: ownerToken })).status).toBe(409);
  });
});

describe("guests' unmerged branches", () => {
  it("lists a guest's open and in-review branches, not ended ones; another workspace's admin gets 404", async () => {
    const { workspace, ownerToken, article } = await setup();
    const guest = await buildMember(workspace, "guest");
    await grant({ article }, "User", "edit", { userId: guest.user.id });
    const open = (await json(await createBranch(article, guest.token, { name: "Guest work" }))).data;
    const ended = (await json(await createBranch(article, guest.token, { name: "Dropped" }))).data;
    await api(`/branches/${ended.id}/cancel`, { method: "POST", token: guest.token });
    await createBranch(article, ownerToken, { name: "Owner's" });
    const response = await api(`/w/${workspace.id}/settings/guests/${guest.user.id}/unmerged_branches`, { token: ownerToken });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ id: open.id, name: "Guest work", status: "open", author: { id: guest.user.id }, article: { id: article.id, title: article.title } });
    const outsider = await buildWorkspace({ settings: branchesOn });
    expect((await api(`/w/${workspace.id}/settings/guests/${guest.user.id}/unmerged_branches`, { token: await tokenFor(outsider.owner) })).status).toBe(404);
  });
});

describe("the main lock", () => {
  it("refuses edits of a published document's body (API and its room); its title still changes", async () => {
    const { owner, ownerToken, article } = await setup();
    await db.update(articles).set({ isPublic: true, publishedAt: new Date() }).where(eq(articles.id, article.id));
    const put = await api(`/articles/${article.id}`, { method: "PUT", token: ownerToken, body: { article: { markdown: "Overwritten" } } });
    expect(put.status).toBe(409);
    expect(await json(put)).toMatchObject({ error: "version_controlled", message: "This document is under version control: edit it on a branch" });
    expect((await api(`/articles/${article.id}`, { method: "PUT", token: ownerToken, body: { article: { title: "Renamed" } } })).status).toBe(200);
    // Its room opens read-only for everyone, and a push is not stored.
    expect((await json(await api(`/articles/${article.id}/collab_token`, { method: "POST", token: ownerToken, body: {} }))).data.mode).toBe("read");
    const room = `article-${article.id}`;
    const pushed = await json(
      await api(`/internal/rooms/${room}/document`, { method: "PUT", headers: { Authorization: `Bearer ${await roomToken(room)}` }, body: { body: documentFromPlainText("Room write"), editor_ids: [owner.id] } }),
    );
    expect(pushed.data.saved).toBe(false);
    expect((await db.select().from(articles).where(eq(articles.id, article.id)))[0]!.bodyText).toBe("Main words");
    // With version control off the same document is edited in place.
    const off = await setup({ versionControl: false });
    await db.update(articles).set({ isPublic: true, status: "approved" }).where(eq(articles.id, off.article.id));
    expect((await api(`/articles/${off.article.id}`, { method: "PUT", token: off.ownerToken, body: { article: { markdown: "Fine" } } })).status).toBe(200);
  });
});

describe("merging a branch", () => {
  const put = (branchId: number, token: string, markdown: string) => api(`/branches/${branchId}`, { method: "PUT", token, body: { markdown } });
  const close = (branchId: number, token: string, body: Record<string, unknown> = {}, verb = "close") => api(`/branches/${branchId}/${verb}`, { method: "POST", token, body });
  const mainText = async (article: Pick<Article, "id">) => (await db.select().from(articles).where(eq(articles.id, article.id)))[0]!.bodyText;

  it("previews a clean merge, closes it into main with a merge version and the event, even on a locked main", async () => {
    const { ownerToken, article } = await setup({ text: "Alpha\nBravo\nCharlie" });
    await db.update(articles).set({ isPublic: true, status: "approved" }).where(eq(articles.id, article.id));
    const branch = (await json(await createBranch(article, ownerToken))).data;
    await put(branch.id, ownerToken, "Alpha\n\nBravo changed\n\nCharlie");
    const preview = await json(await api(`/branches/${branch.id}/merge_preview`, { token: ownerToken }));
    expect(preview.data).toMatchObject({ clean: true, conflicts: [], main_revision: expect.any(Number) });
    expect(preview.data.diff.stats.modified).toBe(1);
    const response = await close(branch.id, ownerToken, { main_revision: preview.data.main_revision });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toMatchObject({ status: "merged", merged_version_id: expect.any(Number), ended_at: expect.any(String) });
    expect(await mainText(article)).toBe("Alpha\nBravo changed\nCharlie");
    const [version] = await db.select().from(articleVersions).where(eq(articleVersions.id, data.merged_version_id));
    expect(version).toMatchObject({ kind: "merge", branchId: branch.id, articleId: article.id });
    const [event] = await db.select().from(events).where(and(eq(events.articleId, article.id), eq(events.name, "branches.merge")));
    expect(event!.properties).toMatchObject({ branch_id: branch.id, version_id: data.merged_version_id, conflicts: 0 });
    expect((await close(branch.id, ownerToken)).status).toBe(409);
  });

  it("lists conflicts, needs a resolution for each, and refuses a stale main_revision", async () => {
    const { ownerToken, article } = await setup({ text: "Alpha\nBravo\nCharlie" });
    const branch = (await json(await createBranch(article, ownerToken))).data;
    await put(branch.id, ownerToken, "Alpha\n\nBravo on the branch\n\nCharlie");
    const before = await json(await api(`/branches/${branch.id}/merge_preview`, { token: ownerToken }));
    // Main moves on the same block.
    await api(`/articles/${article.id}`, { method: "PUT", token: ownerToken, body: { article: { markdown: "Alpha\n\nBravo on main\n\nCharlie" } } });
    const stale = await close(branch.id, ownerToken, { main_revision: before.data.main_revision, resolutions: [] });
    expect(stale.status).toBe(409);
    expect((await json(stale)).error).toBe("main_changed");
    const preview = await json(await api(`/branches/${branch.id}/merge_preview`, { token: ownerToken }));
    expect(preview.data.clean).toBe(false);
    expect(preview.data.conflicts).toHaveLength(1);
    expect(preview.data.diff).toBeNull();
    const unresolved = await close(branch.id, ownerToken, { main_revision: preview.data.main_revision });
    expect(unresolved.status).toBe(409);
    expect(await json(unresolved)).toMatchObject({ error: "merge_conflicts", conflicts: [{ conflict: 0 }] });
    const bad = await close(branch.id, ownerToken, { resolutions: [{ conflict: 0, choose: "neither" }] });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).fields)[0]).toMatch(/^resolutions/);
    const merged = await close(branch.id, ownerToken, { main_revision: preview.data.main_revision, resolutions: [{ conflict: 0, choose: "both" }] });
    expect(merged.status).toBe(200);
    expect(await mainText(article)).toBe("Alpha\nBravo on main\nBravo on the branch\nCharlie");
  });

  it("waits for the approval review unless an owner merges", async () => {
    const { workspace, ownerToken, article } = await setup({ text: "Alpha" });
    const editor = await buildMember(workspace, "member");
    const reviewer = await buildMember(workspace, "member");
    await grant({ article }, "User", "edit", { userId: editor.user.id });
    await grant({ article }, "User", "read", { userId: reviewer.user.id });
    const branch = (await json(await createBranch(article, editor.token))).data;
    await put(branch.id, editor.token, "Alpha and more");
    const early = await close(branch.id, editor.token);
    expect(early.status).toBe(409);
    expect(await json(early)).toMatchObject({ error: "waiting_for_approval", message: expect.stringMatching(/waiting for approval/) });
    const submitted = (await json(await api(`/branches/${branch.id}/submit`, { method: "POST", token: editor.token, body: { user_ids: [reviewer.user.id] } }))).data;
    expect((await close(branch.id, editor.token)).status).toBe(409);
    await api(`/reviews/${submitted.review_id}/answer`, { method: "POST", token: reviewer.token, body: { answer: "approved" } });
    expect((await close(branch.id, editor.token)).status).toBe(200);
    expect(await mainText(article)).toBe("Alpha and more");
    // An owner need not wait.
    const second = (await json(await createBranch(article, ownerToken))).data;
    await put(second.id, ownerToken, "Owner's words");
    expect((await close(second.id, ownerToken)).status).toBe(200);
    expect(await mainText(article)).toBe("Owner's words");
  });

  it("cancel_and_merge merges the accepted text and drops pending tracked changes", async () => {
    const { ownerToken, article } = await setup({ text: "Our new cold brew." });
    const branch = (await json(await createBranch(article, ownerToken))).data;
    const mark = (type: string, uuid: string, words: string) => ({ type, version: 1, direction: null, format: "", indent: 0, ids: [uuid], uuid, userId: "7", createdAt: "2026-11-20T10:00:00.000Z", children: [{ type: "text", version: 1, text: words, format: 0, style: "", mode: "normal", detail: 0 }] });
    const body = documentFromPlainText("Our new cold brew.");
    const paragraph = body.root.children[0] as unknown as { children: unknown[] };
    paragraph.children = [{ type: "text", version: 1, text: "Our new cold brew.", format: 0, style: "", mode: "normal", detail: 0 }, mark("insertion-mark", crypto.randomUUID(), " Pending words.")];
    await db.update(articleBranches).set({ body, bodyText: "Our new cold brew. Pending words." }).where(eq(articleBranches.id, branch.id));
    const response = await close(branch.id, ownerToken, {}, "cancel_and_merge");
    expect(response.status).toBe(200);
    expect((await json(response)).data.status).toBe("merged");
    expect(await mainText(article)).toBe("Our new cold brew.");
  });
});

describe("settling a branch's tracked changes (its layer)", () => {
  const mark = (type: string, uuid: string, words: string) => ({
    type, version: 1, direction: null, format: "", indent: 0, ids: [uuid], uuid, userId: "7", createdAt: "2026-11-20T10:00:00.000Z",
    children: [{ type: "text", version: 1, text: words, format: 0, style: "", mode: "normal", detail: 0 }],
  });
  async function branchWithSuggestions() {
    const context = await setup({ text: "Cold brew." });
    const branch = (await json(await createBranch(context.article, context.ownerToken))).data;
    const [keep, drop] = [crypto.randomUUID(), crypto.randomUUID()];
    const body = documentFromPlainText("Cold brew.");
    const paragraph = body.root.children[0] as unknown as { children: unknown[] };
    paragraph.children = [
      { type: "text", version: 1, text: "Cold brew.", format: 0, style: "", mode: "normal", detail: 0 },
      mark("insertion-mark", keep, " Now on tap."),
      mark("insertion-mark", drop, " Free refills."),
    ];
    await db.update(articleBranches).set({ body, bodyText: "Cold brew. Now on tap. Free refills." }).where(eq(articleBranches.id, branch.id));
    return { ...context, branch, keep, drop };
  }
  const settle = (articleId: number, layer: string, verdict: "accept" | "reject", uuids: string[], token: string) =>
    api(`/articles/${articleId}/layers/${layer}/changes/bulk_${verdict}`, { method: "POST", token, body: { uuids } });
  const mainText = async (article: Pick<Article, "id">) => (await db.select().from(articles).where(eq(articles.id, article.id)))[0]!.bodyText;
  const branchBody = async (id: number) => JSON.stringify((await db.select().from(articleBranches).where(eq(articleBranches.id, id)))[0]!.body);

  it("accepts and rejects the named changes in the branch's body, leaving main alone", async () => {
    const { article, ownerToken, branch, keep, drop } = await branchWithSuggestions();
    const accepted = await settle(article.id, `branch-${branch.id}`, "accept", [keep, "no-such-change"], ownerToken);
    expect(accepted.status).toBe(200);
    expect((await json(accepted)).data).toEqual({ accepted: [keep], not_found: ["no-such-change"] });
    let stored = await branchBody(branch.id);
    expect(stored).toContain("Now on tap.");
    expect(stored).not.toContain(keep);
    expect(stored).toContain(drop);
    const rejected = await settle(article.id, `branch-${branch.id}`, "reject", [drop], ownerToken);
    expect((await json(rejected)).data).toEqual({ rejected: [drop], not_found: [] });
    stored = await branchBody(branch.id);
    expect(stored).not.toContain("Free refills.");
    expect(await mainText(article)).toBe("Cold brew.");
  });

  it("refuses a branch of another document, and readers, who may not even see the branch (404)", async () => {
    const { workspace, owner, article, ownerToken, branch, keep } = await branchWithSuggestions();
    const other = await buildArticle(workspace, owner, { text: "Other" });
    expect((await settle(other.id, `branch-${branch.id}`, "accept", [keep], ownerToken)).status).toBe(404);
    const reader = await buildMember(workspace, "member");
    await grant({ article }, "User", "read", { userId: reader.user.id });
    expect((await settle(article.id, `branch-${branch.id}`, "accept", [keep], reader.token)).status).toBe(404);
    expect(await branchBody(branch.id)).toContain(keep);
  });
});
