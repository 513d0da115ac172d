import { clearClientAuth } from "./auth-cookie";
import {
  buildRequestHeaders,
  classifyUnauthorized,
  describeApiError,
  RETRY_DELAY_MS,
  redirectAllowed,
  shouldRetry,
  type ApiProblem,
  type AttemptOutcome,
  type UnauthorizedKind,
} from "./api-rules";
import { apiBase, clientEnv } from "./client-env";
import { currentIdentity, forgetSignedInState, sessionUuid } from "./client-identity";
import { browserSession, type Store } from "./preferences";
import { LOGIN_PATH, loginUrl, pathAndQuery } from "./redirects";
import { reporter, type Reporter } from "./reporter";

/**
 * THE browser API client. Every call the pages make to /v1 goes through it, so the shared
 * rules hold everywhere (SPEC sections 7 and 8): the headers, GET retries on network errors
 * and 5xx, 5xx reports, and what a 401 does to a signed-in session. A signed-in page sends no
 * token: its HttpOnly session cookie authenticates it (same origin only).
 */

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** X-Article-Password for the current document, when it has a stored password. */
  articlePassword?: string | null;
  /** Let the request outlive the page (a report sent on `pagehide`): sendBeacon's delivery, with the client's headers. */
  keepalive?: boolean;
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

/** A non-2xx answer (or no answer: status 0), with the problem as the UI shows it. */
export class ApiError extends Error {
  readonly problem: ApiProblem;
  constructor(
    readonly status: number,
    readonly body: unknown,
    headers?: Headers,
  ) {
    const problem = describeApiError(status, body, headers?.get("Retry-After"));
    super(problem.message);
    this.name = "ApiError";
    this.problem = problem;
  }
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  base: () => string;
  headers: (options: RequestOptions) => Record<string, string>;
  /** Whether the client is signed in: 401 handling only applies then. */
  signedIn: () => boolean;
  onUnauthorized: (kind: Exclude<UnauthorizedKind, "other">) => void;
  sleep?: (ms: number) => Promise<void>;
  report?: Reporter;
  /** Where the last D1 bookmark the API answered with is kept (none: not sent). */
  bookmarks?: BookmarkStore;
}

/** The header the API's D1 session bookmark travels in (worker/db/client.ts). */
export const BOOKMARK_HEADER = "x-d1-bookmark";
const BOOKMARK_KEY = "brandwork.d1Bookmark";

export interface BookmarkStore {
  read(): string | null;
  write(bookmark: string): void;
}

/**
 * Keeps the newest bookmark in memory and in the tab's sessionStorage (a reload keeps it):
 * sent back on every call, it makes any database replica answer with this tab's own writes.
 * Answers can arrive out of order; D1 bookmarks are fixed-width hex that sort in time order,
 * so the larger one is kept.
 */
