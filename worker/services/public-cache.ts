import { and, eq, isNull, not, or, sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import { articleSlug, idFromSlug } from "../../core/slug";
import { createDb, type Database } from "../db/client";
import { articles, workspaces } from "../db/schema";
import type { AppEnv } from "../lib/create-app";
import { restampPageSecurity } from "../lib/page-security";
import { inGuardedFolderSql } from "./access";
import { purgeZoneUrls, type ZonePurgeEnv } from "./zone-purge";

// Public pages (`/p/:slug`) are served from the Workers Cache API, keyed by the page's URL
// alone (`/p/<id>`), so a hit answers without touching D1. Freshness comes from purging:
// every committed change that affects a page (edits, renames, moves, archiving, unpublishing,
// deleting, passwords, folder changes, ownership, the workspace's settings) deletes its entry
// here and, when CF_ZONE_ID and CF_PURGE_TOKEN are set, in every data centre through the
// zone purge-by-URL API. A data centre that misses a purge (or a render that raced it) keeps
// its copy fresh for PUBLIC_PAGE_FRESH_SECONDS at most; the first request after that is still
// answered from the copy while the page is re-checked and re-rendered in the background, and
// after PUBLIC_PAGE_STALE_SECONDS more the copy expires whatever happens.

export const PUBLIC_PAGE_PREFIX = "/p/";
/** s-maxage: how long a stored page is answered without re-checking it. */
export const PUBLIC_PAGE_FRESH_SECONDS = 60;
/** stale-while-revalidate: how long after that a copy may still answer while it is re-rendered. */
export const PUBLIC_PAGE_STALE_SECONDS = 60;
/** Which Remix build rendered a cached page: a deploy makes older renders misses (their assets may be gone). */
const BUILD_HEADER = "X-Build-Version";
/** The slug the page was rendered for: any other slug of the same id is a rename (redirect) or a miss. */
const SLUG_HEADER = "X-Page-Slug";
/** Whether the workspace allowed embedding when the page was stored (settings changes purge). */
const FRAMEABLE_HEADER = "X-Page-Frameable";
/** When the page was stored (ms since the epoch), for the fresh/stale decision. */
const STORED_AT_HEADER = "X-Page-Stored-At";
const INTERNAL_HEADERS = [BUILD_HEADER, SLUG_HEADER, FRAMEABLE_HEADER, STORED_AT_HEADER];

// The DOM lib's CacheStorage (for the Remix browser code) hides workerd's `caches.default`.
const edgeCache = () => (caches as unknown as { default: Cache }).default;

export type CacheOutcome = "HIT" | "MISS" | "BYPASS";

export const isPublicPagePath = (pathname: string) =>
  pathname.startsWith(PUBLIC_PAGE_PREFIX) && pathname.length > PUBLIC_PAGE_PREFIX.length && !pathname.slice(3).includes("/");

/** The cache entry of a page: a URL of the page itself (`/p/<id>` redirects to the slug), nothing from the database. */
export function publicCacheKey(origin: string, articleId: number): string {
  return `${origin}${PUBLIC_PAGE_PREFIX}${articleId}`;
}

/**
 * `public_version + 1`, for any update that changes what a public page shows: a count of such
 * changes. The cache is keyed by URL alone: the command purges the page (context.publicPages).
 */
export const nextPublicVersion = sql`${articles.publicVersion} + 1` as unknown as number;

/** Counts a change to an article's public page; batch it with the change, then purge the page. */
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
        // Nor behind a folder password anywhere above it (the directory's own test), so a copy
        // stored before the folder was locked is never taken for a public page.
        or(isNull(articles.folderId), not(inGuardedFolderSql(articles.folderId))),
      ),
    );
  return row ? { slug: articleSlug(row.title, id), version: row.version, embeddable: row.embeddable === 1 } : null;
}

/** Drops the cached copies of some pages after a committed change: see publicPagePurger. */
export interface PublicPagePurger {
  purge(articleIds: Iterable<number>): Promise<void>;
}

/**
 * Deletes the pages' entries in this data centre (awaited: the next request here renders the
 * change) and asks the zone purge API to drop them everywhere else (after the response).
 */
export function publicPagePurger(
  env: ZonePurgeEnv,
  origin: string,
  waitUntil: (work: Promise<unknown>) => void,
  fetcher?: typeof fetch,
): PublicPagePurger {
  return {
    async purge(articleIds) {
      const urls = [...new Set(articleIds)].map((id) => publicCacheKey(origin, id));
      if (urls.length === 0) return;
      await Promise.all(urls.map((url) => edgeCache().delete(url).catch(() => false)));
      waitUntil(purgeZoneUrls(env, urls, fetcher));
    },
  };
}

/** The request's purger, for the host the change was made through (the app's own). */
export function publicPagesFor(c: Context<AppEnv>): PublicPagePurger {
  const waitUntil = (work: Promise<unknown>) => {
    try {
      c.executionCtx.waitUntil(work);
    } catch {
      // Called in-process without an execution context: the promise still runs, unawaited.
    }
  };
  return publicPagePurger(c.env, new URL(c.req.url).origin, waitUntil);
}

