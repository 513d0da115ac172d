import { exports } from "cloudflare:workers";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUTH_COOKIE_NAME, authStateFor, encodeAuthState } from "../../app/lib/auth-cookie";
import { hashPassword } from "../../worker/auth/password";
import { accesses, articles, channelMemberships, channels, events, favorites, filePins, type Article, type Folder, type User } from "../../worker/db/schema";
import { api, buildArticle, buildFolder, buildMember, buildUser, buildWorkspace, db, grant, json, tokenFor } from "../factories";

const DAY = 24 * 60 * 60 * 1000;

async function setup() {
  const { workspace, owner } = await buildWorkspace();
  const member = await buildMember(workspace, "member");
  return { workspace, owner, ownerToken: await tokenFor(owner), member };
}

/** A view (or another event) by `user`, `ago` milliseconds in the past. */
async function view(user: Pick<User, "id">, item: Article | Folder, ago = 0, name?: string) {
  const isArticle = "title" in item;
  await db.insert(events).values({
    name: name ?? (isArticle ? "articles.view" : "folders.view"),
    workspaceId: item.workspaceId,
    userId: user.id,
    actorId: user.id,
    articleId: isArticle ? item.id : null,
    properties: isArticle ? {} : { folder_id: item.id },
    createdAt: new Date(Date.now() - ago),
  });
}

/** A document readable by the whole workspace (members may edit), like a new top-level one. */
async function sharedDoc(workspace: { id: number }, owner: Pick<User, "id">, overrides: Parameters<typeof buildArticle>[2] = {}) {
  const article = await buildArticle(workspace, owner, overrides);
  await grant({ article }, "EveryoneAtWorkspace", "edit");
  return article;
}

type ListBody = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ids = (body: ListBody) => (body.data as { id: number }[]).map((item) => item.id);
const types = (body: ListBody) => (body.data as { type: string; id: number }[]).map((item) => `${item.type}:${item.id}`);

describe("GET /w/:ws/files_views/recent", () => {
  it("lists the documents I opened or changed, newest first, four unless asked for more", async () => {
    const { workspace, member } = await setup();
    const docs = [];
    for (let index = 0; index < 5; index++) docs.push(await sharedDoc(workspace, member.user));
    for (const [index, doc] of docs.entries()) await view(member.user, doc, (10 - index) * 1000, index % 2 ? "articles.edit" : "articles.view");
    const response = await api(`/w/${workspace.id}/files_views/recent?skip_projects=true`, { token: member.token });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(ids(body)).toEqual([docs[4]!.id, docs[3]!.id, docs[2]!.id, docs[1]!.id]);
    expect(body.data[0]).toMatchObject({ type: "article", access_level: "owner", path: `/docs/${body.data[0].slug}` });
    expect(body.data[0].touched_at).toEqual(expect.any(String));
    const more = await json(await api(`/w/${workspace.id}/files_views/recent?items=10`, { token: member.token }));
    expect(more.data).toHaveLength(5);
    // Nobody is reviewing any of them (tests/worker/reviews.test.ts covers documents under review).
    const reviewed = await json(await api(`/w/${workspace.id}/files_views/recent?items=10&with_active_reviews=true`, { token: member.token }));
    expect(reviewed.data).toHaveLength(0);
  });

  it("counts a document created through the API as recent", async () => {
    const { workspace, member } = await setup();
    const created = await json(await api(`/w/${workspace.id}/articles`, { method: "POST", token: member.token, body: { article: { title: "Fresh" } } }));
    const body = await json(await api(`/w/${workspace.id}/files_views/recent`, { token: member.token }));
    expect(ids(body)).toEqual([created.data.id]);
  });

  it("keeps only the access levels asked for", async () => {
    const { workspace, owner, member } = await setup();
    const mine = await buildArticle(workspace, member.user);
    const readOnly = await buildArticle(workspace, owner);
    await grant({ article: readOnly }, "User", "read", { userId: member.user.id });
    await view(member.user, mine, 2000);
    await view(member.user, readOnly, 1000);
    const body = await json(await api(`/w/${workspace.id}/files_views/recent?permissions=edit,owner`, { token: member.token }));
    expect(ids(body)).toEqual([mine.id]);
    const readers = await json(await api(`/w/${workspace.id}/files_views/recent?permissions=read`, { token: member.token }));
    expect(ids(readers)).toEqual([readOnly.id]);
  });

  it("lists folders I opened too, unless skip_projects is true", async () => {
    const { workspace, member } = await setup();
    const folder = await buildFolder(workspace, member.user);
    const doc = await buildArticle(workspace, member.user);
    await view(member.user, doc, 2000);
    await view(member.user, folder, 1000);
    expect(types(await json(await api(`/w/${workspace.id}/files_views/recent`, { token: member.token })))).toEqual([
      `folder:${folder.id}`,
      `article:${doc.id}`,
    ]);
    expect(types(await json(await api(`/w/${workspace.id}/files_views/recent?skip_projects=true`, { token: member.token })))).toEqual([
      `article:${doc.id}`,
    ]);
  });

  it("drops a document once I lose access to it", async () => {
    const { workspace, owner, member } = await setup();
    const doc = await buildArticle(workspace, owner);
    const access = await grant({ article: doc }, "User", "read", { userId: member.user.id });
    await view(member.user, doc);
    expect(ids(await json(await api(`/w/${workspace.id}/files_views/recent`, { token: member.token })))).toEqual([doc.id]);
    await db.delete(accesses).where(eq(accesses.id, access.id));
    expect(ids(await json(await api(`/w/${workspace.id}/files_views/recent`, { token: member.token })))).toEqual([]);
  });

  it("answers bad query values with 400 naming the field", async () => {
    const { workspace, member } = await setup();
    const response = await api(`/w/${workspace.id}/files_views/recent?permissions=edit,admin&items=0`, { token: member.token });
    expect(response.status).toBe(400);
    expect(Object.keys((await json(response)).fields).sort()).toEqual(["items", "permissions"]);
  });

  it("refuses a stranger to the workspace with 404 and anonymous visitors with 401", async () => {
    const { workspace } = await setup();
    const stranger = await buildWorkspace();
    expect((await api(`/w/${workspace.id}/files_views/recent`, { token: await tokenFor(stranger.owner) })).status).toBe(404);
    expect((await api(`/w/${workspace.id}/files_views/recent`)).status).toBe(401);
  });
});

