import { exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articleSlug } from "../../core/slug";
import { DIRECTORY_CATEGORIES, DIRECTORY_JOB_SEARCH_TAGS } from "../../core/public-directory";
import { articles, categories, events, jobSearchTags, spotlights } from "../../worker/db/schema";
import { api, buildArticle, buildFolder, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

const ANON = { "X-Anonymous-User-Uuid": "6f1c2a4e-8b7d-4c3a-9e21-0d5f6a7b8c9d" };
const OTHER_ANON = { "X-Anonymous-User-Uuid": "0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d" };

/** Fetches a page through the whole Worker, as a browser would (redirects not followed). */
const page = (path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(`https://app.test${path}`, { redirect: "manual", headers });

const unique = () => Math.random().toString(36).slice(2, 8);

async function setup() {
  const { workspace, owner } = await buildWorkspace();
  const ownerToken = await tokenFor(owner);
  const article = await buildArticle(workspace, owner, { title: `Launch playbook ${unique()}`, text: "Ship it on Tuesday." });
  return { workspace, owner, ownerToken, article };
}

async function categoryId(slug: string) {
  await api("/categories"); // creates the fixed categories on first use
  const [row] = await db.select().from(categories).where(eq(categories.slug, slug));
  return row!.id;
}

async function reload(id: number) {
  const [row] = await db.select().from(articles).where(eq(articles.id, id));
  return row!;
}

async function publish(articleId: number, token: string, body: unknown = {}) {
  return api(`/articles/${articleId}/make_public`, { method: "PUT", token, body });
}

const eventsNamed = (name: string, articleId: number) =>
  db.select().from(events).where(and(eq(events.name, name), eq(events.articleId, articleId)));

describe("PUT /articles/:id/make_public", () => {
  it("publishes a document under a category for a member who may edit it, and records it", async () => {
    const { workspace, article } = await setup();
    const editor = await buildMember(workspace, "member");
    await grant({ article }, "User", "edit", { userId: editor.user.id });
    const marketing = await categoryId("marketing");

    const response = await publish(article.id, editor.token, { category_id: marketing });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.is_public).toBe(true);
    expect(data.category_id).toBe(marketing);
    expect(data.public_path).toBe(`/p/${articleSlug(article.title, article.id)}`);
    expect(data.published_at).toEqual(expect.any(String));
    const row = await reload(article.id);
    expect(row.publicVersion).toBe(article.publicVersion + 1);
    expect(await eventsNamed("articles.make_public", article.id)).toHaveLength(1);
  });

  it("keeps the first publication date and the category when published again without one", async () => {
    const { article, ownerToken } = await setup();
    const sales = await categoryId("sales");
    const first = (await json(await publish(article.id, ownerToken, { category_id: sales }))).data;
    const again = (await json(await publish(article.id, ownerToken))).data;
    expect(again.published_at).toBe(first.published_at);
    expect(again.category_id).toBe(sales);
  });

  it("refuses a reader and a guest editor with 403, and publishes nothing", async () => {
    const { workspace, article } = await setup();
    const reader = await buildMember(workspace, "member");
    const guest = await buildMember(workspace, "guest");
    await grant({ article }, "User", "read", { userId: reader.user.id });
    await grant({ article }, "User", "edit", { userId: guest.user.id });
    expect((await publish(article.id, reader.token)).status).toBe(403);
    expect((await publish(article.id, guest.token)).status).toBe(403);
    expect((await reload(article.id)).isPublic).toBe(false);
  });

  it("answers a category that does not exist, or is not an id, with 400 naming category_id", async () => {
    const { article, ownerToken } = await setup();
    for (const category_id of [999_999, "marketing"]) {
      const response = await publish(article.id, ownerToken, { category_id });
      expect(response.status).toBe(400);
      expect((await json(response)).fields).toHaveProperty("category_id");
    }
    expect((await reload(article.id)).isPublic).toBe(false);
  });

  it("refuses a password-protected document with 422 and says to remove the password", async () => {
    const { workspace, owner, ownerToken } = await setup();
    const locked = await buildArticle(workspace, owner, { passwordHash: "pbkdf2$x" });
    const response = await publish(locked.id, ownerToken);
    expect(response.status).toBe(422);
    expect((await json(response)).message).toMatch(/Password-protected documents can't be made public/);

    const folder = await buildFolder(workspace, owner, { passwordHash: "pbkdf2$x" });
    const inside = await buildArticle(workspace, owner, { folderId: folder.id });
    expect((await publish(inside.id, ownerToken)).status).toBe(422);
    expect((await reload(inside.id)).isPublic).toBe(false);
  });

  it("refuses an archived document with 422", async () => {
    const { workspace, owner, ownerToken } = await setup();
    const archived = await buildArticle(workspace, owner, { archivedAt: new Date() });
    expect((await publish(archived.id, ownerToken)).status).toBe(422);
  });

  it("answers another workspace's user with 404 and a signed-out caller with 401; nothing changes", async () => {
    const { article } = await setup();
    const stranger = await buildWorkspace();
    expect((await publish(article.id, await tokenFor(stranger.owner))).status).toBe(404);
    expect((await api(`/articles/${article.id}/make_public`, { method: "PUT", body: {} })).status).toBe(401);
    expect((await reload(article.id)).isPublic).toBe(false);
  });
});

describe("the statuses tab's publishing switch", () => {
  const requireApprovalToPublish = async (workspaceId: number, token: string, on: boolean) =>
    expect((await api(`/w/${workspaceId}/settings/workspace`, { method: "PUT", token, body: { statuses: { require_approval: { publishing: on } } } })).status).toBe(200);

  it("on: refuses an unapproved document with 422 naming its status until its approval review approves it; making it private is never held back", async () => {
    const { workspace, ownerToken, article } = await setup();
    await requireApprovalToPublish(workspace.id, ownerToken, true);
    const refused = await publish(article.id, ownerToken);
    expect(refused.status).toBe(422);
    expect(await json(refused)).toMatchObject({
      message: `"${article.title}" must be approved before it is published (a workspace rule). Request an approval review first.`,
      fields: { status: ["is not approved yet"] },
    });
    expect((await reload(article.id)).isPublic).toBe(false);

    // The real review flow: one approver approves, the document is approved, it goes public.
    const approver = await buildMember(workspace, "member");
    await grant({ article }, "User", "comment", { userId: approver.user.id });
    const { data: review } = await json(await api(`/articles/${article.id}/reviews`, { method: "POST", token: ownerToken, body: { kind: "approval", user_ids: [approver.user.id] } }));
    expect((await publish(article.id, ownerToken)).status).toBe(422);
    expect((await api(`/reviews/${review.id}/answer`, { method: "POST", token: approver.token, body: { answer: "approved" } })).status).toBe(200);
    expect((await reload(article.id)).status).toBe("approved");
    expect((await publish(article.id, ownerToken)).status).toBe(200);

    // A new approval round puts it back in review: it can be taken down, not published again.
    await api(`/articles/${article.id}/reviews`, { method: "POST", token: ownerToken, body: { kind: "approval", user_ids: [approver.user.id] } });
    expect((await reload(article.id)).status).toBe("in_review");
    expect((await api(`/articles/${article.id}/make_private`, { method: "PUT", token: ownerToken })).status).toBe(200);
    expect((await publish(article.id, ownerToken)).status).toBe(422);
  });

  it("off (the default): publishes a document whatever its status", async () => {
    const { ownerToken, article } = await setup();
    expect(article.status).not.toBe("approved");
    expect((await publish(article.id, ownerToken)).status).toBe(200);
  });
});

describe("PUT /articles/:id/make_private", () => {
  it("takes the page down, bumps the public version and records it", async () => {
    const { article, ownerToken } = await setup();
    await publish(article.id, ownerToken);
    const before = await reload(article.id);
    const response = await api(`/articles/${article.id}/make_private`, { method: "PUT", token: ownerToken });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.is_public).toBe(false);
    expect(data.public_path).toBeNull();
    expect((await reload(article.id)).publicVersion).toBe(before.publicVersion + 1);
    expect(await eventsNamed("articles.make_private", article.id)).toHaveLength(1);
  });

  it("refuses a reader and another workspace's user (who may only read the public page) with 403; the page stays up", async () => {
    const { workspace, article, ownerToken } = await setup();
    await publish(article.id, ownerToken);
    const reader = await buildMember(workspace, "member");
    await grant({ article }, "User", "read", { userId: reader.user.id });
    const stranger = await buildWorkspace();
    expect((await api(`/articles/${article.id}/make_private`, { method: "PUT", token: reader.token })).status).toBe(403);
    expect((await api(`/articles/${article.id}/make_private`, { method: "PUT", token: await tokenFor(stranger.owner) })).status).toBe(403);
    expect((await reload(article.id)).isPublic).toBe(true);
  });
});

describe("GET /p/:slug", () => {
  it("renders a published page for anonymous visitors, then serves it from the cache", async () => {
    const { article, ownerToken } = await setup();
    await publish(article.id, ownerToken, { category_id: await categoryId("marketing") });
    const path = `/p/${articleSlug(article.title, article.id)}`;

    const first = await page(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Cache")).toBe("MISS");
    const html = await first.text();
    expect(html).toContain(article.title);
    expect(html).toContain("Ship it on Tuesday.");
    expect(html).toContain("Marketing");
    expect(html).toContain(`<link rel="canonical" href="https://app.test${path}"/>`);
    expect(html).toContain('property="og:title"');
    expect(html).toContain('name="twitter:card"');

    const second = await page(path);
    expect(second.status).toBe(200);
    expect(second.headers.get("X-Cache")).toBe("HIT");
    // The same page, apart from the per-response CSP nonce its scripts carry.
    const withoutNonce = (text: string) => text.replaceAll(/ nonce="[^"]*"/g, "");
    expect(withoutNonce(await second.text())).toBe(withoutNonce(html));
    // Browsers must come back every time, so an unpublished page is never kept.
    expect(second.headers.get("Cache-Control")).toBe("public, no-cache");
  });

  it("answers a matching If-None-Match from the cache with 304", async () => {
    const { article, ownerToken } = await setup();
    await publish(article.id, ownerToken);
    const path = `/p/${articleSlug(article.title, article.id)}`;
    const etag = (await page(path)).headers.get("ETag")!;
    const conditional = await page(path, { "If-None-Match": etag });
    expect(conditional.status).toBe(304);
    expect(conditional.headers.get("X-Cache")).toBe("HIT");
  });

  it("shows an edit at once: the next request is a miss with the new content", async () => {
    const { article, ownerToken } = await setup();
    await publish(article.id, ownerToken);
    const path = `/p/${articleSlug(article.title, article.id)}`;
    await page(path);
    expect((await page(path)).headers.get("X-Cache")).toBe("HIT");

    await api(`/articles/${article.id}`, { method: "PUT", token: ownerToken, body: { article: { markdown: "Ship it on Friday instead." } } });
    const edited = await page(path);
    expect(edited.headers.get("X-Cache")).toBe("MISS");
    const html = await edited.text();
    expect(html).toContain("Ship it on Friday instead.");
    expect(html).not.toContain("Ship it on Tuesday.");
  });

  it("moves to the new address after a rename: the old slug redirects, the new one shows the new title", async () => {
    const { article, ownerToken } = await setup();
    await publish(article.id, ownerToken);
    const oldPath = `/p/${articleSlug(article.title, article.id)}`;
    await page(oldPath);
    const title = `Renamed playbook ${unique()}`;
    await api(`/articles/${article.id}`, { method: "PUT", token: ownerToken, body: { article: { title } } });

    const redirected = await page(oldPath);
    expect(redirected.status).toBe(301);
    const newPath = `/p/${articleSlug(title, article.id)}`;
    expect(redirected.headers.get("Location")).toBe(newPath);
    const renamed = await page(newPath);
    expect(renamed.headers.get("X-Cache")).toBe("MISS");
    expect(await renamed.text()).toContain(title);
  });

  it("answers 404 as soon as the page is made private, never the cached copy", async () => {
    const { article, ownerToken } = await setup();
    await publish(article.id, ownerToken);
    const path = `/p/${articleSlug(article.title, article.id)}`;
    await page(path);
    expect((await page(path)).headers.get("X-Cache")).toBe("HIT");

    await api(`/articles/${article.id}/make_private`, { method: "PUT", token: ownerToken });
    const gone = await page(path);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("X-Cache")).not.toBe("HIT");
    const html = await gone.text();
    expect(html).not.toContain("Ship it on Tuesday.");
    expect(html).toContain("This page isn&#x27;t available");

    // Published again: a fresh render, not the copy from before.
    await publish(article.id, ownerToken);
    expect((await page(path)).headers.get("X-Cache")).toBe("MISS");
  });

  it("answers 404 for an archived page, a private document and one shared only by link", async () => {
    const { workspace, owner, article, ownerToken } = await setup();
    await publish(article.id, ownerToken);
    await page(`/p/${articleSlug(article.title, article.id)}`);
    await api(`/articles/${article.id}/archive`, { method: "PUT", token: ownerToken });
    expect((await page(`/p/${articleSlug(article.title, article.id)}`)).status).toBe(404);

    const hidden = await buildArticle(workspace, owner, { text: "Private plans" });
    expect((await page(`/p/${articleSlug(hidden.title, hidden.id)}`)).status).toBe(404);

    const linkShared = await buildArticle(workspace, owner, { text: "Link only" });
    await grant({ article: linkShared }, "UnauthUser", "read");
    expect((await page(`/p/${articleSlug(linkShared.title, linkShared.id)}`)).status).toBe(404);
    expect((await page("/p/no-such-page-999999")).status).toBe(404);
  });

  it("answers 404 once the workspace is deactivated or a folder password guards it", async () => {
    const { workspace, owner, ownerToken } = await setup();
    const folder = await buildFolder(workspace, owner);
    const inside = await buildArticle(workspace, owner, { folderId: folder.id, text: "In a folder" });
    await publish(inside.id, ownerToken);
    const path = `/p/${articleSlug(inside.title, inside.id)}`;
    expect((await page(path)).status).toBe(200);

    expect((await page(path)).headers.get("X-Cache")).toBe("HIT");
    const locked = await api(`/folders/${folder.id}`, { method: "PUT", token: ownerToken, body: { folder: { password: "hunter22" } } });
    expect(locked.status).toBe(200);
    expect((await page(path)).status).toBe(404);

    const other = await setup();
    await publish(other.article.id, other.ownerToken);
    const otherPath = `/p/${articleSlug(other.article.title, other.article.id)}`;
    await page(otherPath);
    // Through the API, which purges the workspace's cached pages (a hit reads no database).
    expect((await api(`/w/${other.workspace.id}/deactivate`, { method: "DELETE", token: other.ownerToken })).status).toBe(204);
    expect((await page(otherPath)).status).toBe(404);
  });

  it("never stores Remix data requests or other URLs with a query string", async () => {
    const { article, ownerToken } = await setup();
    await publish(article.id, ownerToken);
    const path = `/p/${articleSlug(article.title, article.id)}?utm_source=newsletter`;
    expect((await page(path)).headers.get("X-Cache")).toBe("BYPASS");
    expect((await page(path)).headers.get("X-Cache")).toBe("BYPASS");
  });
});

describe("reactions", () => {
  const path = (id: number, emoji?: string) => `/articles/${id}/reactions${emoji ? `/${encodeURIComponent(emoji)}` : ""}`;

  it("counts reactions from anonymous visitors and signed-in people, and tells each which are theirs", async () => {
    const { article, ownerToken } = await setup();
    await publish(article.id, ownerToken);
    const outsider = await buildWorkspace();

    expect((await api(path(article.id), { method: "POST", headers: ANON, body: { emoji: "👍" } })).status).toBe(201);
    // Twice is still once.
    await api(path(article.id), { method: "POST", headers: ANON, body: { emoji: "👍" } });
    await api(path(article.id), { method: "POST", headers: OTHER_ANON, body: { emoji: "👍" } });
    // "❤" without the variation selector is the same heart.
    await api(path(article.id), { method: "POST", token: await tokenFor(outsider.owner), body: { emoji: "❤" } });
    await api(path(article.id), { method: "POST", token: ownerToken, body: { emoji: "🎉" } });

    const mine = (await json(await api(path(article.id), { headers: ANON }))).data;
    expect(mine.total).toBe(4);
    expect(mine.reactions.find((r: { emoji: string }) => r.emoji === "👍")).toEqual({ emoji: "👍", count: 2, reacted: true });
    expect(mine.reactions.find((r: { emoji: string }) => r.emoji === "❤️")).toEqual({ emoji: "❤️", count: 1, reacted: false });
    const owners = (await json(await api(path(article.id), { token: ownerToken }))).data;
    expect(owners.reactions.find((r: { emoji: string }) => r.emoji === "🎉").reacted).toBe(true);
    expect(owners.reactions.find((r: { emoji: string }) => r.emoji === "👍").reacted).toBe(false);
    // Counts without a uuid too (link previews), none marked as given.
    const nobody = (await json(await api(path(article.id)))).data;
    expect(nobody.reactions.every((r: { reacted: boolean }) => !r.reacted)).toBe(true);
  });

  it("takes a reaction back", async () => {
    const { article, ownerToken } = await setup();
    await publish(article.id, ownerToken);
    await api(path(article.id), { method: "POST", headers: ANON, body: { emoji: "👀" } });
    await api(path(article.id), { method: "POST", headers: OTHER_ANON, body: { emoji: "👀" } });
    const response = await api(path(article.id, "👀"), { method: "DELETE", headers: ANON });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.reactions.find((r: { emoji: string }) => r.emoji === "👀")).toEqual({ emoji: "👀", count: 1, reacted: false });
  });

  it("asks anonymous visitors for a valid uuid and a listed emoji (400)", async () => {
    const { article, ownerToken } = await setup();
    await publish(article.id, ownerToken);
    const missing = await api(path(article.id), { method: "POST", body: { emoji: "👍" } });
    expect(missing.status).toBe(400);
    expect((await json(missing)).fields).toHaveProperty(["X-Anonymous-User-Uuid"]);
    expect((await api(path(article.id), { method: "POST", headers: { "X-Anonymous-User-Uuid": "me" }, body: { emoji: "👍" } })).status).toBe(400);
    expect((await api(path(article.id, "👍"), { method: "DELETE" })).status).toBe(400);
    const odd = await api(path(article.id), { method: "POST", headers: ANON, body: { emoji: "🍕" } });
    expect(odd.status).toBe(400);
    expect((await json(odd)).fields).toHaveProperty("emoji");
  });

  it("lets workspace readers react to a document that is not public, and keeps strangers out", async () => {
    const { workspace, article } = await setup();
    const reader = await buildMember(workspace, "member");
    await grant({ article }, "User", "read", { userId: reader.user.id });
    expect((await api(path(article.id), { method: "POST", token: reader.token, body: { emoji: "😄" } })).status).toBe(201);

    const stranger = await buildWorkspace();
    expect((await api(path(article.id), { method: "POST", token: await tokenFor(stranger.owner), body: { emoji: "😄" } })).status).toBe(404);
    expect((await api(path(article.id), { method: "POST", headers: ANON, body: { emoji: "😄" } })).status).toBe(401);
    expect((await api(path(article.id), { headers: ANON })).status).toBe(401);
    const counts = (await json(await api(path(article.id), { token: reader.token }))).data;
    expect(counts.total).toBe(1);
  });

  it("leaves the cached page alone", async () => {
    const { article, ownerToken } = await setup();
    await publish(article.id, ownerToken);
    const pagePath = `/p/${articleSlug(article.title, article.id)}`;
    await page(pagePath);
    await api(path(article.id), { method: "POST", headers: ANON, body: { emoji: "🤔" } });
    expect((await page(pagePath)).headers.get("X-Cache")).toBe("HIT");
  });
});

