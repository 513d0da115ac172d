// lz-string is CommonJS: a default import works in Vite dev (Node), the build and workerd alike.
import LZString from "lz-string";

const { compressToEncodedURIComponent, decompressFromEncodedURIComponent } = LZString;

/**
 * The signed-in session as the app keeps it (SPEC section 3 "auth"), in one compressed cookie.
 * It is HttpOnly: page scripts never see the token. The server reads it (Remix loaders and
 * actions, and /v1 calls from this site, which it authenticates: worker/middleware/cookie-session.ts).
 * What the page itself needs to know (signed in, which workspace, super-admin mode) travels
 * beside it in a second, script-readable cookie that holds no secret (`ClientAuthState`).
 */
export interface AuthState {
  headers: { Authorization: string };
  last_workspace_id: number | null;
  company_id: number | null;
  /** The workspace in which super-admin mode is on, if any. */
  superAdminMode: number | null;
}

/** The session as page scripts may know it: everything but the token. */
export type ClientAuthState = Omit<AuthState, "headers">;

export const AUTH_COOKIE_NAME = "brandwork_auth";
/** The script-readable companion of the auth cookie; set and cleared with it, always. */
export const CLIENT_AUTH_COOKIE_NAME = "brandwork_client";
/** SPEC section 9: 2592000 s (30 days). */
export const AUTH_COOKIE_MAX_AGE = 2_592_000;

const optionalId = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;

const compress = (value: unknown) => compressToEncodedURIComponent(JSON.stringify(value));

function decompress(value: string | null | undefined): Record<string, unknown> | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(decompressFromEncodedURIComponent(value) || "null");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The secret-free part of a stored state (a whitelist: the token never comes along). */
const clientPart = (record: { last_workspace_id?: unknown; company_id?: unknown; superAdminMode?: unknown }): ClientAuthState => ({
  last_workspace_id: optionalId(record.last_workspace_id),
  company_id: optionalId(record.company_id),
  superAdminMode: optionalId(record.superAdminMode),
});

export function encodeAuthState(state: AuthState): string {
  return compress(state);
}

/** The stored state, or null for a missing, tampered or foreign value. */
export function decodeAuthState(value: string | null | undefined): AuthState | null {
  const record = decompress(value);
  const authorization = (record?.headers as Record<string, unknown> | undefined)?.Authorization;
  if (!record || typeof authorization !== "string" || !/^Bearer \S+$/.test(authorization)) return null;
  return { headers: { Authorization: authorization }, ...clientPart(record) };
}

export function encodeClientAuthState(state: ClientAuthState): string {
  return compress(clientPart(state));
}

export function decodeClientAuthState(value: string | null | undefined): ClientAuthState | null {
  const record = decompress(value);
  return record ? clientPart(record) : null;
}

/** A fresh state for a token just issued by sign-in, sign-up or a password reset. */
export function authStateFor(authorization: string, workspaceId: number | null = null): AuthState {
  return { headers: { Authorization: authorization }, last_workspace_id: workspaceId, company_id: workspaceId, superAdminMode: null };
}

/** One cookie of the pair, as a Set-Cookie value and as the parts a test browser takes (`context.addCookies`). */
export interface SessionCookie {
  name: string;
  value: string;
  httpOnly: boolean;
}

/** The browser's session: the HttpOnly auth cookie and its script-readable, secret-free companion. */
export function sessionCookies(state: AuthState): SessionCookie[] {
  return [
    { name: AUTH_COOKIE_NAME, value: encodeAuthState(state), httpOnly: true },
    { name: CLIENT_AUTH_COOKIE_NAME, value: encodeClientAuthState(state), httpOnly: false },
  ];
}

/** Host-only (so: on the app's own domain), whole site, Lax, Secure when served over https. */
function serialize(cookie: SessionCookie, secure: boolean, maxAge: number) {
  const attributes = [`Path=/`, `Max-Age=${maxAge}`, `SameSite=Lax`, ...(cookie.httpOnly ? ["HttpOnly"] : []), ...(secure ? ["Secure"] : [])];
  return [`${cookie.name}=${cookie.value}`, ...attributes].join("; ");
}

/** Set-Cookie values that start (or replace) the browser's session. */
export function serializeAuthCookies(state: AuthState, options: { secure: boolean }): string[] {
  return sessionCookies(state).map((cookie) => serialize(cookie, options.secure, AUTH_COOKIE_MAX_AGE));
}

/** Set-Cookie values that end it (sign-out, a session that no longer works); `only` names one of the pair. */
export function serializeClearedAuthCookies(options: { secure: boolean; only?: string }): string[] {
  return sessionCookies(authStateFor(""))
    .filter((cookie) => !options.only || cookie.name === options.only)
    .map((cookie) => serialize({ ...cookie, value: "" }, options.secure, 0));
}

/** Reads one cookie's raw value out of a `Cookie` request header or `document.cookie`. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

export function authStateFromCookieHeader(cookieHeader: string | null | undefined): AuthState | null {
  return decodeAuthState(readCookie(cookieHeader, AUTH_COOKIE_NAME));
}

// Browser side: only the companion cookie is readable here.

export function readClientAuth(): ClientAuthState | null {
  if (typeof document === "undefined") return null;
  return decodeClientAuthState(readCookie(document.cookie, CLIENT_AUTH_COOKIE_NAME));
}

/**
 * Session expiry seen by the page (SPEC sections 4 and 8): it stops acting signed in at once. The
 * HttpOnly cookie itself is cleared by the server, by the sign-in page the browser goes to next.
 */
export function clearClientAuth() {
  if (typeof document === "undefined") return;
  const secure = typeof location !== "undefined" && location.protocol === "https:";
  for (const cookie of serializeClearedAuthCookies({ secure, only: CLIENT_AUTH_COOKIE_NAME })) document.cookie = cookie;
}