describe("frequently and recently viewed, recently updated", () => {
  it("ranks my own views over the last 30 days, ignoring older ones", async () => {
    const { workspace, owner, member } = await setup();
    const [often, once, long_ago] = [await sharedDoc(workspace, owner), await sharedDoc(workspace, owner), await sharedDoc(workspace, owner)];
    for (let index = 0; index < 3; index++) await view(member.user, often, index * 1000);
    await view(member.user, once);
    for (let index = 0; index < 5; index++) await view(member.user, long_ago, 40 * DAY);
    for (let index = 0; index < 9; index++) await view(owner, once);
    const mine = await json(await api(`/w/${workspace.id}/files_views/frequently_viewed_articles`, { token: member.token }));
    expect(ids(mine)).toEqual([often.id, once.id]);
    const everyone = await json(await api(`/w/${workspace.id}/frequently_viewed_articles`, { token: member.token }));
    expect(ids(everyone)).toEqual([once.id, often.id]);
  });

  it("lists what I viewed last, newest first, documents and folders apart", async () => {
    const { workspace, owner, member } = await setup();
    const folder = await buildFolder(workspace, owner);
    await grant({ folder }, "EveryoneAtWorkspace", "read");
    const inside = await buildArticle(workspace, owner, { folderId: folder.id });
    const other = await sharedDoc(workspace, owner);
    await view(member.user, inside, 50 * DAY);
    await view(member.user, other, 1000);
    await view(owner, inside);
    const articlesBody = await json(await api(`/w/${workspace.id}/recently_viewed_articles`, { token: member.token }));
    expect(ids(articlesBody)).toEqual([other.id, inside.id]);
    const projects = await json(await api(`/w/${workspace.id}/recently_viewed_projects`, { token: member.token }));
    expect(types(projects)).toEqual([`folder:${folder.id}`]);
  });

  it("ranks folders by views of the folder and of the documents in it", async () => {
    const { workspace, owner, member } = await setup();
    const [busy, quiet] = [await buildFolder(workspace, owner), await buildFolder(workspace, owner)];
    await grant({ folder: busy }, "EveryoneAtWorkspace", "read");
    await grant({ folder: quiet }, "EveryoneAtWorkspace", "read");
    const inside = await buildArticle(workspace, owner, { folderId: busy.id });
    await view(owner, quiet);
    await view(owner, busy);
    await view(member.user, inside);
    const body = await json(await api(`/w/${workspace.id}/frequently_viewed_projects`, { token: member.token }));
    expect(types(body)).toEqual([`folder:${busy.id}`, `folder:${quiet.id}`]);
  });

  it("lists the readable documents changed most recently", async () => {
    const { workspace, owner, member } = await setup();
    const old = await sharedDoc(workspace, owner, { updatedAt: new Date(Date.now() - DAY) });
    const fresh = await sharedDoc(workspace, owner, { updatedAt: new Date() });
    const body = await json(await api(`/w/${workspace.id}/files_views/recently_updated`, { token: member.token }));
    expect(ids(body)).toEqual([fresh.id, old.id]);
  });

  it("refuses a stranger to the workspace with 404", async () => {
    const { workspace } = await setup();
    const stranger = await tokenFor((await buildWorkspace()).owner);
    for (const path of ["files_views/frequently_viewed_articles", "files_views/recently_updated", "frequently_viewed_articles", "frequently_viewed_projects", "recently_viewed_articles", "recently_viewed_projects"]) {
      expect((await api(`/w/${workspace.id}/${path}`, { token: stranger })).status).toBe(404);
    }
  });
});

