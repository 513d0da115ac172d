import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { localToday } from "../../core/analytics/period";
import { defaultWorkspaceSettings } from "../../core/contracts/workspaces";
import { hashPassword } from "../../worker/auth/password";
import { accesses, articles, events, type Article, type Workspace } from "../../worker/db/schema";
import { api, buildArticle, buildMember, buildUser, buildWorkspace, db, grant, json, tokenFor } from "../factories";

const DAY = 24 * 60 * 60 * 1000;
// UTC+14: its day differs from UTC's for most of the UTC day, so counting in UTC would show.
const TZ = "Pacific/Kiritimati";
const dayIn = (at: number, tz = TZ) => localToday(at, tz).toString();

async function setup({ isPublic = false } = {}) {
  const { workspace, owner } = await buildWorkspace({
    name: "Insight Co",
    settings: { ...defaultWorkspaceSettings, preferences: { ...defaultWorkspaceSettings.preferences, time_zone: TZ } },
  });
  const editor = await buildMember(workspace, "member");
  const reader = await buildMember(workspace, "member");
  const guest = await buildMember(workspace, "guest");
  const article = await buildArticle(workspace, owner, { title: "Launch, \"final\" plan", isPublic });
  await grant({ article }, "User", "edit", { userId: editor.user.id });
  await grant({ article }, "User", "read", { userId: reader.user.id });
  await grant({ article }, "User", "read", { userId: guest.user.id });
  return { workspace, owner, ownerToken: await tokenFor(owner), editor, reader, guest, article };
}

const view = (workspace: Workspace, article: Article, userId: number | null, at: number, properties: Record<string, unknown> = {}) =>
  db.insert(events).values({ name: "articles.view", workspaceId: workspace.id, articleId: article.id, userId, createdAt: new Date(at), properties });

