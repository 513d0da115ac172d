import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SEARCH_KEY_TTL_SECONDS } from "../../core/contracts/search";
import { issueSearchKey } from "../../worker/auth/search-keys";
import { authenticate } from "../../worker/auth/sessions";
import { memberships, sessions } from "../../worker/db/schema";
import { matchExpression } from "../../worker/services/search";
import { api, buildArticle, buildFolder, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

async function setup() {
  const { workspace, owner } = await buildWorkspace();
  const member = await buildMember(workspace, "member");
  return { workspace, owner, ownerToken: await tokenFor(owner), member };
}

/** A document everyone in the workspace may read. */
async function sharedDoc(workspace: { id: number }, owner: { id: number }, title: string, text: string, overrides = {}) {
  const article = await buildArticle(workspace, owner, { title, text, ...overrides });
  await grant({ article }, "EveryoneAtWorkspace", "read");
  return article;
}

const search = (workspaceId: number, q: string, token?: string, extra = "") =>
  api(`/w/${workspaceId}/search?q=${encodeURIComponent(q)}${extra}`, { token });

const titlesOf = async (response: Response) => ((await json(response)).data as { title: string }[]).map((hit) => hit.title);

describe("GET /w/:ws/search", () => {
  it("ranks a title match above a body match", async () => {
    const { workspace, owner, member } = await setup();
    await sharedDoc(workspace, owner, "Meeting notes", "We talked about the roadmap for a while.");
    await sharedDoc(workspace, owner, "Roadmap 2026", "Plans and dates.");
    const response = await search(workspace.id, "roadmap", member.token);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.data.map((hit: { title: string }) => hit.title)).toEqual(["Roadmap 2026", "Meeting notes"]);
    expect(body.data[0].rank).toBeGreaterThan(body.data[1].rank);
    expect(body.meta).toMatchObject({ page: 1, total: 2, has_more: false, query: "roadmap" });
    expect(body.data[0]).toMatchObject({ slug: expect.stringMatching(/^roadmap-2026-\d+$/), access_level: "read" });
  });

  it("finds words as they are typed: the last word matches as a prefix", async () => {
    const { workspace, owner, member } = await setup();
    await sharedDoc(workspace, owner, "Brand voice", "Our tone is warm and direct.");
    expect(await titlesOf(await search(workspace.id, "warm dir", member.token))).toEqual(["Brand voice"]);
    expect(await titlesOf(await search(workspace.id, "dir warm", member.token))).toEqual([]);
  });

  it("highlights matches in the title and snippet and escapes the document's own HTML", async () => {
    const { workspace, owner, member } = await setup();
    await sharedDoc(workspace, owner, "<b>Launch</b> & plan", 'Before <script>alert("x")</script> the launch goes live.');
    const [hit] = (await json(await search(workspace.id, "launch", member.token))).data;
    expect(hit.title_html).toBe("&lt;b&gt;<mark>Launch</mark>&lt;/b&gt; &amp; plan");
    expect(hit.snippet_html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(hit.snippet_html).toContain("<mark>launch</mark>");
    expect(hit.snippet_html).not.toContain("<script");
    expect(hit.title).toBe("<b>Launch</b> & plan");
  });

  it("never shows someone else's private document, not even to an admin", async () => {
    const { workspace, ownerToken, member } = await setup();
    await buildArticle(workspace, member.user, { title: "Secret zebra plans", text: "zebra" });
    expect(await titlesOf(await search(workspace.id, "zebra", member.token))).toEqual(["Secret zebra plans"]);
    const colleague = await buildMember(workspace, "member");
    expect(await titlesOf(await search(workspace.id, "zebra", colleague.token))).toEqual([]);
    const admin = await json(await search(workspace.id, "zebra", ownerToken));
    expect(admin.data).toEqual([]);
    expect(admin.meta.total).toBe(0);
  });

  it("shows a guest only the documents shared with them", async () => {
    const { workspace, owner } = await setup();
    const guest = await buildMember(workspace, "guest");
    await sharedDoc(workspace, owner, "Team okapi handbook", "okapi");
    const forGuest = await buildArticle(workspace, owner, { title: "Okapi brief for the agency", text: "okapi" });
    await grant({ article: forGuest }, "User", "comment", { userId: guest.user.id });
    const body = await json(await search(workspace.id, "okapi", guest.token));
    expect(body.data.map((hit: { title: string }) => hit.title)).toEqual(["Okapi brief for the agency"]);
    expect(body.data[0].access_level).toBe("comment");
  });

  it("finds documents through a folder shared with the viewer, at the folder's level, in its subfolders too", async () => {
    const { workspace, owner, member } = await setup();
    const top = await buildFolder(workspace, owner);
    const inner = await buildFolder(workspace, owner, { parentId: top.id });
    await buildArticle(workspace, owner, { title: "Tapir plan", text: "tapir", folderId: inner.id });
    await buildArticle(workspace, owner, { title: "Private tapir notes", text: "tapir" });
    expect(await titlesOf(await search(workspace.id, "tapir", member.token))).toEqual([]);
    await grant({ folder: top }, "User", "comment", { userId: member.user.id });
    const body = await json(await search(workspace.id, "tapir", member.token));
    expect(body.data.map((hit: { title: string; access_level: string }) => [hit.title, hit.access_level])).toEqual([["Tapir plan", "comment"]]);
    expect(body.meta.total).toBe(1);
  });

  it("leaves out archived documents, and templates unless asked for", async () => {
    const { workspace, owner, member } = await setup();
    await sharedDoc(workspace, owner, "Old quokka campaign", "quokka", { archivedAt: new Date() });
    await sharedDoc(workspace, owner, "Quokka template", "quokka", { kind: "template" });
    await sharedDoc(workspace, owner, "Quokka launch", "quokka");
    expect(await titlesOf(await search(workspace.id, "quokka", member.token))).toEqual(["Quokka launch"]);
    expect(await titlesOf(await search(workspace.id, "quokka", member.token, "&kind=template"))).toEqual(["Quokka template"]);
  });

  it("follows edits: a renamed document is found by its new words only", async () => {
    const { workspace, owner, member, ownerToken } = await setup();
    const article = await sharedDoc(workspace, owner, "Draft", "nothing yet");
    const renamed = await api(`/articles/${article.id}`, { method: "PUT", token: ownerToken, body: { article: { title: "Axolotl story" } } });
    expect(renamed.status).toBe(200);
    expect(await titlesOf(await search(workspace.id, "axolotl", member.token))).toEqual(["Axolotl story"]);
    expect(await titlesOf(await search(workspace.id, "draft", member.token))).toEqual([]);
  });

  it("filters by folder and pages through results", async () => {
    const { workspace, owner, member } = await setup();
    for (let i = 0; i < 5; i++) await sharedDoc(workspace, owner, `Pelican note ${i}`, "pelican");
    const first = await json(await search(workspace.id, "pelican", member.token, "&per_page=2"));
    expect(first.data).toHaveLength(2);
    expect(first.meta).toMatchObject({ page: 1, per_page: 2, total: 5, has_more: true });
    const last = await json(await search(workspace.id, "pelican", member.token, "&per_page=2&page=3"));
    expect(last.data).toHaveLength(1);
    expect(last.meta.has_more).toBe(false);
    const past = await json(await search(workspace.id, "pelican", member.token, "&per_page=2&page=9"));
    expect(past.meta.total).toBe(5);
    expect((await json(await search(workspace.id, "pelican", member.token, "&folder_id=999999"))).data).toEqual([]);
  });

  it("never fails on FTS syntax in the query", async () => {
    const { workspace, owner, member } = await setup();
    await sharedDoc(workspace, owner, "Pricing OR packaging", "near the (end) of the year: 50% off*");
    for (const q of ['"', "*", "OR", "(", ")", "AND (", "a OR", "NEAR(", "title:pricing", "-pricing", "^", '"unterminated', "pri*ng", "{}", "'", "\\", "…", "🙂"]) {
      const response = await search(workspace.id, q, member.token);
      expect([q, response.status]).toEqual([q, 200]);
    }
    expect(await titlesOf(await search(workspace.id, "pricing OR", member.token))).toEqual(["Pricing OR packaging"]);
    expect(await titlesOf(await search(workspace.id, '"(end)"', member.token))).toEqual(["Pricing OR packaging"]);
  });

  it("answers an empty query with 400 naming q", async () => {
    const { workspace, member } = await setup();
    for (const path of [`/w/${workspace.id}/search`, `/w/${workspace.id}/search?q=`, `/w/${workspace.id}/search?q=%20%20`]) {
      const response = await api(path, { token: member.token });
      expect(response.status).toBe(400);
      expect((await json(response)).fields).toHaveProperty("q");
    }
  });

  it("refuses another workspace's user with 404 and shows them nothing", async () => {
    const { workspace, owner } = await setup();
    await sharedDoc(workspace, owner, "Internal ibis memo", "ibis");
    const stranger = await buildWorkspace();
    await sharedDoc(stranger.workspace, stranger.owner, "Their ibis", "ibis");
    const strangerToken = await tokenFor(stranger.owner);
    expect((await search(workspace.id, "ibis", strangerToken)).status).toBe(404);
    expect(await titlesOf(await search(stranger.workspace.id, "ibis", strangerToken))).toEqual(["Their ibis"]);
    expect((await search(workspace.id, "ibis")).status).toBe(401);
  });
});

describe("matchExpression", () => {
  it("quotes every word and makes the last one a prefix", () => {
    expect(matchExpression('brand "voice" OR (tone*')).toBe('"brand" "voice" "OR" "tone"*');
    expect(matchExpression("  ")).toBeNull();
    expect(matchExpression('"*()')).toBeNull();
  });
});

describe("search keys", () => {
  const keyFor = async (token: string, workspaceId: number) => {
    const response = await api("/users/search_key", { token, workspaceId });
    expect(response.status).toBe(200);
    return (await json(response)).data as { key: string; expires_at: string; workspace_id: number };
  };

  it("hands out a ten-minute key that searches the workspace as its user, without a session", async () => {
    const { workspace, owner, member } = await setup();
    await buildArticle(workspace, member.user, { title: "Member's heron draft", text: "heron" });
    await buildArticle(workspace, owner, { title: "Owner's heron draft", text: "heron" });
    const before = Date.now();
    const { key, expires_at, workspace_id } = await keyFor(member.token, workspace.id);
    expect(workspace_id).toBe(workspace.id);
    const lifetime = new Date(expires_at).getTime() - before;
    expect(lifetime).toBeGreaterThan((SEARCH_KEY_TTL_SECONDS - 5) * 1000);
    expect(lifetime).toBeLessThanOrEqual((SEARCH_KEY_TTL_SECONDS + 1) * 1000);

    expect(await titlesOf(await api(`/w/${workspace.id}/search?q=heron&key=${key}`))).toEqual(["Member's heron draft"]);
    expect(await titlesOf(await api(`/w/${workspace.id}/search?q=heron`, { headers: { "X-Search-Key": key } }))).toEqual(["Member's heron draft"]);
  });

  it("takes the workspace from workspace_id too, and needs one", async () => {
    const { workspace, member } = await setup();
    const named = await api(`/users/search_key?workspace_id=${workspace.id}`, { token: member.token });
    expect((await json(named)).data.workspace_id).toBe(workspace.id);
    const none = await api("/users/search_key", { token: member.token });
    expect(none.status).toBe(400);
    expect((await json(none)).fields).toHaveProperty("workspace_id");
    const stranger = await buildWorkspace();
    expect((await api(`/users/search_key?workspace_id=${stranger.workspace.id}`, { token: member.token })).status).toBe(404);
    expect((await api(`/users/search_key?workspace_id=${workspace.id}`)).status).toBe(401);
  });

  it("works only for its own workspace", async () => {
    const { workspace, member } = await setup();
    const other = await buildWorkspace();
    await buildMember(other.workspace, "member");
    const { key } = await keyFor(member.token, workspace.id);
    const response = await api(`/w/${other.workspace.id}/search?q=anything&key=${key}`);
    expect(response.status).toBe(403);
  });

  it("refuses an expired, forged or revoked key with 401", async () => {
    const { workspace, member } = await setup();
    const session = await authenticate(db, env, `Bearer ${member.token}`);
    const expired = await issueSearchKey(env, session, workspace.id, Date.now() - (SEARCH_KEY_TTL_SECONDS + 60) * 1000);
    const stale = await api(`/w/${workspace.id}/search?q=x&key=${expired.token}`);
    expect(stale.status).toBe(401);
    expect((await json(stale)).error).toBe("search_token_expired");

    const { key } = await keyFor(member.token, workspace.id);
    const [head, payload, signature] = key.split(".");
    const forged = `${head}.${payload}.${signature!.slice(0, -4)}AAAA`;
    expect((await api(`/w/${workspace.id}/search?q=x&key=${forged}`)).status).toBe(401);
    expect((await api(`/w/${workspace.id}/search?q=x&key=not-a-key`)).status).toBe(401);
    // A session token is not a search key.
    expect((await api(`/w/${workspace.id}/search?q=x&key=${member.token}`)).status).toBe(401);

    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session.id));
    expect((await api(`/w/${workspace.id}/search?q=x&key=${key}`)).status).toBe(401);
  });

  it("is never accepted as a session anywhere else", async () => {
    const { workspace, member } = await setup();
    const { key } = await keyFor(member.token, workspace.id);
    expect((await api("/users/self", { token: key })).status).toBe(401);
    expect((await api(`/w/${workspace.id}/articles`, { token: key })).status).toBe(401);
    expect((await api(`/w/${workspace.id}/articles?key=${key}`)).status).toBe(401);
    expect((await api(`/w/${workspace.id}/search?q=x`, { token: key })).status).toBe(401);
    expect((await api("/users/search_key", { token: key, workspaceId: workspace.id })).status).toBe(401);
  });

  it("stops working when its user leaves the workspace", async () => {
    const { workspace, member } = await setup();
    const { key } = await keyFor(member.token, workspace.id);
    await db.delete(memberships).where(eq(memberships.userId, member.user.id));
    expect((await api(`/w/${workspace.id}/search?q=x&key=${key}`)).status).toBe(404);
  });
});