describe("a private document of someone else", () => {
  it("never appears in any list, whatever events, stars, pins or shares point at it", async () => {
    const { workspace, owner, ownerToken, member } = await setup();
    const secret = await buildArticle(workspace, owner, { title: "Secret plan" });
    const secretFolder = await buildFolder(workspace, owner, { name: "Secret folder" });
    await view(member.user, secret);
    await view(member.user, secretFolder);
    await view(owner, secret);
    await db.insert(favorites).values([
      { workspaceId: workspace.id, userId: member.user.id, articleId: secret.id },
      { workspaceId: workspace.id, userId: member.user.id, folderId: secretFolder.id },
    ]);
    await api(`/almanac_files/${secret.id}/file_pin`, { method: "POST", token: ownerToken });
    // A grant to someone else (not the member), made by the owner.
    const third = await buildMember(workspace, "member");
    await grant({ article: secret }, "User", "read", { userId: third.user.id });
    const paths = [
      "files_views/recent?items=50",
      "files_views/frequently_viewed_articles",
      "files_views/recently_updated",
      "frequently_viewed_articles",
      "frequently_viewed_projects",
      "recently_viewed_articles",
      "recently_viewed_projects",
      "favorites",
      "file_pins",
      "shared_with_me",
      "all_files",
      "all_files?location=shared",
      "all_files?location=private",
      "archive",
    ];
    for (const path of paths) {
      const response = await api(`/w/${workspace.id}/${path}`, { token: member.token });
      expect(response.status, path).toBe(200);
      const text = JSON.stringify(await json(response));
      expect(text, path).not.toContain("Secret");
    }
    expect(JSON.stringify(await json(await api(`/w/${workspace.id}/file_pins`, { token: ownerToken })))).toContain("Secret plan");
  });
});

describe("POST /events", () => {
  it("records a view with the session, which feeds recently viewed", async () => {
    const { workspace, owner, member } = await setup();
    const doc = await sharedDoc(workspace, owner);
    const response = await api("/events", {
      method: "POST",
      token: member.token,
      headers: { "x-session-uuid": "session-1234" },
      body: { event_name: "view", workspace_id: workspace.id, article_id: doc.id, properties: { is_ios_native: false, ip_address: "10.0.0.1" } },
    });
    expect(response.status).toBe(201);
    expect((await json(response)).data).toMatchObject({ event_name: "articles.view", article_id: doc.id, recorded: true });
    const [row] = await db.select().from(events).where(and(eq(events.articleId, doc.id), eq(events.name, "articles.view")));
    expect(row).toMatchObject({ userId: member.user.id, sessionUuid: "session-1234", workspaceId: workspace.id });
    expect(row!.properties).toMatchObject({ is_ios_native: false, ip_address: "10.0.0.1" });
    expect(ids(await json(await api(`/w/${workspace.id}/recently_viewed_articles`, { token: member.token })))).toEqual([doc.id]);
  });

  it("counts a second view within a minute only once", async () => {
    const { workspace, owner, member } = await setup();
    const doc = await sharedDoc(workspace, owner);
    const body = { event_name: "articles.view", workspace_id: workspace.id, article_id: doc.id };
    expect((await api("/events", { method: "POST", token: member.token, body })).status).toBe(201);
    const again = await api("/events", { method: "POST", token: member.token, body });
    expect(again.status).toBe(200);
    expect((await json(again)).data.recorded).toBe(false);
    expect(await db.select().from(events).where(and(eq(events.articleId, doc.id), eq(events.name, "articles.view")))).toHaveLength(1);
  });

  it("lets an anonymous visitor record a view of a public document, not of a private one", async () => {
    const { workspace, owner } = await setup();
    const open = await buildArticle(workspace, owner, { isPublic: true });
    const closed = await buildArticle(workspace, owner);
    const headers = { "X-Anonymous-User-Uuid": "2f1c7a0e-8d1b-4c3e-9a55-1234567890ab" };
    const ok = await api("/events", { method: "POST", headers, body: { event_name: "view", workspace_id: workspace.id, article_id: open.id } });
    expect(ok.status).toBe(201);
    const [row] = await db.select().from(events).where(eq(events.articleId, open.id));
    expect(row).toMatchObject({ userId: null, name: "articles.view" });
    expect(row!.properties).toMatchObject({ anonymous_uuid: headers["X-Anonymous-User-Uuid"] });
    const refused = await api("/events", { method: "POST", headers, body: { event_name: "view", workspace_id: workspace.id, article_id: closed.id } });
    expect(refused.status).toBe(401);
  });

  it("needs read access and the document's password", async () => {
    const { workspace, owner, member } = await setup();
    const hidden = await buildArticle(workspace, owner);
    const body = (id: number) => ({ event_name: "view", workspace_id: workspace.id, article_id: id });
    expect((await api("/events", { method: "POST", token: member.token, body: body(hidden.id) })).status).toBe(403);
    const locked = await sharedDoc(workspace, owner, { passwordHash: await hashPassword("open sesame") });
    const missing = await api("/events", { method: "POST", token: member.token, body: body(locked.id) });
    expect(missing.status).toBe(403);
    expect((await json(missing)).error).toBe("password_required");
    const unlocked = await api("/events", { method: "POST", token: member.token, body: body(locked.id), headers: { "X-Article-Password": "open sesame" } });
    expect(unlocked.status).toBe(201);
    expect(await db.select().from(events).where(eq(events.articleId, hidden.id))).toHaveLength(0);
  });

  it("answers an unknown document or a workspace that is not the document's with 404", async () => {
    const { workspace, owner, member } = await setup();
    const doc = await sharedDoc(workspace, owner);
    const other = await buildWorkspace();
    const unknown = await api("/events", { method: "POST", token: member.token, body: { event_name: "view", workspace_id: workspace.id, article_id: 99_999_999 } });
    expect(unknown.status).toBe(404);
    const mismatched = await api("/events", { method: "POST", token: member.token, body: { event_name: "view", workspace_id: other.workspace.id, article_id: doc.id } });
    expect(mismatched.status).toBe(404);
    const noWorkspace = await api("/events", { method: "POST", token: member.token, body: { event_name: "clicked", workspace_id: 99_999_999 } });
    expect(noWorkspace.status).toBe(404);
  });

  it("answers a bad payload with 400 naming the field", async () => {
    const { workspace, member } = await setup();
    const noArticle = await api("/events", { method: "POST", token: member.token, body: { event_name: "view", workspace_id: workspace.id } });
    expect(noArticle.status).toBe(400);
    expect((await json(noArticle)).fields).toHaveProperty("article_id");
    const badName = await api("/events", { method: "POST", token: member.token, body: { event_name: "no spaces please", workspace_id: "x" } });
    expect(badName.status).toBe(400);
    expect(Object.keys((await json(badName)).fields).sort()).toEqual(["event_name", "workspace_id"]);
  });

  it("stores other events as client events, for members only", async () => {
    const { workspace, member } = await setup();
    const body = { event_name: "home.opened", workspace_id: workspace.id, properties: { is_ios_native: true } };
    const response = await api("/events", { method: "POST", token: member.token, body });
    expect(response.status).toBe(201);
    expect(await db.select().from(events).where(and(eq(events.workspaceId, workspace.id), eq(events.name, "client.home.opened")))).toHaveLength(1);
    expect((await api("/events", { method: "POST", body })).status).toBe(401);
    const stranger = await tokenFor((await buildWorkspace()).owner);
    expect((await api("/events", { method: "POST", token: stranger, body })).status).toBe(404);
  });
});

