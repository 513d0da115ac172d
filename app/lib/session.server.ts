import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { authenticate, type Session } from "../../worker/auth/sessions";
import { createDb } from "../../worker/db/client";
import { SignatureExpired, Unauthorized } from "../../worker/lib/errors";
import { presentUser } from "../../worker/presenters/users";
import { listWorkspaces, rememberLastWorkspace } from "../../worker/services/workspaces";
import {
  AUTH_COOKIE_NAME,
  authStateFromCookieHeader,
  CLIENT_AUTH_COOKIE_NAME,
  encodeClientAuthState,
  readCookie,
  serializeAuthCookies,
  serializeClearedAuthCookies,
  type AuthState,
} from "./auth-cookie";
import { loginUrl, pathAndQuery } from "./redirects";

/**
 * The signed-in session for loaders and actions: the auth cookie's token checked exactly as
 * the API checks it (revoked, expired and password-reset sessions all fail), then the user's
 * workspaces and which one is current.
 */

export type Workspace = Awaited<ReturnType<typeof listWorkspaces>>[number];

export interface SignedIn {
  auth: AuthState;
  user: ReturnType<typeof presentUser>;
  /** The authenticated session row and full user, for the worker's services. Server-only: never return it from a loader. */
  authenticated: Session;
  workspaces: Workspace[];
  currentWorkspace: Workspace | null;
  /** Set-Cookie values when the cookies had to be corrected (current workspace, a missing companion). */
  setCookie: string[] | null;
}

export type SessionLookup =
  | { status: "signed_in"; session: SignedIn }
  | { status: "signed_out" | "expired" | "invalid"; clearCookie: string[] | null };

export const isSecure = (request: Request) => new URL(request.url).protocol === "https:";

/** The Set-Cookie values that store this session in the browser (the HttpOnly cookie and its companion). */
export function authCookies(request: Request, state: AuthState) {
  return serializeAuthCookies(state, { secure: isSecure(request) });
}

export function clearedAuthCookies(request: Request) {
  return serializeClearedAuthCookies({ secure: isSecure(request) });
}

/** Response headers that set each of these cookies (a response may set several). */
export function setCookieHeaders(...cookies: (string[] | null | undefined)[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies.flat()) if (cookie) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The current workspace: the cookie's, else the user's last one, else the first they have. */
export function pickWorkspace(workspaces: Workspace[], ...preferred: (number | null | undefined)[]) {
  for (const id of preferred) {
    const found = id ? workspaces.find((w) => w.id === id) : undefined;
    if (found) return found;
  }
  return workspaces[0] ?? null;
}

/** The workspace a `/workspaces/:id/...` page (or its `.data` request) is about, if any. */
export function workspaceInPath(url: string): number | null {
  const match = /^\/workspaces\/(\d+)(?:[/.]|$)/.exec(new URL(url).pathname);
  return match ? Number(match[1]) : null;
}

/**
 * One lookup per request: the shell's loader and the page's loader run in the same request
 * with the same load context, so they share one authentication and one workspace list.
 * (Actions run in requests of their own, so a change is always seen by the next lookup.)
 */
const lookups = new WeakMap<AppLoadContext, Map<string, Promise<SessionLookup>>>();

export function getSession(request: Request, context: AppLoadContext): Promise<SessionLookup> {
  let byCookie = lookups.get(context);
  if (!byCookie) lookups.set(context, (byCookie = new Map()));
  const key = `${request.headers.get("Cookie") ?? ""} ${workspaceInPath(request.url) ?? ""}`;
  let lookup = byCookie.get(key);
  if (!lookup) byCookie.set(key, (lookup = lookUpSession(request, context)));
  return lookup;
}

async function lookUpSession(request: Request, context: AppLoadContext): Promise<SessionLookup> {
  const cookieHeader = request.headers.get("Cookie");
  const auth = authStateFromCookieHeader(cookieHeader);
  if (!auth) {
    const hadCookie = readCookie(cookieHeader, AUTH_COOKIE_NAME) !== null || readCookie(cookieHeader, CLIENT_AUTH_COOKIE_NAME) !== null;
    return { status: "signed_out", clearCookie: hadCookie ? clearedAuthCookies(request) : null };
  }
  const { env } = context.cloudflare;
  const db = createDb(env.DB);
  let session;
  try {
    session = await authenticate(db, env, auth.headers.Authorization);
  } catch (error) {
    if (error instanceof SignatureExpired) return { status: "expired", clearCookie: clearedAuthCookies(request) };
    if (error instanceof Unauthorized) return { status: "invalid", clearCookie: clearedAuthCookies(request) };
    throw error;
  }
  const workspaces = await listWorkspaces(db, env, session.user.id);
  // A workspace named in the URL wins over the last one used, and becomes the last one used:
  // the shell, its sidebar and search must never show one workspace around a page of another.
  const currentWorkspace = pickWorkspace(workspaces, workspaceInPath(request.url), auth.last_workspace_id, session.user.lastWorkspaceId);
  const currentId = currentWorkspace?.id ?? null;
  if (currentId !== null && currentId !== session.user.lastWorkspaceId) await rememberLastWorkspace(db, session.user.id, currentId);
  const current = { ...auth, last_workspace_id: currentId, company_id: currentId };
  // Rewritten when the workspace moved, or when the page's companion cookie does not say so
  // (also a cookie from before the session became HttpOnly: it is set again, HttpOnly).
  const stale = readCookie(cookieHeader, CLIENT_AUTH_COOKIE_NAME) !== encodeClientAuthState(current);
  const moved = currentId !== auth.last_workspace_id || currentId !== auth.company_id;
  return {
    status: "signed_in",
    session: {
      auth: current,
      user: presentUser(session.user),
      authenticated: session,
      workspaces,
      currentWorkspace,
      setCookie: moved || stale ? authCookies(request, current) : null,
    },
  };
}

/** The authenticated session and its cookie state, or none (signed out, expired, revoked): the same shared lookup. */
export async function optionalSession(
  request: Request,
  context: AppLoadContext,
): Promise<{ session: Session; auth: AuthState } | { session: undefined; auth: null }> {
  const lookup = await getSession(request, context);
  return lookup.status === "signed_in" ? { session: lookup.session.authenticated, auth: lookup.session.auth } : { session: undefined, auth: null };
}

/**
 * The signed-in session, or a redirect to the sign-in page that comes back to this page
 * (its path and query) afterwards, clearing a cookie that no longer works.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SignedIn> {
  const lookup = await getSession(request, context);
  if (lookup.status === "signed_in") return lookup.session;
  const headers = setCookieHeaders(lookup.clearCookie);
  const notice: Record<string, string> = lookup.status === "expired" ? { expired: "1" } : {};
  throw redirect(loginUrl(pathAndQuery(new URL(request.url)), notice), { headers });
}
