import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ROOM_TOKEN_AUDIENCE, ROOM_TOKEN_ISSUER } from "../../core/collab";
import { documentFromPlainText } from "../../core/document/text";
import { articleSlug } from "../../core/slug";
import { articles } from "../../worker/db/schema";
import { PUBLIC_PAGE_FRESH_SECONDS, publicCacheKey, publicPagePurger } from "../../worker/services/public-cache";
import { PURGE_URLS_PER_CALL, purgeZoneUrls } from "../../worker/services/zone-purge";
import { api, buildArticle, buildFolder, buildMember, buildWorkspace, db, tokenFor } from "../factories";

/** Fetches a page through the whole Worker, as a browser would (redirects not followed). */
const page = (path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(`https://app.test${path}`, { redirect: "manual", headers });

const unique = () => Math.random().toString(36).slice(2, 8);
const edgeCache = () => (caches as unknown as { default: Cache }).default;

/** A published page, already rendered once (so stored), and its path. */
async function cachedPage(options: { folderId?: number } = {}) {
  const { workspace, owner } = await buildWorkspace();
  const token = await tokenFor(owner);
  const article = await buildArticle(workspace, owner, { title: `Pricing notes ${unique()}`, text: "Plans start at ten euros.", ...options });
  expect((await api(`/articles/${article.id}/make_public`, { method: "PUT", token, body: {} })).status).toBe(200);
  const path = `/p/${articleSlug(article.title, article.id)}`;
  expect((await page(path)).headers.get("X-Cache")).toBe("MISS");
  expect((await page(path)).headers.get("X-Cache")).toBe("HIT");
  return { workspace, owner, token, article, path };
}

/**
 * Counts every way the Worker can reach D1 while `work` runs: statements, batches and sessions
 * (a session's statements start from withSession).
 */
async function d1CallsDuring(work: () => Promise<unknown>) {
  await untilD1Quiet();
  const spies = (["prepare", "batch", "exec", "withSession"] as const).map((method) => vi.spyOn(env.DB, method));
  try {
    await work();
    return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/**
 * The spy sees every D1 call in this workerd, and test files share it (vitest `isolate: false`):
 * an earlier file's background work (a queued publish the queue consumer runs a second later)
 * was counted as the cache hit's once. Measuring starts when nothing has touched D1 for 300 ms.
 */
async function untilD1Quiet() {
  // Counted in rounds, not by the clock: some tests here fake Date.
  for (let round = 0; round < 30; round++) {
    const spies = (["prepare", "batch", "exec", "withSession"] as const).map((method) => vi.spyOn(env.DB, method));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const calls = spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    for (const spy of spies) spy.mockRestore();
    if (calls === 0) return;
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("a public page cache hit", () => {
  it("is answered without reading the database, while a miss does read it", async () => {
    const { article, token, path } = await cachedPage();
    let hit: Response | undefined;
    expect(await d1CallsDuring(async () => (hit = await page(path)))).toBe(0);
    expect(hit!.headers.get("X-Cache")).toBe("HIT");
    expect(await hit!.text()).toContain("Plans start at ten euros.");
    // A 304 for the browser's copy is a hit too.
    const etag = hit!.headers.get("ETag")!;
    let conditional: Response | undefined;
    expect(await d1CallsDuring(async () => (conditional = await page(path, { "If-None-Match": etag })))).toBe(0);
    expect(conditional!.status).toBe(304);

    // The spy sees what a miss reads, so the zero above means something.
    await api(`/articles/${article.id}`, { method: "PUT", token, body: { article: { markdown: "Plans start at twelve euros." } } });
    let miss: Response | undefined;
    expect(await d1CallsDuring(async () => (miss = await page(path)))).toBeGreaterThan(0);
    expect(miss!.headers.get("X-Cache")).toBe("MISS");
    expect(await miss!.text()).toContain("Plans start at twelve euros.");
  });

  it("takes framing from the stored copy, and a change to the embedding setting purges it", async () => {
    const { workspace, token, path } = await cachedPage();
    expect((await page(path)).headers.get("X-Frame-Options")).toBe("DENY");
    const saved = await api(`/w/${workspace.id}/settings/workspace`, { method: "PUT", token, body: { publish: { allow_embedding: true } } });
    expect(saved.status).toBe(200);
    const after = await page(path);
    expect(after.headers.get("X-Cache")).toBe("MISS");
    expect(after.headers.get("X-Frame-Options")).toBeNull();
    const hit = await page(path);
    expect(hit.headers.get("X-Cache")).toBe("HIT");
    expect(hit.headers.get("X-Frame-Options")).toBeNull();
    expect(hit.headers.get("Content-Security-Policy")).toContain("frame-ancestors *");
  });
});

describe("a data centre that missed a purge", () => {
  it("keeps its copy for s-maxage at most, then answers it once more while re-checking, and drops it", async () => {
    const { article, path } = await cachedPage();
    // Taken down without this data centre hearing of it (as if the purge went to another one).
    await db.update(articles).set({ isPublic: false }).where(eq(articles.id, article.id));
    expect((await page(path)).headers.get("X-Cache")).toBe("HIT");

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (PUBLIC_PAGE_FRESH_SECONDS + 1) * 1000 });
    const stale = await page(path);
    expect(stale.status).toBe(200);
    // The background re-check finds the page gone and drops the copy.
    await vi.waitFor(async () => expect((await page(path)).status).toBe(404), { timeout: 5_000, interval: 50 });
  });
});

describe("every change to a public page purges it: the next request renders the change", () => {
  it("an edit saved by the document's live room", async () => {
    const { owner, article, path } = await cachedPage();
    const room = `article-${article.id}`;
    const token = await new SignJWT({ room })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(ROOM_TOKEN_ISSUER)
      .setAudience(ROOM_TOKEN_AUDIENCE)
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(env.COLLAB_TOKEN_SECRET!));
    const saved = await api(`/internal/rooms/${room}/document`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}` },
      body: { body: documentFromPlainText("Written together in the room."), editor_ids: [owner.id] },
    });
    expect(saved.status).toBe(200);
    const fresh = await page(path);
    expect(fresh.headers.get("X-Cache")).toBe("MISS");
    expect(await fresh.text()).toContain("Written together in the room.");
  });

  it("a password on the document", async () => {
    const { article, token, path } = await cachedPage();
    expect((await api(`/articles/${article.id}`, { method: "PUT", token, body: { article: { password: "hunter22" } } })).status).toBe(200);
    const gone = await page(path);
    expect(gone.status).toBe(404);
    expect(await gone.text()).not.toContain("Plans start at ten euros.");
  });

  it("a move into a password-protected folder", async () => {
    const { workspace, owner, article, token, path } = await cachedPage();
    const locked = await buildFolder(workspace, owner);
    expect((await api(`/folders/${locked.id}`, { method: "PUT", token, body: { folder: { password: "hunter22" } } })).status).toBe(200);
    expect((await api(`/articles/${article.id}/move`, { method: "PUT", token, body: { folder_id: locked.id } })).status).toBe(200);
    expect((await page(path)).status).toBe(404);
  });

  it("a move of its folder under a password-protected one", async () => {
    const { workspace, owner } = await buildWorkspace();
    const folder = await buildFolder(workspace, owner);
    const { path, token } = await cachedPageIn(workspace, owner, folder.id);
    const locked = await buildFolder(workspace, owner);
    expect((await api(`/folders/${locked.id}`, { method: "PUT", token, body: { folder: { password: "hunter22" } } })).status).toBe(200);
    expect((await api(`/folders/${folder.id}/move`, { method: "PUT", token, body: { parent_id: locked.id } })).status).toBe(200);
    expect((await page(path)).status).toBe(404);
  });

  it("archiving the document or its folder", async () => {
    const own = await cachedPage();
    expect((await api(`/articles/${own.article.id}/archive`, { method: "PUT", token: own.token })).status).toBe(200);
    expect((await page(own.path)).status).toBe(404);

    const { workspace, owner } = await buildWorkspace();
    const folder = await buildFolder(workspace, owner);
    const inside = await cachedPageIn(workspace, owner, folder.id);
    expect((await api(`/folders/${folder.id}/archive`, { method: "PUT", token: inside.token })).status).toBe(200);
    expect((await page(inside.path)).status).toBe(404);
  });

  it("deleting the document or its folder for good drops any copy left under its key", async () => {
    const { workspace, owner, article, token } = await cachedPage();
    await api(`/articles/${article.id}/archive`, { method: "PUT", token });
    // A copy another render stored between the archive and the delete.
    const key = publicCacheKey("https://app.test", article.id);
    await edgeCache().put(key, new Response("left over", { headers: { "Cache-Control": "max-age=600" } }));
    expect((await api(`/articles/${article.id}?permanent=true`, { method: "DELETE", token })).status).toBe(200);
    expect(await edgeCache().match(key)).toBeUndefined();

    const folder = await buildFolder(workspace, owner);
    const inside = await cachedPageIn(workspace, owner, folder.id);
    await api(`/folders/${folder.id}/archive`, { method: "PUT", token });
    const insideKey = publicCacheKey("https://app.test", inside.articleId);
    await edgeCache().put(insideKey, new Response("left over", { headers: { "Cache-Control": "max-age=600" } }));
    expect((await api(`/folders/${folder.id}?permanent=true`, { method: "DELETE", token })).status).toBe(200);
    expect(await edgeCache().match(insideKey)).toBeUndefined();
  });

  it("handing the document to another owner (the page names its author)", async () => {
    const { workspace, article, token, path } = await cachedPage();
    const colleague = await buildMember(workspace, "member");
    const moved = await api(`/articles/${article.id}/transfer_ownership`, { method: "PUT", token, body: { user_id: colleague.user.id } });
    expect(moved.status).toBe(200);
    expect((await page(path)).headers.get("X-Cache")).toBe("MISS");
  });

  it("deactivating the workspace", async () => {
    const { workspace, token, path } = await cachedPage();
    expect((await api(`/w/${workspace.id}/deactivate`, { method: "DELETE", token })).status).toBe(204);
    expect((await page(path)).status).toBe(404);
  });
});

async function cachedPageIn(workspace: { id: number }, owner: { id: number }, folderId: number) {
  const token = await tokenFor(owner);
  const article = await buildArticle(workspace, owner, { title: `Folder page ${unique()}`, text: "Inside a folder.", folderId });
  expect((await api(`/articles/${article.id}/make_public`, { method: "PUT", token, body: {} })).status).toBe(200);
  const path = `/p/${articleSlug(article.title, article.id)}`;
  expect((await page(path)).status).toBe(200);
  expect((await page(path)).headers.get("X-Cache")).toBe("HIT");
  return { token, path, articleId: article.id };
}

describe("the zone purge client", () => {
  const configured = { CF_ZONE_ID: "zone123", CF_PURGE_TOKEN: "purge-token" };
  const answering = (status = 200, body: unknown = { success: true, errors: [] }) =>
    vi.fn<typeof fetch>(async () => Response.json(body, { status }));

  it("posts the URLs to the zone's purge_cache endpoint with the token, 30 at a time", async () => {
    const fetcher = answering();
    const urls = Array.from({ length: PURGE_URLS_PER_CALL + 5 }, (_, i) => `https://app.test/p/${i + 1}`);
    expect(await purgeZoneUrls(configured, urls, fetcher)).toBe("purged");
    expect(fetcher).toHaveBeenCalledTimes(2);
    const [endpoint, init] = fetcher.mock.calls[0]!;
    expect(endpoint).toBe("https://api.cloudflare.com/client/v4/zones/zone123/purge_cache");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer purge-token");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(init?.body as string)).toEqual({ files: urls.slice(0, PURGE_URLS_PER_CALL) });
    expect(JSON.parse(fetcher.mock.calls[1]![1]?.body as string)).toEqual({ files: urls.slice(PURGE_URLS_PER_CALL) });
  });

  it("says so when Cloudflare refuses or cannot be reached, without throwing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await purgeZoneUrls(configured, ["https://app.test/p/1"], answering(403, { success: false, errors: [{ code: 10000 }] }))).toBe("failed");
    expect(await purgeZoneUrls(configured, ["https://app.test/p/1"], vi.fn<typeof fetch>(async () => Promise.reject(new Error("down"))))).toBe("failed");
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("does nothing remote without a zone and a token, and logs that once", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const fetcher = answering();
    expect(await purgeZoneUrls({}, ["https://app.test/p/1"], fetcher)).toBe("unconfigured");
    expect(await purgeZoneUrls({ CF_ZONE_ID: "zone123" }, ["https://app.test/p/2"], fetcher)).toBe("unconfigured");
    expect(fetcher).not.toHaveBeenCalled();
    expect(log.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it("is what a purge sends, for the same keys it deletes in this data centre", async () => {
    const fetcher = answering();
    const pending: Promise<unknown>[] = [];
    const purger = publicPagePurger(configured, "https://app.test", (work) => pending.push(work), fetcher);
    const key = publicCacheKey("https://app.test", 424242);
    await edgeCache().put(key, new Response("stored", { headers: { "Cache-Control": "max-age=600" } }));
    await purger.purge([424242, 424242]);
    expect(await edgeCache().match(key)).toBeUndefined();
    await Promise.all(pending);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(JSON.parse(fetcher.mock.calls[0]![1]?.body as string)).toEqual({ files: [key] });
  });
});