describe("favourites", () => {
  it("stars documents and folders, lists them newest first and unstars them", async () => {
    const { workspace, owner, member } = await setup();
    const doc = await sharedDoc(workspace, owner);
    const folder = await buildFolder(workspace, member.user);
    const first = await api(`/articles/${doc.id}/favorite`, { method: "POST", token: member.token });
    expect(first.status).toBe(201);
    expect((await api(`/articles/${doc.id}/favorite`, { method: "POST", token: member.token })).status).toBe(200);
    expect((await api(`/folders/${folder.id}/favorite`, { method: "POST", token: member.token })).status).toBe(201);
    await db.update(favorites).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(favorites.articleId, doc.id));
    const listed = await json(await api(`/w/${workspace.id}/favorites`, { token: member.token }));
    expect(types(listed)).toEqual([`folder:${folder.id}`, `article:${doc.id}`]);
    expect(listed.data.every((item: { favorite: boolean }) => item.favorite)).toBe(true);
    expect(listed.meta).toMatchObject({ page: 1, total: 2, has_more: false });

    expect((await api(`/articles/${doc.id}/favorite`, { method: "DELETE", token: member.token })).status).toBe(200);
    expect((await api(`/folders/${folder.key}/favorite`, { method: "DELETE", token: member.token })).status).toBe(200);
    expect((await json(await api(`/w/${workspace.id}/favorites`, { token: member.token }))).data).toEqual([]);
    // Only the member's own stars are theirs: the owner sees none.
    expect((await json(await api(`/w/${workspace.id}/favorites`, { token: await tokenFor(owner) }))).data).toEqual([]);
  });

  it("drops a starred document the user can no longer read", async () => {
    const { workspace, owner, member } = await setup();
    const doc = await buildArticle(workspace, owner);
    const access = await grant({ article: doc }, "User", "read", { userId: member.user.id });
    await api(`/articles/${doc.id}/favorite`, { method: "POST", token: member.token });
    expect(ids(await json(await api(`/w/${workspace.id}/favorites`, { token: member.token })))).toEqual([doc.id]);
    await db.delete(accesses).where(eq(accesses.id, access.id));
    expect(ids(await json(await api(`/w/${workspace.id}/favorites`, { token: member.token })))).toEqual([]);
  });

  it("refuses to star what the user cannot read, and hides it from another workspace", async () => {
    const { workspace, owner, member } = await setup();
    const hidden = await buildArticle(workspace, owner);
    expect((await api(`/articles/${hidden.id}/favorite`, { method: "POST", token: member.token })).status).toBe(403);
    const stranger = await tokenFor((await buildWorkspace()).owner);
    const shared = await sharedDoc(workspace, owner);
    expect((await api(`/articles/${shared.id}/favorite`, { method: "POST", token: stranger })).status).toBe(404);
    const folder = await buildFolder(workspace, owner);
    expect((await api(`/folders/${folder.id}/favorite`, { method: "POST", token: stranger })).status).toBe(404);
    expect((await api(`/w/${workspace.id}/favorites`, { token: stranger })).status).toBe(404);
    expect(await db.select().from(favorites).where(eq(favorites.workspaceId, workspace.id))).toHaveLength(0);
  });
});