/** Purges every public page of a workspace: its settings (embedding, name, theme) or its life changed. */
export async function purgeWorkspacePages(db: Database, purger: PublicPagePurger, workspaceId: number) {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.workspaceId, workspaceId), eq(articles.isPublic, true)));
  await purger.purge(rows.map((row) => row.id));
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

const newEtag = (slug: string, buildId: string) =>
  `W/"${slug}.${buildId}.${Date.now().toString(36)}${crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36)}"`;

function cacheHeaders(response: Response, outcome: CacheOutcome, etag?: string): Response {
  const headers = new Headers(response.headers);
  headers.set("X-Cache", outcome);
  for (const name of INTERNAL_HEADERS) headers.delete(name);
  // Browsers revalidate every time (a 304 from the cache is cheap), so nobody keeps a page after it was unpublished.
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
  /** Runs the background re-render of a stale copy after the response. */
  waitUntil: (work: Promise<unknown>) => void;
}

/** Only what an anonymous visitor was shown is stored: if a page ever came to differ for signed-in people, theirs never reaches anybody else. */
const storable = (rendered: Response, request: Request) =>
  rendered.status === 200 && !rendered.headers.has("Set-Cookie") && !signedIn(request);

/** Checks the page in D1 and renders it; stores the render when it may be shared. Null state: not public (or locked). */
async function renderAndStore(request: Request, env: Env, options: PublicPageOptions, key: string, slug: string, id: number) {
  // If the database cannot answer, render without the cache rather than fail the page.
  const state = await publicPageState(createDb(env.DB), id).catch(() => null);
  if (!state || state.slug !== slug) return { state: null, rendered: await options.render(request) };
  const rendered = await options.render(request);
  if (!storable(rendered, request)) return { state, rendered };
  const body = await rendered.arrayBuffer();
  const etag = newEtag(slug, options.buildId);
  const stored = new Response(body, rendered);
  // The Cache API ignores stale-while-revalidate, so the entry lives for both windows and
  // servePublicPage tells them apart by STORED_AT_HEADER.
  stored.headers.set("Cache-Control", `public, max-age=${PUBLIC_PAGE_FRESH_SECONDS + PUBLIC_PAGE_STALE_SECONDS}`);
  stored.headers.set("ETag", etag);
  stored.headers.set(BUILD_HEADER, options.buildId);
  stored.headers.set(SLUG_HEADER, slug);
  stored.headers.set(FRAMEABLE_HEADER, state.embeddable ? "1" : "0");
  stored.headers.set(STORED_AT_HEADER, String(Date.now()));
  // Awaited so the very next request is a hit; only misses pay for it.
  await edgeCache().put(key, stored).catch(() => undefined);
  return { state, rendered: new Response(body, rendered), etag };
}

/** Stale copies being re-rendered in this isolate, so a burst of requests starts one render. */
const refreshing = new Set<string>();

/** Re-checks and re-renders a stale copy as an anonymous visitor; drops it when the page is no longer public. */
async function refresh(url: URL, env: Env, options: PublicPageOptions, key: string, slug: string, id: number) {
  if (refreshing.has(key)) return;
  refreshing.add(key);
  try {
    const { state } = await renderAndStore(new Request(url, { headers: { Accept: "text/html" } }), env, options, key, slug, id);
    if (!state) await edgeCache().delete(key);
  } catch (error) {
    console.warn(`public page ${url.pathname} could not be re-rendered: ${String(error)}`);
  } finally {
    refreshing.delete(key);
  }
}

/**
 * `GET /p/:slug` through the cache. A hit answers from `caches.default` without reading D1 or
 * rendering (`X-Cache: HIT`); the framing decision comes from the stored copy. A miss checks
 * the page in D1, renders, stores 200 answers and says `X-Cache: MISS`. Anything with a query
 * string (Remix data requests, cache-busting), a stale slug (redirect) or a page that is not
 * public (404) is rendered and never stored (`X-Cache: BYPASS`). The page is the same for
 * everyone (reactions load in the browser), so signed-in visitors are served the cached copy
 * too; only renders made for anonymous visitors are stored.
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
  if (request.method !== "GET" || url.search || slug === null || id === null) return forClient(await options.render(request), "BYPASS");

  const key = publicCacheKey(url.origin, id);
  const cached = await edgeCache().match(key).catch(() => undefined);
  if (cached && cached.headers.get(BUILD_HEADER) === options.buildId && cached.headers.get(SLUG_HEADER) === slug) {
    embeddable = cached.headers.get(FRAMEABLE_HEADER) === "1";
    const age = Date.now() - Number(cached.headers.get(STORED_AT_HEADER));
    if (!(age <= PUBLIC_PAGE_FRESH_SECONDS * 1000)) options.waitUntil(refresh(url, env, options, key, slug, id));
    const etag = cached.headers.get("ETag") ?? undefined;
    if (etag && request.headers.get("If-None-Match") === etag) {
      await cached.body?.cancel();
      return forClient(new Response(null, { status: 304 }), "HIT", etag);
    }
    return forClient(cached, "HIT", etag);
  }
  await cached?.body?.cancel();

  const { state, rendered, etag } = await renderAndStore(request, env, options, key, slug, id);
  embeddable = state?.embeddable ?? false;
  return forClient(rendered, etag ? "MISS" : "BYPASS", etag);
}
