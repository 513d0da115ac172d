import { and, desc, eq } from "drizzle-orm";
import { env, exports } from "cloudflare:workers";
import { jwtVerify, SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ROOM_NOTICE_AUDIENCE, ROOM_NOTICE_ISSUER, ROOM_TOKEN_AUDIENCE, ROOM_TOKEN_ISSUER } from "../../core/collab";
import { document, paragraph, text } from "../../core/document/nodes";
import { documentFromPlainText } from "../../core/document/text";
import { defaultWorkspaceSettings } from "../../core/contracts/workspaces";
import { hashPassword } from "../../worker/auth/password";
import { AUTH_COOKIE_NAME, authStateFor, encodeAuthState } from "../../app/lib/auth-cookie";
import { articles, articleVersions, events, type Article } from "../../worker/db/schema";
import { api, buildArticle, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

const secret = new TextEncoder().encode(env.COLLAB_TOKEN_SECRET!);
const roomToken = (room: string) =>
  new SignJWT({ room }).setProtectedHeader({ alg: "HS256" }).setIssuer(ROOM_TOKEN_ISSUER).setAudience(ROOM_TOKEN_AUDIENCE).setExpirationTime("5m").sign(secret);

async function setup({ versionControl = false } = {}) {
  const settings = versionControl ? { ...defaultWorkspaceSettings, preferences: { ...defaultWorkspaceSettings.preferences, version_control_mode: "branches" as const } } : defaultWorkspaceSettings;
  const { workspace, owner } = await buildWorkspace({ name: "History Co", settings });
  const ana = await buildMember(workspace, "member");
  const ben = await buildMember(workspace, "member");
  const article = await buildArticle(workspace, ana.user, { title: "Spring menu", text: "First draft" });
  await grant({ article }, "User", "edit", { userId: ben.user.id });
  return { workspace, owner, ana, ben, article };
}

const nameOf = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();
const stored = async (article: Pick<Article, "id">) => (await db.select().from(articles).where(eq(articles.id, article.id)))[0]!;
const versionsOf = async (article: Pick<Article, "id">) =>
  db.select().from(articleVersions).where(eq(articleVersions.articleId, article.id)).orderBy(desc(articleVersions.id));
const put = (article: Pick<Article, "id">, token: string, fields: Record<string, unknown>) => api(`/articles/${article.id}`, { method: "PUT", token, body: { article: fields } });

const START = Date.parse("2026-03-02T09:00:00.000Z");
const minutes = (n: number) => new Date(START + n * 60_000);

/** Events as commands record them, at chosen times (the timeline reads nothing else). */
async function recorded(article: Article, rows: { name: string; at: number; actorId: number; userId?: number; session?: string | null; properties?: Record<string, unknown> }[]) {
  for (const row of rows) {
    await db.insert(events).values({
      name: row.name,
      workspaceId: article.workspaceId,
      articleId: article.id,
      actorId: row.actorId,
      userId: row.userId ?? row.actorId,
      sessionUuid: row.session ?? null,
      properties: row.properties ?? {},
      createdAt: minutes(row.at),
    });
  }
}

async function timeline(article: Pick<Article, "id">, token: string, query = "") {
  const response = await api(`/articles/${article.id}/timeline${query}`, { token });
  expect(response.status).toBe(200);
  return (await json(response)).data as { events: { id: number; kind: string; name: string; summary: string; created_at: string; ended_at: string; count: number; creator: { id: number; name: string } | null; version_id: number | null }[]; oldest_timestamp: string | null; more_available: boolean };
}

/** Every page, following oldest_timestamp while more_available. */
async function allPages(article: Pick<Article, "id">, token: string, limit: number) {
  const pages = [];
  let before = "";
  for (let guard = 0; guard < 50; guard++) {
    const page = await timeline(article, token, `?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ""}`);
    pages.push(page);
    if (!page.more_available) break;
    before = page.oldest_timestamp!;
  }
  return pages;
}

afterEach(() => vi.restoreAllMocks());

describe("GET /articles/:id/timeline", () => {
  it("groups one person's edits per session, keeps other events apart, skips views and presence, newest first", async () => {
    const { ana, ben, article } = await setup();
    await recorded(article, [
      { name: "articles.create", at: 0, actorId: ana.user.id },
      { name: "articles.edit", at: 1, actorId: ana.user.id, session: "s1" },
      { name: "articles.edit", at: 2, actorId: ana.user.id, session: "s1" },
      { name: "articles.view", at: 2, actorId: ben.user.id },
      { name: "collab.presence", at: 3, actorId: ben.user.id },
      { name: "client.scrolled", at: 3, actorId: ben.user.id },
      { name: "articles.edit", at: 4, actorId: ana.user.id, session: "s1" },
      { name: "comments.create", at: 5, actorId: ben.user.id, properties: { comment_id: 1 } },
      // Room saves carry no session: within 30 minutes of each other they are one session.
      { name: "articles.edit", at: 10, actorId: ben.user.id },
      { name: "articles.edit", at: 30, actorId: ben.user.id },
      { name: "articles.edit", at: 75, actorId: ben.user.id },
      // A different session of Ana's right after is another entry.
      { name: "articles.edit", at: 76, actorId: ana.user.id, session: "s2" },
      { name: "articles.edit", at: 77, actorId: ana.user.id, session: "s3" },
    ]);
    const page = await timeline(article, ana.token);
    expect(page.events.map((event) => [event.name, event.count, event.creator?.id])).toEqual([
      ["articles.edit", 1, ana.user.id],
      ["articles.edit", 1, ana.user.id],
      ["articles.edit", 1, ben.user.id],
      ["articles.edit", 2, ben.user.id],
      ["comments.create", 1, ben.user.id],
      ["articles.edit", 3, ana.user.id],
      ["articles.create", 1, ana.user.id],
    ]);
    const anaSession = page.events[5]!;
    expect(anaSession).toMatchObject({ kind: "edit", created_at: minutes(1).toISOString(), ended_at: minutes(4).toISOString(), summary: `${nameOf(ana.user)} edited the document (3 saves)` });
    expect(page.events[4]).toMatchObject({ kind: "comment", summary: `${nameOf(ben.user)} commented`, creator: { id: ben.user.id, name: nameOf(ben.user) } });
    expect(page.events[6]).toMatchObject({ kind: "other", summary: `${nameOf(ana.user)} created the document` });
    expect(page).toMatchObject({ oldest_timestamp: minutes(0).toISOString(), more_available: false });
  });

  it("pages by oldest_timestamp without cutting an edit session in two, and says when more is available", async () => {
    const { ana, ben, article } = await setup();
    const rows = [];
    // Ten sessions of three edits each, alternating people, and a comment at the same moment as one session's first edit.
    for (let session = 0; session < 10; session++) {
      for (let edit = 0; edit < 3; edit++) rows.push({ name: "articles.edit", at: session * 60 + edit, actorId: session % 2 ? ben.user.id : ana.user.id, session: `s${session}` });
    }
    // Recorded first, so at that same millisecond it sorts after the session's first edit: a tie a page cut must not split.
    rows.unshift({ name: "comments.create", at: 120, actorId: ben.user.id });
    await recorded(article, rows);
    const whole = (await timeline(article, ana.token, "?limit=100")).events;
    expect(whole).toHaveLength(11);
    expect(whole.filter((event) => event.name === "articles.edit").every((event) => event.count === 3)).toBe(true);
    for (const limit of [1, 2, 3, 4]) {
      const pages = await allPages(article, ana.token, limit);
      expect(pages.flatMap((page) => page.events)).toEqual(whole);
      expect(pages.at(-1)!.more_available).toBe(false);
      for (const page of pages.slice(0, -1)) {
        expect(page.more_available).toBe(true);
        expect(page.oldest_timestamp).toBe(page.events.at(-1)!.created_at);
      }
    }
    // Past the oldest event: an empty page.
    expect(await timeline(article, ana.token, `?before=${encodeURIComponent(minutes(0).toISOString())}`)).toEqual({ events: [], oldest_timestamp: null, more_available: false });
  });

  it("names people in summaries, links versions, and filters by kind", async () => {
    const { ana, ben, article } = await setup();
    expect((await put(article, ana.token, { status: "in_review" })).status).toBe(200);
    expect((await api(`/articles/${article.id}/make_public`, { method: "PUT", token: ana.token, body: {} })).status).toBe(200);
    await recorded(article, [
      { name: "accesses.create", at: 0, actorId: ana.user.id, userId: ben.user.id, properties: { permission: "edit" } },
      { name: "comments.update", at: 1, actorId: ben.user.id, properties: { comment_id: 1, resolved: true } },
    ]);
    const page = await timeline(article, ben.token);
    const [publish, status] = page.events;
    const versions = await versionsOf(article);
    expect(publish).toMatchObject({ kind: "publish", name: "articles.make_public", summary: `${nameOf(ana.user)} published the document as a public page`, version_id: versions[0]!.id });
    expect(status).toMatchObject({ kind: "status", name: "articles.update", summary: `${nameOf(ana.user)} changed the status from Draft to In review`, version_id: versions[1]!.id });
    expect(page.events.at(-2)).toMatchObject({ kind: "comment", summary: `${nameOf(ben.user)} resolved a comment` });
    expect(page.events.at(-1)).toMatchObject({ kind: "share", summary: `${nameOf(ana.user)} shared the document with ${nameOf(ben.user)}` });
    const statusOnly = await timeline(article, ben.token, "?kind=status");
    expect(statusOnly.events.map((event) => event.name)).toEqual(["articles.update"]);
    // Summaries never quote the document.
    expect(JSON.stringify(page)).not.toContain("First draft");
  });

  it("refuses a reader (403), a locked document without its password, another workspace's user (404), and bad queries naming the field", async () => {
    const { workspace, ana, ben, article } = await setup();
    const reader = await buildMember(workspace, "member");
    await grant({ article }, "User", "read", { userId: reader.user.id });
    expect((await api(`/articles/${article.id}/timeline`, { token: reader.token })).status).toBe(403);
    const stranger = await buildWorkspace();
    expect((await api(`/articles/${article.id}/timeline`, { token: await tokenFor(stranger.owner) })).status).toBe(404);
    for (const [query, field] of [["?before=yesterday", "before"], ["?limit=0", "limit"], ["?limit=500", "limit"], ["?kind=views", "kind"]]) {
      const response = await api(`/articles/${article.id}/timeline${query}`, { token: ana.token });
      expect(response.status, query).toBe(400);
      expect(Object.keys((await json(response)).fields), query).toContain(field);
    }
    await db.update(articles).set({ passwordHash: await hashPassword("sesame") }).where(eq(articles.id, article.id));
    // Ben edits it but does not own it: like the document itself, its timeline needs the password.
    for (const path of ["", "/timeline", "/versions", "/versions/current"]) {
      const locked = await api(`/articles/${article.id}${path}`, { token: ben.token });
      expect(locked.status, path).toBe(403);
      expect((await json(locked)).error, path).toBe("password_required");
      expect((await api(`/articles/${article.id}${path}`, { token: ben.token, headers: { "X-Article-Password": "sesame" } })).status, path).toBe(200);
    }
  });
});

describe("versions", () => {
  it("keeps a version at a status change (by hand and by a review) and at a publish, and lists them newest first with names", async () => {
    const { ana, ben, article } = await setup();
    expect((await put(article, ana.token, { status: "reviewed" })).status).toBe(200);
    // Setting the status it already has is no change: no version.
    expect((await put(article, ana.token, { status: "reviewed" })).status).toBe(200);
    expect((await api(`/articles/${article.id}/reviews`, { method: "POST", token: ana.token, body: { kind: "approval", user_ids: [ben.user.id] } })).status).toBe(201);
    expect((await stored(article)).status).toBe("in_review");
    expect((await api(`/articles/${article.id}/make_public`, { method: "PUT", token: ben.token, body: {} })).status).toBe(200);
    const response = await api(`/articles/${article.id}/versions`, { token: ben.token });
    expect(response.status).toBe(200);
    const { data, meta } = await json(response);
    expect(data.map((version: { kind: string; creator: { name: string } }) => [version.kind, version.creator.name])).toEqual([
      ["publish", nameOf(ben.user)],
      ["status", nameOf(ana.user)],
      ["status", nameOf(ana.user)],
    ]);
    expect(data[0]).toMatchObject({ title: "Spring menu", branch_id: null });
    expect(meta).toMatchObject({ total: 3, has_more: false });
    // The review's status move names the version it kept.
    const [move] = await db.select().from(events).where(and(eq(events.articleId, article.id), eq(events.name, "articles.status_from_review")));
    expect(move!.properties).toMatchObject({ from: "reviewed", to: "in_review", version_id: data[1].id });
    // Paged by cursor.
    const first = await json(await api(`/articles/${article.id}/versions?limit=2`, { token: ben.token }));
    expect(first.data).toHaveLength(2);
    const rest = await json(await api(`/articles/${article.id}/versions?limit=2&cursor=${first.meta.next_cursor}`, { token: ben.token }));
    expect(rest.data.map((version: { id: number }) => version.id)).toEqual([data[2].id]);
  });

  it("keeps a version when open suggestions move the status, and the event names it", async () => {
    const { workspace, ana, article } = await setup();
    const commenter = await buildMember(workspace, "member");
    await grant({ article }, "User", "comment", { userId: commenter.user.id });
    // A commenter's tracked insertion, saved by the room: a suggestion opens and the status follows.
    const insertion = { type: "insertion-mark", version: 1, direction: null, format: "", indent: 0, ids: ["c1"], uuid: "c1", userId: String(commenter.user.id), createdAt: "2026-11-20T10:00:00.000Z", children: [text(" Now iced.")] } as unknown as ReturnType<typeof text>;
    const room = `article-${article.id}`;
    const save = await api(`/internal/rooms/${room}/document`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${await roomToken(room)}` },
      body: { body: document([paragraph([text("First draft"), insertion])]), editor_ids: [commenter.user.id] },
    });
    expect((await json(save)).data.saved).toBe(true);
    expect((await stored(article)).status).toBe("suggestions");
    const [version] = await versionsOf(article);
    expect(version).toMatchObject({ kind: "status", createdById: commenter.user.id });
    const [move] = await db.select().from(events).where(and(eq(events.articleId, article.id), eq(events.name, "articles.status_from_suggestions")));
    expect(move!.properties).toMatchObject({ from: "draft", to: "suggestions", version_id: version!.id });
    const [latest] = (await timeline(article, ana.token, "?kind=status")).events;
    expect(latest).toMatchObject({ summary: "Open suggestions moved the status from Draft to Suggestions", version_id: version!.id });
  });

  it("shows one version's title and body, and the current document; another document's version is not found", async () => {
    const { workspace, ana, article } = await setup();
    expect((await put(article, ana.token, { status: "in_review" })).status).toBe(200);
    expect((await put(article, ana.token, { title: "Summer menu", markdown: "Second draft" })).status).toBe(200);
    const [version] = await versionsOf(article);
    const shown = await json(await api(`/articles/${article.id}/versions/${version!.id}`, { token: ana.token }));
    expect(shown.data).toMatchObject({ title: "Spring menu", summary: { id: version!.id, kind: "status", creator: { id: ana.user.id } }, blocks: [{ index: 0, type: "paragraph", text: "First draft" }] });
    expect(JSON.stringify(shown.data.body)).toContain("First draft");
    const current = await json(await api(`/articles/${article.id}/versions/current`, { token: ana.token }));
    expect(current.data).toMatchObject({ title: "Summer menu", summary: { id: "current", kind: "current", creator: { id: ana.user.id } } });
    expect(JSON.stringify(current.data.body)).toContain("Second draft");
    const other = await buildArticle(workspace, ana.user, { text: "Elsewhere" });
    expect((await api(`/articles/${other.id}/versions/${version!.id}`, { token: ana.token })).status).toBe(404);
    const bad = await api(`/articles/${article.id}/versions/latest`, { token: ana.token });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).fields)).toContain("version");
    const stranger = await buildWorkspace();
    expect((await api(`/articles/${article.id}/versions`, { token: await tokenFor(stranger.owner) })).status).toBe(404);
  });
});

describe("GET /articles/:id/compare", () => {
  it("shows how the current document differs from a version, block by block and word by word", async () => {
    const { workspace, ana, ben, article } = await setup();
    expect((await put(article, ana.token, { status: "in_review" })).status).toBe(200);
    const [version] = await versionsOf(article);
    expect((await put(article, ben.token, { markdown: "Second draft\n\nA new paragraph" })).status).toBe(200);
    const response = await api(`/articles/${article.id}/compare?from=${version!.id}`, { token: ana.token });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.from).toMatchObject({ id: version!.id, kind: "status", creator: { name: nameOf(ana.user) } });
    expect(data.to).toMatchObject({ id: "current", kind: "current", creator: { name: nameOf(ben.user) } });
    expect(data.diff.stats).toMatchObject({ inserted: 1, modified: 1 });
    const modified = data.diff.blocks.find((block: { op: string }) => block.op === "modify");
    expect(modified.words).toEqual(expect.arrayContaining([{ op: "delete", text: "First" }, { op: "insert", text: "Second" }]));
    // The other way round, between the same two.
    const back = await json(await api(`/articles/${article.id}/compare?from=current&to=${version!.id}`, { token: ana.token }));
    expect(back.data.diff.stats).toMatchObject({ deleted: 1, modified: 1 });
    // Another document's version is not found; a bad reference is a 400 naming it.
    const other = await buildArticle(workspace, ana.user, { text: "Elsewhere" });
    expect((await api(`/articles/${other.id}/compare?from=${version!.id}`, { token: ana.token })).status).toBe(404);
    const bad = await api(`/articles/${article.id}/compare?from=yesterday`, { token: ana.token });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).fields)).toContain("from");
    const reader = await buildMember(workspace, "member");
    await grant({ article }, "User", "read", { userId: reader.user.id });
    expect((await api(`/articles/${article.id}/compare?from=${version!.id}`, { token: reader.token })).status).toBe(403);
    const stranger = await buildWorkspace();
    expect((await api(`/articles/${article.id}/compare?from=${version!.id}`, { token: await tokenFor(stranger.owner) })).status).toBe(404);
  });
});

describe("POST /articles/:id/versions/:version/restore", () => {
  it("makes the version's title and body current, keeps a restore version, records the event and tells the live room, whose stale save then loses", async () => {
    const { ana, ben, article } = await setup();
    expect((await put(article, ana.token, { status: "in_review" })).status).toBe(200);
    const [kept] = await versionsOf(article);
    expect((await put(article, ana.token, { title: "Wrong turn", markdown: "Bad rewrite" })).status).toBe(200);
    // Ben has the document open: the room checked his connection, so it counts as live.
    const room = `article-${article.id}`;
    const roomHeaders = { Authorization: `Bearer ${await roomToken(room)}` };
    expect((await api(`/internal/rooms/${room}/modes`, { method: "POST", headers: roomHeaders, body: { user_ids: [ben.user.id] } })).status).toBe(200);
    const loadedByRoom = (await json(await api(`/internal/rooms/${room}/document`, { headers: roomHeaders }))).data;
    const notices: { url: string; kind: string; room: unknown }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.includes("/parties/main/")) throw new Error(`unexpected fetch ${url}`);
      const token = new Headers(init?.headers).get("authorization")!.replace("Bearer ", "");
      const { payload } = await jwtVerify(token, secret, { issuer: ROOM_NOTICE_ISSUER, audience: ROOM_NOTICE_AUDIENCE });
      notices.push({ url, kind: JSON.parse(String(init?.body)).kind, room: payload.room });
      return Response.json({ ok: true });
    });

    const response = await api(`/articles/${article.id}/versions/${kept!.id}/restore`, { method: "POST", token: ben.token, body: {} });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ id: article.id, title: "Spring menu" });
    const now = await stored(article);
    expect(now).toMatchObject({ title: "Spring menu", bodyText: "First draft", lastEditorId: ben.user.id });
    const [restore] = await versionsOf(article);
    expect(restore).toMatchObject({ kind: "restore", title: "Spring menu", createdById: ben.user.id });
    const [event] = await db.select().from(events).where(and(eq(events.articleId, article.id), eq(events.name, "articles.restore_version")));
    expect(event!.properties).toMatchObject({ version_id: restore!.id, restored_version_id: kept!.id });
    await vi.waitFor(() => expect(notices).toContainEqual({ url: `http://127.0.0.1:1999/parties/main/${room}`, kind: "document", room }));
    // The room still holds unsaved edits made on the body it loaded before: its save is stale, the restore stays.
    const save = await api(`/internal/rooms/${room}/document`, {
      method: "PUT",
      headers: roomHeaders,
      body: { body: documentFromPlainText("Bad rewrite, typed on"), editor_ids: [ben.user.id], base_revision: loadedByRoom.revision },
    });
    expect((await json(save)).data).toMatchObject({ saved: false, stale: true });
    expect((await stored(article)).bodyText).toBe("First draft");
    // The timeline shows it.
    const [latest] = (await timeline(article, ana.token)).events;
    expect(latest).toMatchObject({ kind: "version", name: "articles.restore_version", summary: `${nameOf(ben.user)} restored an earlier version`, version_id: restore!.id });
  });

  it("still lets an editor restore a published document whose main body version-control mode sends through branches", async () => {
    const { ben, article } = await setup({ versionControl: true });
    expect((await put(article, ben.token, { status: "in_review" })).status).toBe(200);
    const [kept] = await versionsOf(article);
    expect((await api(`/articles/${article.id}/make_public`, { method: "PUT", token: ben.token, body: {} })).status).toBe(200);
    // A plain edit of the published body is refused: it goes through a branch.
    expect((await put(article, ben.token, { markdown: "Straight onto main" })).status).toBe(409);
    const restored = await api(`/articles/${article.id}/versions/${kept!.id}/restore`, { method: "POST", token: ben.token, body: {} });
    expect(restored.status).toBe(200);
    expect((await versionsOf(article))[0]).toMatchObject({ kind: "restore" });
  });

  it("refuses a reader (403), an archived document (422), another workspace's user (404) and an unknown version (404)", async () => {
    const { workspace, ana, article } = await setup();
    expect((await put(article, ana.token, { status: "in_review" })).status).toBe(200);
    const [kept] = await versionsOf(article);
    const restore = (token: string, version: number | string = kept!.id) => api(`/articles/${article.id}/versions/${version}/restore`, { method: "POST", token, body: {} });
    const reader = await buildMember(workspace, "member");
    await grant({ article }, "User", "read", { userId: reader.user.id });
    expect((await restore(reader.token)).status).toBe(403);
    const stranger = await buildWorkspace();
    expect((await restore(await tokenFor(stranger.owner))).status).toBe(404);
    expect((await restore(ana.token, 999_999_999)).status).toBe(404);
    await db.update(articles).set({ archivedAt: new Date() }).where(eq(articles.id, article.id));
    expect((await restore(ana.token)).status).toBe(422);
    expect(await versionsOf(article)).toHaveLength(1);
  });
});

describe("the versions page", () => {
  const cookieFor = (token: string) => `${AUTH_COOKIE_NAME}=${encodeAuthState(authStateFor(`Bearer ${token}`))}`;
  const page = async (path: string, token: string) => {
    const response = await exports.default.fetch(`https://app.test${path}`, { redirect: "manual", headers: { Cookie: cookieFor(token), Host: "app.test" } });
    expect(response.status).toBe(200);
    return response.text();
  };

  it("lists the newest 100 versions, and pages on to the older ones and back", async () => {
    const { ana, article } = await setup();
    // 102 versions, "Take 1" the oldest; the list shows the newest first.
    const rows = Array.from({ length: 102 }, (_, index) => ({ articleId: article.id, body: documentFromPlainText(`Take ${index + 1}`), title: `Take ${index + 1}`, kind: "edit" as const, createdById: ana.user.id, createdAt: minutes(index) }));
    // Ten rows a statement: D1 binds at most 100 values in one.
    for (let at = 0; at < rows.length; at += 10) await db.insert(articleVersions).values(rows.slice(at, at + 10));
    const slug = `spring-menu-${article.id}`;
    const first = await page(`/docs/${slug}/history`, ana.token);
    expect(first).toContain("Older versions →");
    expect(first).not.toContain("← Newer versions");
    const second = await page(`/docs/${slug}/history?page=2`, ana.token);
    expect(second).toContain("← Newer versions");
    expect(second).not.toContain("Older versions →");
    // The second page holds the two oldest, and its links keep the page.
    const versions = await versionsOf(article);
    const oldest = versions.at(-1)!;
    expect(second).toContain(`/docs/${slug}/history/${oldest.id}?page=2`);
    expect(first).not.toContain(`/docs/${slug}/history/${oldest.id}"`);
  });
});