describe("pins", () => {
  async function pin(token: string, item: Article | Folder) {
    const query = "title" in item ? "" : "?type=folder";
    return api(`/almanac_files/${item.id}/file_pin${query}`, { method: "POST", token });
  }
  const pinned = async (workspaceId: number, token: string) => types(await json(await api(`/w/${workspaceId}/file_pins`, { token })));

  it("pins documents and folders to the home in the order they were pinned", async () => {
    const { workspace, owner, member } = await setup();
    const doc = await sharedDoc(workspace, owner);
    const folder = await buildFolder(workspace, member.user);
    const response = await pin(member.token, doc);
    expect(response.status).toBe(201);
    expect((await json(response)).data).toMatchObject({ type: "article", article_id: doc.id });
    expect((await pin(member.token, doc)).status).toBe(200);
    expect((await pin(member.token, folder)).status).toBe(201);
    expect(await pinned(workspace.id, member.token)).toEqual([`article:${doc.id}`, `folder:${folder.id}`]);
    const listed = await json(await api(`/w/${workspace.id}/file_pins`, { token: member.token }));
    expect(listed.data[0].pinned).toBe(true);
  });

  it("moves a pin with insert_at, writing only that pin", async () => {
    const { workspace, owner, member } = await setup();
    const docs = [];
    for (let index = 0; index < 4; index++) {
      const doc = await sharedDoc(workspace, owner);
      await pin(member.token, doc);
      docs.push(doc);
    }
    const [a, b, c, d] = docs.map((doc) => `article:${doc.id}`);
    const before = await db.select().from(filePins).where(eq(filePins.workspaceId, workspace.id));
    const moved = await api(`/almanac_files/${docs[3]!.id}/file_pin/`, { method: "PUT", token: member.token, body: { insert_at: 0 } });
    expect(moved.status).toBe(200);
    expect(types(await json(moved))).toEqual([d, a, b, c]);
    const after = await db.select().from(filePins).where(eq(filePins.workspaceId, workspace.id));
    const changed = after.filter((row) => before.find((old) => old.id === row.id)!.position !== row.position);
    expect(changed.map((row) => row.articleId)).toEqual([docs[3]!.id]);

    await api(`/almanac_files/${docs[0]!.id}/file_pin`, { method: "PUT", token: member.token, body: { insert_at: 3 } });
    expect(await pinned(workspace.id, member.token)).toEqual([d, b, c, a]);
    await api(`/almanac_files/${docs[2]!.id}/file_pin`, { method: "PUT", token: member.token, body: { insert_at: 99 } });
    expect(await pinned(workspace.id, member.token)).toEqual([d, b, a, c]);
  });

  it("keeps the order after many moves into the same gap", async () => {
    const { workspace, owner, member } = await setup();
    const docs = [await sharedDoc(workspace, owner), await sharedDoc(workspace, owner), await sharedDoc(workspace, owner)];
    for (const doc of docs) await pin(member.token, doc);
    // Moving the last pin to index 1 over and over halves the same gap each time; past 20
    // halvings the gap is too small to split and the pins are renumbered.
    for (let round = 0; round < 30; round++) {
      const order = await json(await api(`/w/${workspace.id}/file_pins`, { token: member.token }));
      const last = order.data[2].id;
      const response = await api(`/almanac_files/${last}/file_pin`, { method: "PUT", token: member.token, body: { insert_at: 1 } });
      expect(response.status).toBe(200);
      const result = ids(await json(response));
      expect(result).toEqual([order.data[0].id, last, order.data[1].id]);
    }
    // Renumbered on the way: the last two pins are still far enough apart to split again.
    const positions = (await db.select().from(filePins).where(eq(filePins.workspaceId, workspace.id))).map((row) => row.position).sort();
    expect(positions[2]! - positions[1]!).toBeGreaterThan(1e-6);
  }, 30_000);

  it("unpins, with or without the trailing slash", async () => {
    const { workspace, owner, member } = await setup();
    const doc = await sharedDoc(workspace, owner);
    const folder = await buildFolder(workspace, member.user);
    await pin(member.token, doc);
    await pin(member.token, folder);
    expect((await api(`/almanac_files/${doc.id}/file_pin/`, { method: "DELETE", token: member.token })).status).toBe(200);
    expect((await api(`/almanac_files/${folder.id}/file_pin?type=folder`, { method: "DELETE", token: member.token })).status).toBe(200);
    expect(await pinned(workspace.id, member.token)).toEqual([]);
    expect((await api(`/almanac_files/${doc.id}/file_pin`, { method: "PUT", token: member.token, body: { insert_at: 0 } })).status).toBe(404);
  });

  it("leaves pins to members: guests get 403, strangers 404, archived documents 422", async () => {
    const { workspace, owner, member } = await setup();
    const doc = await sharedDoc(workspace, owner);
    const guest = await buildMember(workspace, "guest");
    await grant({ article: doc }, "User", "read", { userId: guest.user.id });
    expect((await pin(guest.token, doc)).status).toBe(403);
    const stranger = await tokenFor((await buildWorkspace()).owner);
    expect((await pin(stranger, doc)).status).toBe(404);
    const archived = await sharedDoc(workspace, owner, { archivedAt: new Date() });
    expect((await pin(member.token, archived)).status).toBe(422);
    expect((await api(`/almanac_files/${doc.id}/file_pin`, { method: "PUT", token: member.token, body: { insert_at: -1 } })).status).toBe(400);
    expect(await db.select().from(filePins).where(eq(filePins.workspaceId, workspace.id))).toHaveLength(0);
  });
});

