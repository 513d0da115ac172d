import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { articleSlug, idFromSlug } from "../../core/slug";
import { createDb, type Database } from "../db/client";
import { articles, workspaces } from "../db/schema";
import { restampPageSecurity } from "../lib/page-security";

// Public pages (`/p/:slug`) are served from the Workers Cache API. The cache key carries the
// article's `publicVersion`, which every change that affects the page bumps (edits, renames,
// moves, archiving, unpublishing, passwords, folder changes, grants, ownership). Each request
// first reads that version with one primary-key lookup, so after any change old entries are
// unreachable in every colo, not only in the one that made the change; an unpublished or
// archived page skips the cache altogether.

export const PUBLIC_PAGE_PREFIX = "/p/";
/** How long the cache keeps a rendered page. Versioned keys mean it is never served stale. */
export const PUBLIC_PAGE_TTL_SECONDS = 86_400;
/** Which Remix build rendered a cached page: a deploy makes older renders misses (their assets may be gone). */
const BUILD_HEADER = "X-Build-Version";

// The DOM lib's CacheStorage (for the Remix browser code) hides workerd's `caches.default`.
const edgeCache = () => (caches as unknown as { default: Cache }).default;

export type CacheOutcome = "HIT" | "MISS" | "BYPASS";

export const isPublicPagePath = (pathname: string) =>
  pathname.startsWith(PUBLIC_PAGE_PREFIX) && pathname.length > PUBLIC_PAGE_PREFIX.length && !pathname.slice(3).includes("/");

/** The cache entry of one version of a page: its canonical URL plus the version. */
export function publicCacheKey(origin: string, slug: string, version: number): string {
  return `${origin}${PUBLIC_PAGE_PREFIX}${encodeURIComponent(slug)}?public_version=${version}`;
}

/** `public_version + 1`, for any update that changes what a public page shows. */
export const nextPublicVersion = sql`${articles.publicVersion} + 1` as unknown as number;

/** The statement that makes an article's cached public page unreachable; batch it with the change. */
export function bumpPublicVersion(db: Database, articleId: number | SQL) {
  return db
    .update(articles)
    .set({ publicVersion: nextPublicVersion })
    .where(eq(articles.id, articleId as number));
}

/** What the cache needs to know about a page, in one indexed read. */
export async function publicPageState(db: Database, id: number) {
  const [row] = await db
    .select({
      title: articles.title,
      version: articles.publicVersion,
      embeddable: sql<number | null>`json_extract(${workspaces.settings}, '$.publish.allow_embedding')`,
    })
    .from(articles)
    .innerJoin(workspaces, eq(workspaces.id, articles.workspaceId))
    .where(
      and(
        eq(articles.id, id),
        eq(articles.isPublic, true),
        isNull(articles.archivedAt),
        isNull(articles.passwordHash),
        isNull(workspaces.deactivatedAt),
      ),
    );
  return row ? { slug: articleSlug(row.title, id), version: row.version, embeddable: row.embeddable === 1 } : null;
}

/**
 * Drops the entry of the version being replaced in this colo (other colos can no longer
 * reach theirs: the version moved on). Belt and braces for unpublishing.
 */
export async function purgePublicPage(origin: string, article: { id: number; title: string; publicVersion: number }) {
  try {
    await edgeCache().delete(publicCacheKey(origin, articleSlug(article.title, article.id), article.publicVersion));
  } catch {
    // The cache is an optimisation; the version bump already made the entry unreachable.
  }
}

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};

/** The app's auth cookie (app/lib/auth-cookie.ts) or an Authorization header. */
const signedIn = (request: Request) =>
  request.headers.has("Authorization") || /(?:^|;\s*)brandwork_auth=/.test(request.headers.get("Cookie") ?? "");

const etagFor = (slug: string, version: number, buildId: string) => `W/"${slug}.${version}.${buildId}"`;

function cacheHeaders(response: Response, outcome: CacheOutcome, etag?: string): Response {
  const headers = new Headers(response.headers);
  headers.set("X-Cache", outcome);
  headers.delete(BUILD_HEADER);
  // Browsers revalidate every time, so nobody keeps a page after it was unpublished.
  if (outcome !== "BYPASS") headers.set("Cache-Control", "public, no-cache");
  else if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-cache");
  if (etag) headers.set("ETag", etag);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export interface PublicPageOptions {
  /** Renders the page (Remix) when the cache cannot answer. */
  render: (request: Request) => Promise<Response>;
  /** The Remix build's version, part of every cached entry. */
  buildId: string;
}

/**
 * `GET /p/:slug` through the cache: a hit answers without rendering (`X-Cache: HIT`); a miss
 * renders, stores 200 answers, and says `X-Cache: MISS`. Anything with a query string (Remix
 * data requests, cache-busting), a stale slug (redirect) or a page that is not public
 * (404) is rendered and never stored (`X-Cache: BYPASS`). The page is the same for everyone
 * (reactions load in the browser), so signed-in visitors are served the cached copy too;
 * only renders made for anonymous visitors are stored.
 */
export async function servePublicPage(request: Request, env: Env, options: PublicPageOptions): Promise<Response> {
  let embeddable = false;
  // Every answer gets a nonce of its own (a cached page was rendered with another's) and may be
  // framed only when the page is public and its workspace allows embedding.
  const forClient = (response: Response, outcome: CacheOutcome, etag?: string) =>
    restampPageSecurity(cacheHeaders(response, outcome, etag), env, request, { frameable: embeddable });
  const url = new URL(request.url);
  const slug = safeDecode(url.pathname.slice(PUBLIC_PAGE_PREFIX.length));
  const id = slug === null ? null : idFromSlug(slug);
  if (request.method !== "GET" || url.search || id === null) return forClient(await options.render(request), "BYPASS");

  // If the database cannot answer, render without the cache rather than fail the page.
  const state = await publicPageState(createDb(env.DB), id).catch(() => null);
  if (!state || state.slug !== slug) return forClient(await options.render(request), "BYPASS");
  embeddable = state.embeddable;

  const etag = etagFor(state.slug, state.version, options.buildId);
  const key = publicCacheKey(url.origin, state.slug, state.version);
  const cached = await edgeCache().match(key).catch(() => undefined);
  if (cached && cached.headers.get(BUILD_HEADER) === options.buildId) {
    if (request.headers.get("If-None-Match") === etag) return forClient(new Response(null, { status: 304 }), "HIT", etag);
    return forClient(cached, "HIT", etag);
  }

  const rendered = await options.render(request);
  // Only what an anonymous visitor was shown is stored: if a page ever came to differ for
  // signed-in people, their version would never reach anybody else.
  if (rendered.status !== 200 || rendered.headers.has("Set-Cookie") || signedIn(request)) {
    return forClient(rendered, "BYPASS");
  }
  const body = await rendered.arrayBuffer();
  const stored = new Response(body, rendered);
  stored.headers.set("Cache-Control", `public, max-age=${PUBLIC_PAGE_TTL_SECONDS}`);
  stored.headers.set(BUILD_HEADER, options.buildId);
  // Awaited so the very next request is a hit; only misses pay for it.
  await edgeCache().put(key, stored).catch(() => undefined);
  return forClient(new Response(body, rendered), "MISS", etag);
}