describe("GET /articles/:id/meta", () => {
  it("describes a public page to anyone: title, description, image, author, company, date — never an email", async () => {
    const { article, owner, ownerToken } = await setup();
    await api(`/articles/${article.id}`, {
      method: "PUT",
      token: ownerToken,
      body: { article: { meta_title: "The launch playbook", meta_image_url: "https://cdn.example.com/cover.png" } },
    });
    await publish(article.id, ownerToken);
    const response = await api(`/articles/${article.id}/meta`);
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toMatchObject({
      title: "The launch playbook",
      description: "Ship it on Tuesday.",
      image_url: "https://cdn.example.com/cover.png",
      company: { name: "Acme Marketing" },
      is_public: true,
      url: `https://app.test/p/${articleSlug(article.title, article.id)}`,
    });
    expect(data.author.name).toBe("Test User");
    expect(data.published_at).toEqual(expect.any(String));
    expect(JSON.stringify(data)).not.toContain(owner.email);
  });

  it("needs read access for a document that is not public", async () => {
    const { article } = await setup();
    expect((await api(`/articles/${article.id}/meta`)).status).toBe(401);
    const stranger = await buildWorkspace();
    expect((await api(`/articles/${article.id}/meta`, { token: await tokenFor(stranger.owner) })).status).toBe(404);
  });
});