describe("GET /w/:ws/shared_with_me", () => {
  it("lists what others shared with me or my groups, newest grant first, not workspace-wide grants or my own", async () => {
    const { workspace, owner, member } = await setup();
    const direct = await buildArticle(workspace, owner);
    const viaGroup = await buildArticle(workspace, owner);
    const folder = await buildFolder(workspace, owner);
    const everyone = await sharedDoc(workspace, owner);
    const mine = await buildArticle(workspace, member.user);
    const [channel] = await db.insert(channels).values({ workspaceId: workspace.id, name: "Launch", createdById: owner.id }).returning();
    await db.insert(channelMemberships).values({ channelId: channel!.id, userId: member.user.id });
    const at = (ago: number) => ({ createdAt: new Date(Date.now() - ago) });
    await db.insert(accesses).values([
      { workspaceId: workspace.id, articleId: direct.id, targetType: "User", userId: member.user.id, permission: "read", createdById: owner.id, ...at(3000) },
      { workspaceId: workspace.id, articleId: viaGroup.id, targetType: "Channel", channelId: channel!.id, permission: "comment", createdById: owner.id, ...at(1000) },
      { workspaceId: workspace.id, folderId: folder.id, targetType: "User", userId: member.user.id, permission: "edit", createdById: owner.id, ...at(2000) },
      { workspaceId: workspace.id, articleId: mine.id, targetType: "User", userId: member.user.id, permission: "edit", createdById: owner.id },
    ]);
    const response = await api(`/w/${workspace.id}/shared_with_me?per_page=2`, { token: member.token });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(types(body)).toEqual([`article:${viaGroup.id}`, `folder:${folder.id}`]);
    expect(body.meta).toMatchObject({ total: 3, has_more: true, per_page: 2 });
    expect(body.data[0].shared_at).toEqual(expect.any(String));
    const next = await json(await api(`/w/${workspace.id}/shared_with_me?per_page=2&page=2`, { token: member.token }));
    expect(types(next)).toEqual([`article:${direct.id}`]);
    expect(JSON.stringify(next)).not.toContain(`"id":${everyone.id},`);
  });

  it("refuses a stranger to the workspace with 404", async () => {
    const { workspace } = await setup();
    expect((await api(`/w/${workspace.id}/shared_with_me`, { token: await tokenFor((await buildWorkspace()).owner) })).status).toBe(404);
  });
});

describe("GET /w/:ws/all_files", () => {
  it("lists the top level, folders first, in the chosen order", async () => {
    const { workspace, member } = await setup();
    const beta = await buildFolder(workspace, member.user, { name: "Beta" });
    const alpha = await buildFolder(workspace, member.user, { name: "alpha" });
    const apple = await buildArticle(workspace, member.user, { title: "Apple" });
    const zebra = await buildArticle(workspace, member.user, { title: "Zebra" });
    await buildArticle(workspace, member.user, { title: "Inside", folderId: alpha.id });
    const byName = await json(await api(`/w/${workspace.id}/all_files`, { token: member.token }));
    expect(types(byName)).toEqual([`folder:${alpha.id}`, `folder:${beta.id}`, `article:${apple.id}`, `article:${zebra.id}`]);
    expect(byName.meta).toMatchObject({ location: "root", sort: "name_asc", total: 4 });
    const reversed = await json(await api(`/w/${workspace.id}/all_files?location=root&sort=name_desc`, { token: member.token }));
    expect(types(reversed)).toEqual([`folder:${beta.id}`, `folder:${alpha.id}`, `article:${zebra.id}`, `article:${apple.id}`]);
  });

  it("lists one folder's contents, and tells shared top-level files from private ones", async () => {
    const { workspace, member } = await setup();
    const folder = await buildFolder(workspace, member.user);
    const sub = await buildFolder(workspace, member.user, { parentId: folder.id });
    const inside = await buildArticle(workspace, member.user, { folderId: folder.id });
    const open = await sharedDoc(workspace, member.user);
    const own = await buildArticle(workspace, member.user);
    const contents = await json(await api(`/w/${workspace.id}/all_files?location=${folder.id}`, { token: member.token }));
    expect(types(contents)).toEqual([`folder:${sub.id}`, `article:${inside.id}`]);
    expect(contents.meta.folder).toMatchObject({ id: folder.id });
    const shared = await json(await api(`/w/${workspace.id}/all_files?location=shared`, { token: member.token }));
    expect(types(shared)).toEqual([`article:${open.id}`]);
    const privateFiles = await json(await api(`/w/${workspace.id}/all_files?location=private`, { token: member.token }));
    expect(types(privateFiles).sort()).toEqual([`article:${own.id}`, `folder:${folder.id}`].sort());
  });

  it("answers another workspace's folder with 404 and a bad location or sort with 400", async () => {
    const { workspace, member } = await setup();
    const other = await buildWorkspace();
    const foreign = await buildFolder(other.workspace, other.owner);
    expect((await api(`/w/${workspace.id}/all_files?location=${foreign.id}`, { token: member.token })).status).toBe(404);
    const bad = await api(`/w/${workspace.id}/all_files?location=elsewhere&sort=newest`, { token: member.token });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).fields).sort()).toEqual(["location", "sort"]);
  });
});