export function createBookmarkStore(storage: Pick<Store, "read" | "write">): BookmarkStore {
  const accept = (value: unknown) => (typeof value === "string" && value.length <= 128 ? value : null);
  let current: string | null = null;
  const read = () => (current ??= storage.read<string | null>(BOOKMARK_KEY, null, accept));
  return {
    read,
    write(bookmark) {
      const known = read();
      if (!accept(bookmark) || (known !== null && known >= bookmark)) return;
      current = bookmark;
      storage.write(BOOKMARK_KEY, bookmark);
    },
  };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const text = await response.text();
  if (!text) return null;
  if ((response.headers.get("Content-Type") ?? "").includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function buildUrl(base: string, path: string, query?: Query) {
  const url = new URL(base + (path.startsWith("/") ? path : `/${path}`));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

export function createApiClient(deps: ApiClientDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const report = deps.report ?? reporter;

  function bookmarkHeader(): Record<string, string> {
    const bookmark = deps.bookmarks?.read();
    return bookmark ? { [BOOKMARK_HEADER]: bookmark } : {};
  }
  function keepBookmark(response: Response) {
    const bookmark = response.headers.get(BOOKMARK_HEADER);
    if (bookmark) deps.bookmarks?.write(bookmark);
  }

  /** An error answer: SPEC section 8's 401 handling, then an ApiError for the caller. */
  function fail(response: Response, parsed: unknown): never {
    if (response.status === 401 && deps.signedIn()) {
      const kind = classifyUnauthorized(parsed);
      if (kind !== "other") deps.onUnauthorized(kind);
    }
    throw new ApiError(response.status, parsed, response.headers);
  }

  async function request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = buildUrl(deps.base(), path, options.query);
    const headers: Record<string, string> = { Accept: "application/json", ...deps.headers(options), ...bookmarkHeader(), ...options.headers };
    let body: string | undefined;
    if (options.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.body);
    }
    report.addBreadcrumb({ category: "api", message: `${method} ${path}` });

    for (let retries = 0; ; retries++) {
      let outcome: AttemptOutcome;
      let response: Response | null = null;
      try {
        // The session is the HttpOnly cookie, which only a same-origin call carries.
        response = await deps.fetch(url, { method, headers, body, signal: options.signal, credentials: "same-origin", keepalive: options.keepalive });
        outcome = { kind: "response", status: response.status };
      } catch (error) {
        if (options.signal?.aborted) throw error;
        outcome = { kind: "network_error" };
        if (!shouldRetry(method, outcome, retries)) {
          throw new ApiError(0, { message: "We couldn't reach Brandwork. Check your connection and try again." });
        }
        await sleep(RETRY_DELAY_MS);
        continue;
      }

      keepBookmark(response);
      const parsed = await readBody(response);
      if (response.status >= 500) {
        // SPEC section 8: reported as a warning with body, status, status text and URL.
        report.captureMessage(`API ${method} ${path} answered ${response.status}`, "warning", {
          body: parsed,
          status: response.status,
          statusText: response.statusText,
          url,
        });
      }
      if (shouldRetry(method, outcome, retries)) {
        await sleep(RETRY_DELAY_MS);
        continue;
      }
      if (!response.ok) fail(response, parsed);
      return { status: response.status, headers: response.headers, body: parsed as T };
    }
  }

  /**
   * A POST whose answer is read as it arrives (server-sent events, for generation): never
   * retried; an error answer is read and thrown as an ApiError like any other call.
   */
  async function stream(path: string, body: unknown, options: RequestOptions = {}): Promise<Response> {
    const url = buildUrl(deps.base(), path, options.query);
    const headers: Record<string, string> = {
      Accept: "text/event-stream",
      "Content-Type": "application/json",
      ...deps.headers(options),
      ...bookmarkHeader(),
      ...options.headers,
    };
    report.addBreadcrumb({ category: "api", message: `POST ${path} (stream)` });
    let response: Response;
    try {
      response = await deps.fetch(url, { method: "POST", headers, body: JSON.stringify(body), signal: options.signal, credentials: "same-origin" });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, { message: "We couldn't reach Brandwork. Check your connection and try again." });
    }
    keepBookmark(response);
    if (response.ok) return response;
    fail(response, await readBody(response));
  }

  const bodyOf = async <T>(promise: Promise<ApiResponse<T>>) => (await promise).body;
  return {
    request,
    stream,
    get: <T = unknown>(path: string, options?: RequestOptions) => bodyOf(request<T>("GET", path, options)),
    post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
      bodyOf(request<T>("POST", path, { ...options, body })),
    put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
      bodyOf(request<T>("PUT", path, { ...options, body })),
    patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
      bodyOf(request<T>("PATCH", path, { ...options, body })),
    delete: <T = unknown>(path: string, options?: RequestOptions) => bodyOf(request<T>("DELETE", path, options)),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

const LAST_REDIRECT_KEY = "brandwork.lastAuthRedirect";

/** SPEC section 8: leave the expired or revoked session for the sign-in page, coming back here after. */
function leaveForSignIn(kind: Exclude<UnauthorizedKind, "other">) {
  clearClientAuth();
  forgetSignedInState();
  if (location.pathname === LOGIN_PATH) return;
  const target = loginUrl(pathAndQuery(location));
  if (kind === "signed_out") {
    location.replace(target);
    return;
  }
  const now = Date.now();
  const last = browserSession.read<number | null>(LAST_REDIRECT_KEY, null, (v) => (typeof v === "number" ? v : null));
  if (!redirectAllowed(last, now)) return;
  browserSession.write(LAST_REDIRECT_KEY, now);
  location.assign(target);
}

export const api = createApiClient({
  fetch: (...args) => fetch(...args),
  base: () => apiBase(clientEnv()?.API_BASE, location.origin),
  headers: (options) =>
    buildRequestHeaders({ sessionUuid: sessionUuid(), identity: currentIdentity(), articlePassword: options.articlePassword }),
  signedIn: () => currentIdentity().kind === "signed_in",
  onUnauthorized: leaveForSignIn,
  bookmarks: createBookmarkStore(browserSession),
});