const progress = (workspace: Workspace, article: Article, token: string | undefined, properties: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api("/events", { method: "POST", token, headers, body: { event_name: "articles.read_progress", workspace_id: workspace.id, article_id: article.id, properties } });

const insights = async (article: Article, token: string, period = "7d") => {
  const response = await api(`/articles/${article.id}/insights?period=${period}`, { token });
  expect(response.status).toBe(200);
  return (await json(response)).data;
};

describe("GET /v1/articles/:id/insights", () => {
  it("counts views and unique readers per day, in the workspace's time zone", async () => {
    const { workspace, editor, reader, guest, article } = await setup();
    const now = Date.now();
    await view(workspace, article, reader.user.id, now - 60_000);
    await view(workspace, article, reader.user.id, now - 30_000);
    await view(workspace, article, guest.user.id, now - 10_000);
    await view(workspace, article, reader.user.id, now - DAY);
    await view(workspace, article, reader.user.id, now - 30 * DAY); // outside 7 days

    const data = await insights(article, editor.token);
    expect(data).toMatchObject({ period: "7d", time_zone: TZ, to: dayIn(now), summary: { views: 4, unique_readers: 2 } });
    expect(data.series).toHaveLength(7);
    expect(data.series.at(-1)).toEqual({ day: dayIn(now), views: 3, unique_readers: 2, avg_read_seconds: null, avg_scroll_depth: null });
    expect(data.series.at(-2)).toMatchObject({ day: dayIn(now - DAY), views: 1, unique_readers: 1 });
    expect(data.series.slice(0, 5).every((row: { views: number }) => row.views === 0)).toBe(true);
    expect((await insights(article, editor.token, "90d")).summary).toMatchObject({ views: 5, unique_readers: 2 });
  });

  it("averages read time and scroll depth over reader-sessions, keeping each session's furthest report in one row", async () => {
    const { workspace, editor, reader, guest, article } = await setup();
    expect((await progress(workspace, article, reader.token, { seconds: 10, scroll_depth: 0.2 })).status).toBe(201);
    expect((await progress(workspace, article, reader.token, { seconds: 25, scroll_depth: 0.5 })).status).toBe(200);
    expect((await progress(workspace, article, reader.token, { seconds: 20, scroll_depth: 0.4 })).status).toBe(200);
    expect((await progress(workspace, article, guest.token, { seconds: 35, scroll_depth: 1 })).status).toBe(201);

    const rows = await db.select().from(events).where(and(eq(events.articleId, article.id), eq(events.name, "articles.read_progress")));
    expect(rows.map((row) => row.properties).sort((a, b) => Number(a.seconds) - Number(b.seconds))).toEqual([
      { seconds: 25, scroll_depth: 0.5 },
      { seconds: 35, scroll_depth: 1 },
    ]);
    const data = await insights(article, editor.token);
    expect(data.summary).toMatchObject({ read_sessions: 2, avg_read_seconds: 30, avg_scroll_depth: 0.75 });
    expect(data.series.at(-1)).toMatchObject({ avg_read_seconds: 30, avg_scroll_depth: 0.75 });
  });

  it("shows anonymous views and top referrers (origins only) for a public document, and no referrers for a private one", async () => {
    const { workspace, editor, article } = await setup({ isPublic: true });
    const visitor = "6f1c2a4e-8b7d-4c3a-9e2f-1a2b3c4d5e6f";
    const sent = await api("/events", {
      method: "POST",
      headers: { "X-Anonymous-User-Uuid": visitor },
      // The public page never names its workspace: the document does.
      body: { event_name: "articles.view", article_id: article.id, properties: { referrer: "https://news.example.com/story?id=5&token=abc" } },
    });
    expect(sent.status).toBe(201);
    const [stored] = await db.select().from(events).where(and(eq(events.articleId, article.id), eq(events.name, "articles.view")));
    expect(stored!.properties).toMatchObject({ referrer: "https://news.example.com", anonymous_uuid: visitor });
    expect(JSON.stringify(stored!.properties)).not.toContain("token");
    await view(workspace, article, null, Date.now(), { referrer: "https://news.example.com" });
    await view(workspace, article, null, Date.now(), { referrer: "https://social.example" });
    await view(workspace, article, editor.user.id, Date.now());

    const data = await insights(article, editor.token);
    expect(data.public).toEqual({
      anonymous_views: 3,
      referrers: [
        { origin: "https://news.example.com", views: 2 },
        { origin: "https://social.example", views: 1 },
      ],
    });

    const closed = await setup();
    await view(closed.workspace, closed.article, closed.reader.user.id, Date.now(), { referrer: "https://news.example.com" });
    const privateData = await insights(closed.article, closed.editor.token);
    expect(privateData.public).toBeNull();
    expect(JSON.stringify(privateData)).not.toContain("news.example.com");
  });

  it("lists the members and guests who read it with their last view, and read receipts asked and confirmed", async () => {
    const { workspace, editor, reader, guest, article, ownerToken } = await setup();
    const asked = await buildMember(workspace, "member");
    await grant({ article }, "User", "read", { userId: asked.user.id });
    await db.update(accesses).set({ readReceipt: true }).where(and(eq(accesses.articleId, article.id), eq(accesses.userId, guest.user.id)));
    await db.update(accesses).set({ readReceipt: true }).where(and(eq(accesses.articleId, article.id), eq(accesses.userId, asked.user.id)));
    const lastView = Date.now() - 5 * 60_000;
    await view(workspace, article, reader.user.id, lastView - 60_000);
    await view(workspace, article, reader.user.id, lastView);
    await view(workspace, article, guest.user.id, Date.now());
    expect((await api(`/articles/${article.id}/read_receipt`, { method: "POST", token: guest.token })).status).toBeLessThan(300);
    // A signed-in visitor from outside the workspace is a visitor, not a named reader.
    const outsider = await buildUser();
    await view(workspace, article, outsider.id, Date.now());

    const { readers } = await insights(article, ownerToken);
    expect(readers).toHaveLength(3);
    const byId = (id: number) => readers.find((row: { user: { id: number } }) => row.user.id === id);
    expect(byId(reader.user.id)).toMatchObject({ role: "member", views: 2, last_viewed_at: new Date(lastView).toISOString(), read_receipt: null });
    expect(byId(guest.user.id)).toMatchObject({ role: "guest", views: 1, read_receipt: { read_at: expect.any(String) } });
    expect(byId(asked.user.id)).toMatchObject({ views: 0, last_viewed_at: null, read_receipt: { asked_at: expect.any(String), read_at: null } });
    expect(byId(editor.user.id)).toBeUndefined();
  });

  it("counts shares: people it was shared with and social shares", async () => {
    const { workspace, editor, article } = await setup({ isPublic: true });
    const colleague = await buildMember(workspace, "member");
    const shared = await api(`/articles/${article.id}/accesses`, {
      method: "POST",
      token: editor.token,
      body: { member_accesses: [{ target_type: "User", target_id: colleague.user.id, permission: "read" }] },
    });
    expect(shared.status).toBeLessThan(300);
    expect((await api(`/articles/${article.id}/social_share`, { method: "POST", body: { network: "linkedin" } })).status).toBe(200);
    const data = await insights(article, editor.token);
    expect(data.shares).toEqual({ people: 1, social: 1, networks: [{ network: "linkedin", count: 1 }] });
    expect(data.summary.shares).toBe(2);
  });

  it("refuses a reader with 403, another workspace's user with 404, a bad period with 400 naming it", async () => {
    const { article, reader, editor } = await setup();
    expect((await api(`/articles/${article.id}/insights`, { token: reader.token })).status).toBe(403);
    expect((await api(`/articles/${article.id}/insights.csv`, { token: reader.token })).status).toBe(403);
    const stranger = await buildWorkspace();
    expect((await api(`/articles/${article.id}/insights`, { token: await tokenFor(stranger.owner) })).status).toBe(404);
    expect((await api(`/articles/${article.id}/insights.csv`, { token: await tokenFor(stranger.owner) })).status).toBe(404);
    const bad = await api(`/articles/${article.id}/insights?period=1y`, { token: editor.token });
    expect(bad.status).toBe(400);
    expect((await json(bad)).fields).toEqual({ period: ["must be one of 7d, 28d, 90d, 365d"] });
  });

  it("stays locked behind the document's password", async () => {
    const { article, editor } = await setup();
    await db.update(articles).set({ passwordHash: await hashPassword("open sesame") }).where(eq(articles.id, article.id));
    const locked = await api(`/articles/${article.id}/insights`, { token: editor.token });
    expect(locked.status).toBe(403);
    expect((await json(locked)).error).toBe("password_required");
    expect((await api(`/articles/${article.id}/insights`, { token: editor.token, headers: { "X-Article-Password": "open sesame" } })).status).toBe(200);
  });
});

describe("GET /v1/articles/:id/insights.csv", () => {
  it("downloads one row per day: views, unique readers, average read seconds and scroll depth, quoted per RFC 4180", async () => {
    const { workspace, editor, reader, article } = await setup();
    await view(workspace, article, reader.user.id, Date.now());
    await progress(workspace, article, reader.token, { seconds: 42, scroll_depth: 0.6 });
    const response = await api(`/articles/${article.id}/insights.csv?period=7d`, { token: editor.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const today = dayIn(Date.now());
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="launch-final-plan-${article.id}-insights-${dayIn(Date.now() - 6 * DAY)}-to-${today}.csv"`);
    const text = await response.text();
    const lines = text.split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(9);
    expect(lines[0]).toBe('"day","views","unique_readers","avg_read_seconds","avg_scroll_depth"');
    expect(lines[1]).toBe(`"${dayIn(Date.now() - 6 * DAY)}",0,0,,`);
    expect(lines[7]).toBe(`"${today}",1,1,42,0.6`);
  });
});

describe("POST /v1/events articles.read_progress", () => {
  it("refuses progress without seconds or with a scroll depth over 1, naming the field", async () => {
    const { workspace, reader, article } = await setup();
    const missing = await progress(workspace, article, reader.token, { scroll_depth: 0.5 });
    expect(missing.status).toBe(400);
    expect((await json(missing)).fields).toEqual({ "properties.seconds": ["must be a number"] });
    const over = await progress(workspace, article, reader.token, { seconds: 3, scroll_depth: 1.5 });
    expect(over.status).toBe(400);
    expect((await json(over)).fields).toEqual({ "properties.scroll_depth": ["must be between 0 and 1"] });
    const noArticle = await api("/events", { method: "POST", token: reader.token, body: { event_name: "articles.read_progress", workspace_id: workspace.id, properties: { seconds: 1, scroll_depth: 0 } } });
    expect((await json(noArticle)).fields).toEqual({ article_id: ["is required for read progress"] });
    const badReferrer = await api("/events", { method: "POST", token: reader.token, body: { event_name: "articles.view", workspace_id: workspace.id, article_id: article.id, properties: { referrer: "javascript:alert(1)" } } });
    expect(badReferrer.status).toBe(400);
    expect((await json(badReferrer)).fields).toEqual({ "properties.referrer": ["must be a web address"] });
    expect(await db.select().from(events).where(eq(events.articleId, article.id))).toHaveLength(0);
  });

  it("records nothing for someone who cannot read the document", async () => {
    const { workspace, article } = await setup();
    const stranger = await buildWorkspace();
    const refused = await progress(workspace, article, await tokenFor(stranger.owner), { seconds: 5, scroll_depth: 0.1 });
    expect(refused.status).toBe(404);
  });
});