describe("GET /w/:ws/archive", () => {
  it("lists archived documents and folders on their own, not what went with a folder", async () => {
    const { workspace, member } = await setup();
    const stamp = new Date();
    const folder = await buildFolder(workspace, member.user, { archivedAt: stamp });
    await buildArticle(workspace, member.user, { folderId: folder.id, archivedAt: stamp });
    const doc = await buildArticle(workspace, member.user, { archivedAt: new Date(stamp.getTime() - 1000) });
    await buildArticle(workspace, member.user);
    const body = await json(await api(`/w/${workspace.id}/archive`, { token: member.token }));
    expect(types(body)).toEqual([`folder:${folder.id}`, `article:${doc.id}`]);
  });
});

describe("POST /w/:ws/copies", () => {
  async function twoWorkspaces() {
    const source = await setup();
    const destination = await buildWorkspace({ owner: source.member.user });
    return { ...source, destination: destination.workspace };
  }

  it("copies readable documents into another workspace as private top-level documents I own", async () => {
    const { workspace, owner, member, destination } = await twoWorkspaces();
    const folder = await buildFolder(workspace, owner);
    await grant({ folder }, "EveryoneAtWorkspace", "read");
    const first = await buildArticle(workspace, owner, { folderId: folder.id, text: "Brand voice guide", title: "Voice" });
    const second = await sharedDoc(workspace, owner, { text: "Launch checklist", title: "Launch" });
    const response = await api(`/w/${workspace.id}/copies`, {
      method: "POST",
      token: member.token,
      body: { article_ids: [second.id, first.id], destination_workspace_id: destination.id },
    });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data.map((copy: { title: string }) => copy.title)).toEqual(["Launch", "Voice"]);
    const copies = await db.select().from(articles).where(eq(articles.workspaceId, destination.id));
    expect(copies).toHaveLength(2);
    for (const copy of copies) expect(copy).toMatchObject({ ownerId: member.user.id, folderId: null, status: "draft", isPublic: false });
    expect(copies.find((copy) => copy.title === "Voice")!.bodyText).toBe("Brand voice guide");
    expect(await db.select().from(accesses).where(inArray(accesses.articleId, copies.map((copy) => copy.id)))).toHaveLength(0);
    const copied = await db.select().from(events).where(and(eq(events.workspaceId, destination.id), eq(events.name, "articles.copy")));
    expect(copied.map((event) => event.articleId).sort()).toEqual(copies.map((copy) => copy.id).sort());
  });

  it("refuses a destination where I am not a member with 404 and writes nothing", async () => {
    const { workspace, owner, member } = await setup();
    const doc = await sharedDoc(workspace, owner);
    const elsewhere = await buildWorkspace();
    const response = await api(`/w/${workspace.id}/copies`, {
      method: "POST",
      token: member.token,
      body: { article_ids: [doc.id], destination_workspace_id: elsewhere.workspace.id },
    });
    expect(response.status).toBe(404);
    expect(await db.select().from(articles).where(eq(articles.workspaceId, elsewhere.workspace.id))).toHaveLength(0);
  });

  it("refuses a guest of the destination with 403", async () => {
    const { workspace, owner, member } = await setup();
    const doc = await sharedDoc(workspace, owner);
    const elsewhere = await buildWorkspace();
    const { addMember } = await import("../factories");
    await addMember(elsewhere.workspace, member.user, "guest");
    const response = await api(`/w/${workspace.id}/copies`, {
      method: "POST",
      token: member.token,
      body: { article_ids: [doc.id], destination_workspace_id: elsewhere.workspace.id },
    });
    expect(response.status).toBe(403);
  });

  it("answers 404 and writes nothing when one id is foreign or unreadable", async () => {
    const { workspace, owner, member, destination } = await twoWorkspaces();
    const readable = await sharedDoc(workspace, owner);
    const hidden = await buildArticle(workspace, owner);
    const other = await buildWorkspace();
    const foreign = await sharedDoc(other.workspace, other.owner);
    for (const bad of [hidden.id, foreign.id]) {
      const response = await api(`/w/${workspace.id}/copies`, {
        method: "POST",
        token: member.token,
        body: { article_ids: [readable.id, bad], destination_workspace_id: destination.id },
      });
      expect(response.status).toBe(404);
    }
    expect(await db.select().from(articles).where(eq(articles.workspaceId, destination.id))).toHaveLength(0);
  });

  it("asks for the password of a protected document", async () => {
    const { workspace, owner, member, destination } = await twoWorkspaces();
    const locked = await sharedDoc(workspace, owner, { passwordHash: await hashPassword("open sesame") });
    const body = { article_ids: [locked.id], destination_workspace_id: destination.id };
    const refused = await api(`/w/${workspace.id}/copies`, { method: "POST", token: member.token, body });
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toBe("password_required");
    const allowed = await api(`/w/${workspace.id}/copies`, { method: "POST", token: member.token, body, headers: { "X-Article-Password": "open sesame" } });
    expect(allowed.status).toBe(201);
  });

  it("takes at most 50 ids and answers a bad body with 400", async () => {
    const { workspace, member, destination } = await twoWorkspaces();
    const tooMany = await api(`/w/${workspace.id}/copies`, {
      method: "POST",
      token: member.token,
      body: { article_ids: Array.from({ length: 51 }, (_, index) => index + 1), destination_workspace_id: destination.id },
    });
    expect(tooMany.status).toBe(400);
    expect((await json(tooMany)).fields).toHaveProperty("article_ids");
    const empty = await api(`/w/${workspace.id}/copies`, { method: "POST", token: member.token, body: { article_ids: [] } });
    expect(empty.status).toBe(400);
  });

  it("refuses a stranger to the source workspace with 404", async () => {
    const { workspace, owner } = await setup();
    const doc = await sharedDoc(workspace, owner);
    const stranger = await buildWorkspace();
    const response = await api(`/w/${workspace.id}/copies`, {
      method: "POST",
      token: await tokenFor(stranger.owner),
      body: { article_ids: [doc.id], destination_workspace_id: stranger.workspace.id },
    });
    expect(response.status).toBe(404);
    expect(await db.select().from(articles).where(eq(articles.workspaceId, stranger.workspace.id))).toHaveLength(0);
  });
});