describe("POST /articles/:id/social_share", () => {
  it("answers the network's share address for the public page and records the share", async () => {
    const { article, ownerToken } = await setup();
    await publish(article.id, ownerToken);
    const pageUrl = `https://app.test/p/${articleSlug(article.title, article.id)}`;
    const response = await api(`/articles/${article.id}/social_share`, { method: "POST", headers: ANON, body: { network: "linkedin" } });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.url).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(pageUrl)}`);
    expect(data.public_url).toBe(pageUrl);
    const email = (await json(await api(`/articles/${article.id}/social_share`, { method: "POST", token: ownerToken, body: { network: "email" } })))
      .data;
    expect(email.url).toMatch(/^mailto:\?subject=/);
    const shares = await eventsNamed("articles.social_share", article.id);
    expect(shares.map((event) => (event.properties as { network: string }).network).sort()).toEqual(["email", "linkedin"]);
  });

  it("refuses a document that is not public with 422, an unknown network with 400, and strangers with 404", async () => {
    const { article, ownerToken } = await setup();
    const notPublic = await api(`/articles/${article.id}/social_share`, { method: "POST", token: ownerToken, body: { network: "x" } });
    expect(notPublic.status).toBe(422);
    expect((await json(notPublic)).message).toMatch(/Publish this document/);
    await publish(article.id, ownerToken);
    expect((await api(`/articles/${article.id}/social_share`, { method: "POST", token: ownerToken, body: { network: "myspace" } })).status).toBe(400);
    await api(`/articles/${article.id}/make_private`, { method: "PUT", token: ownerToken });
    const stranger = await buildWorkspace();
    expect(
      (await api(`/articles/${article.id}/social_share`, { method: "POST", token: await tokenFor(stranger.owner), body: { network: "x" } })).status,
    ).toBe(404);
  });
});

describe("the public directory", () => {
  it("has every fixed category and job-search tag on a freshly migrated database", async () => {
    const rows = await db.select().from(categories);
    for (const [position, category] of DIRECTORY_CATEGORIES.entries()) {
      expect(rows).toContainEqual(expect.objectContaining({ ...category, position }));
    }
    const tags = await db.select().from(jobSearchTags);
    for (const tag of DIRECTORY_JOB_SEARCH_TAGS) expect(tags).toContainEqual(expect.objectContaining(tag));
  });

  it("lists the categories without a session, with counts of public pages only", async () => {
    const { workspace, owner, article, ownerToken } = await setup();
    const product = await categoryId("product");
    const before = (await json(await api("/categories"))).data.find((c: { slug: string }) => c.slug === "product").article_count;
    await publish(article.id, ownerToken, { category_id: product });
    const archived = await buildArticle(workspace, owner);
    await publish(archived.id, ownerToken, { category_id: product });
    await api(`/articles/${archived.id}/archive`, { method: "PUT", token: ownerToken });
    await buildArticle(workspace, owner, { categoryId: product }); // filed but private

    const response = await api("/categories");
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(["Marketing", "Sales", "People & HR", "Meeting notes"]));
    expect(data.find((c: { slug: string }) => c.slug === "product").article_count).toBe(before + 1);
    // Creating them on demand happens once.
    const again = (await json(await api("/categories"))).data;
    expect(again).toHaveLength(data.length);
  });

  it("lists only the template categories with create_from_template=true", async () => {
    const { data } = await json(await api("/categories?create_from_template=true"));
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((c: { for_templates: boolean }) => c.for_templates)).toBe(true);
    expect((await api("/categories?create_from_template=maybe")).status).toBe(400);
  });

  it("shows a category's public pages by id or slug, newest first, a page at a time", async () => {
    const { workspace, owner, ownerToken } = await setup();
    const finance = await categoryId("finance");
    const [older, newer] = [await buildArticle(workspace, owner), await buildArticle(workspace, owner)];
    await publish(older.id, ownerToken, { category_id: finance });
    await db.update(articles).set({ publishedAt: new Date(Date.now() - 60_000) }).where(eq(articles.id, older.id));
    await publish(newer.id, ownerToken, { category_id: finance });

    const bySlug = await json(await api("/categories/finance?per_page=1"));
    expect(bySlug.data.name).toBe("Finance");
    expect(bySlug.data.articles).toHaveLength(1);
    expect(bySlug.data.articles[0].id).toBe(newer.id);
    expect(bySlug.data.articles[0].path).toBe(`/p/${articleSlug(newer.title, newer.id)}`);
    expect(bySlug.data.articles[0].author).toEqual({ name: "Test User", avatar_url: null, job_title: null });
    expect(bySlug.meta).toMatchObject({ page: 1, per_page: 1, has_more: true });
    const byId = await json(await api(`/categories/${finance}?page=2&per_page=1`));
    expect(byId.data.articles[0].id).toBe(older.id);
    expect(JSON.stringify(bySlug)).not.toContain(owner.email);
  });

  it("answers an unknown category with 404", async () => {
    expect((await api("/categories/no-such-category")).status).toBe(404);
    expect((await api("/categories/999999")).status).toBe(404);
  });

  it("spotlights featured pages newest first, or the newest published when nothing is featured", async () => {
    const { workspace, owner, ownerToken } = await setup();
    const [first, second, privateOne] = [await buildArticle(workspace, owner), await buildArticle(workspace, owner), await buildArticle(workspace, owner)];
    await publish(first.id, ownerToken);
    await publish(second.id, ownerToken);

    const fallback = await json(await api("/spotlights"));
    expect(fallback.meta.featured).toBe(false);
    expect(fallback.data[0].id).toBe(second.id);

    await db.insert(spotlights).values({ articleId: first.id, headline: "Editor's pick", createdAt: new Date(Date.now() - 1000) });
    await db.insert(spotlights).values({ articleId: second.id, headline: "New this week" });
    await db.insert(spotlights).values({ articleId: privateOne.id, headline: "Not public" });
    const featured = await json(await api("/spotlights"));
    expect(featured.meta.featured).toBe(true);
    const ids = featured.data.map((item: { id: number }) => item.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids).not.toContain(privateOne.id);
    expect(featured.data.find((item: { id: number }) => item.id === second.id).headline).toBe("New this week");

    // Unpublishing takes a page out of the spotlight.
    await api(`/articles/${second.id}/make_private`, { method: "PUT", token: ownerToken });
    expect((await db.select().from(spotlights).where(eq(spotlights.articleId, second.id)))).toHaveLength(0);
  });

  it("lists the job-search tags", async () => {
    const { data } = await json(await api("/job_search_tags"));
    expect(data.map((tag: { slug: string }) => tag.slug)).toEqual(expect.arrayContaining(["remote", "full-time", "marketing"]));
  });
});
