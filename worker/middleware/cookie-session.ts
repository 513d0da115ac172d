import { authStateFromCookieHeader, serializeAuthCookies, type AuthState } from "../../app/lib/auth-cookie";
import { Forbidden } from "../lib/errors";
import { discardUnreadBody } from "../lib/refused-body";
import { apiSecurityHeaders } from "../lib/page-security";

/**
 * The browser's session is an HttpOnly cookie (app/lib/auth-cookie.ts) that pages (Remix) and
 * the page's own API calls (/v1, same origin) are authenticated by. A cookie rides along on
 * requests another site makes the browser send, so this is the one rule for both doors (the
 * Worker's fetch, and `npm run dev`'s bridge): a request that changes something, or opens a
 * WebSocket, on the strength of the cookie must show it comes from this site's own pages.
 * Requests with a bearer token are API clients, whom CORS lets call from anywhere; webhooks and
 * OAuth callbacks carry no session cookie and are judged by their own rules (signatures, state).
 */

export type Door = "api" | "page";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type Provenance = "same-origin" | "elsewhere" | "unknown";

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Where the browser says the request comes from: `Origin` (sent on every POST, PUT, PATCH,
 * DELETE and WebSocket), else `Sec-Fetch-Site`, else `Referer`. A sibling subdomain is
 * "same-site" but not this origin: it is elsewhere. Anything else (a non-browser client
 * without these headers, "none": typed in the address bar) is unknown.
 */
function provenance(request: Request): Provenance {
  const own = new URL(request.url).origin;
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin === own ? "same-origin" : "elsewhere";
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null && site !== "none") return site === "same-origin" ? "same-origin" : "elsewhere";
  const referer = request.headers.get("Referer");
  if (referer) return originOf(referer) === own ? "same-origin" : "elsewhere";
  return "unknown";
}

/**
 * OAuth callbacks that a provider answers with a form POST from its own site (Apple's
 * `response_mode=form_post`): the one cross-site write a page takes. It changes nothing on the
 * strength of a cookie session (the route reads none); what it must match is the round trip's
 * state cookie, which no other site can read or set.
 */
const FORM_POST_CALLBACKS = new Set(["/auth/apple/callback"]);

export const isFormPostCallback = (request: Request) => request.method === "POST" && FORM_POST_CALLBACKS.has(new URL(request.url).pathname);

/**
 * The page request as Remix gets it: a form_post callback without its foreign `Origin`, which
 * Remix's own action check would answer with a 500; the door above has already judged it.
 */
export function pageRequestForRemix(request: Request): Request {
  if (!isFormPostCallback(request) || !request.headers.has("Origin")) return request;
  const headers = new Headers(request.headers);
  headers.delete("Origin");
  return new Request(request, { headers });
}

/** The session this request rides on by its cookie alone; on /v1 a bearer token wins (an API client). */
export function cookieSessionOf(request: Request, door: Door): AuthState | null {
  if (door === "api" && request.headers.has("Authorization")) return null;
  return authStateFromCookieHeader(request.headers.get("Cookie"));
}

/**
 * Why this request is refused, in words, or null when it may go on. A page form sent from
 * another site is refused even without a session (it could sign the browser in to an account
 * of the sender's); an API call without a cookie session is an API client's and goes on.
 */
export function crossSiteRefusal(request: Request, door: Door): string | null {
  const socket = request.headers.get("Upgrade")?.toLowerCase() === "websocket";
  if (SAFE_METHODS.has(request.method) && !socket) return null;
  if (door === "page" && isFormPostCallback(request)) return null;
  const from = provenance(request);
  if (from === "same-origin") return null;
  const onCookie = cookieSessionOf(request, door) !== null;
  if (!onCookie && !(door === "page" && from === "elsewhere")) return null;
  return door === "page"
    ? "This form was sent from another site, so it was not accepted. Brandwork takes changes only from its own pages: go back to Brandwork and try again."
    : "This request came from another site, so it was refused. Signed-in browser calls are accepted only from Brandwork's own pages; API clients send an Authorization header.";
}

/**
 * The /v1 door: refuses a cross-site write on the cookie (403 in words), lets the API read a
 * cookie session as the `Authorization` it checks everywhere, and keeps any token the API answers
 * with (a password change, for instance) in the HttpOnly cookie instead of handing it to the
 * page's scripts.
 */
export async function serveApiWithCookie(request: Request, handle: (request: Request) => Response | Promise<Response>): Promise<Response> {
  const refusal = crossSiteRefusal(request, "api");
  if (refusal) {
    return new Response(JSON.stringify(new Forbidden(refusal).body()), {
      status: 403,
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...apiSecurityHeaders(request.url) },
    });
  }
  const session = cookieSessionOf(request, "api");
  if (!session) return handle(request);
  const headers = new Headers(request.headers);
  headers.set("Authorization", session.headers.Authorization);
  const forwarded = new Request(request, { headers });
  // The body moved to `forwarded`: what the API left unread of it is dropped here (lib/refused-body).
  const response = await Promise.resolve(handle(forwarded)).finally(() => discardUnreadBody(forwarded));

  const issued = response.headers.get("Authorization");
  if (!issued) return response;
  const kept = new Response(response.body, response);
  kept.headers.delete("Authorization");
  const secure = new URL(request.url).protocol === "https:";
  for (const cookie of serializeAuthCookies({ ...session, headers: { Authorization: issued } }, { secure })) kept.headers.append("Set-Cookie", cookie);
  return kept;
}