describe("the workspace home for a newcomer", () => {
  const page = (path: string, token: string) =>
    exports.default.fetch(`https://app.test${path}`, { headers: { Cookie: `${AUTH_COOKIE_NAME}=${encodeAuthState(authStateFor(`Bearer ${token}`))}` }, redirect: "manual" });
  const text = (html: string) => html.replace(/<!--.*?-->/g, "");
  const sidebarLinks = (html: string) => [...html.matchAll(/<a[^>]*class="sidebar__link[^"]*"[^>]*>(.*?)<\/a>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, "").trim());

  it("greets a first visit as one, says what to do next from the workspace's state with a link for each, and greets a return as one", async () => {
    const owner = await buildUser({ firstName: "Nora" });
    const { workspace } = await buildWorkspace({ owner });
    const token = await tokenFor(owner);
    const base = `/workspaces/${workspace.id}`;

    const first = text(await (await page(`${base}/home`, token)).text());
    expect(first).toContain("Welcome, Nora");
    expect(first).not.toContain("Welcome back");
    expect(first).toContain("Get started");
    for (const [action, href] of [
      ["Set up the brand kit", `${base}/brand-kits`],
      ["Connect an account", `${base}/scheduled-posts`],
      ["Write a social post", "/create/social-post"],
      ["Open the calendar", `${base}/scheduled-posts`],
      ["Plan a campaign", `${base}/campaigns`],
    ]) expect(first).toMatch(new RegExp(`<a[^>]* href="${href}"[^>]*>${action}</a>`));
    expect(first).toContain("0 of 5 done");
    // Not a status panel: the old "System status" card and its button are gone (the rail still links the page).
    expect(first).not.toContain(">Open status<");

    // The first view is recorded (the welcome banner does it); a brand kit is made: the home follows.
    await api(`/w/${workspace.id}/seen`, { method: "PUT", token });
    expect((await api(`/w/${workspace.id}/brand_kits`, { method: "POST", token, body: { name: "Nora's Bakery" } })).status).toBe(201);
    const back = text(await (await page(`${base}/home`, token)).text());
    expect(back).toContain("Welcome back, Nora");
    expect(back).toContain("1 of 5 done");
    expect(back).not.toContain(">Set up the brand kit</a>");
    expect(back).toContain(">Connect an account</a>");
  });

  it("sends / to the current workspace's home, and the sidebar lists Home once", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const root = await page("/", token);
    expect(root.status).toBe(302);
    expect(root.headers.get("Location")).toBe(`/workspaces/${workspace.id}/home`);
    const links = sidebarLinks(await (await page(`/workspaces/${workspace.id}/home`, token)).text());
    expect(links.filter((label) => label === "Home")).toHaveLength(1);
    expect(links).toContain("Create");
  });

  it("leaves the steps out for guests, who cannot take them", async () => {
    const { workspace } = await buildWorkspace();
    const guest = await buildMember(workspace, "guest");
    const html = await (await page(`/workspaces/${workspace.id}/home`, guest.token)).text();
    expect(html).not.toContain("Get started");
  });
});
