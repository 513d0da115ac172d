// lz-string is CommonJS: a default import works in Vite dev (Node), the build and workerd alike.
import LZString from "lz-string";

const { compressToEncodedURIComponent, decompressFromEncodedURIComponent } = LZString;

/**
 * The signed-in session as the client keeps it (SPEC section 3 "auth"), in one compressed
 * cookie that both the browser (to build API headers) and Remix loaders (to render signed-in
 * pages) read. It is not HttpOnly on purpose: the browser sends the token itself as
 * `Authorization`, the cookie is never what authenticates an API call.
 */
export interface AuthState {
  headers: { Authorization: string };
  last_workspace_id: number | null;
  company_id: number | null;
  /** The workspace in which super-admin mode is on, if any. */
  superAdminMode: number | null;
}

export const AUTH_COOKIE_NAME = "brandwork_auth";
/** SPEC section 9: 2592000 s (30 days). */
export const AUTH_COOKIE_MAX_AGE = 2_592_000;

const optionalId = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;

export function encodeAuthState(state: AuthState): string {
  return compressToEncodedURIComponent(JSON.stringify(state));
}

/** The stored state, or null for a missing, tampered or foreign value. */
export function decodeAuthState(value: string | null | undefined): AuthState | null {
  if (!value) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decompressFromEncodedURIComponent(value) || "null");
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const record = parsed as Record<string, unknown>;
  const authorization = (record.headers as Record<string, unknown> | undefined)?.Authorization;
  if (typeof authorization !== "string" || !/^Bearer \S+$/.test(authorization)) return null;
  return {
    headers: { Authorization: authorization },
    last_workspace_id: optionalId(record.last_workspace_id),
    company_id: optionalId(record.company_id),
    superAdminMode: optionalId(record.superAdminMode),
  };
}

/** A fresh state for a token just issued by sign-in, sign-up or a password reset. */
export function authStateFor(authorization: string, workspaceId: number | null = null): AuthState {
  return { headers: { Authorization: authorization }, last_workspace_id: workspaceId, company_id: workspaceId, superAdminMode: null };
}

/** Host-only (so: on the app's own domain), whole site, Lax, Secure when served over https. */
function attributes(secure: boolean, maxAge: number) {
  return [`Path=/`, `Max-Age=${maxAge}`, `SameSite=Lax`, ...(secure ? ["Secure"] : [])].join("; ");
}

export function serializeAuthCookie(state: AuthState, options: { secure: boolean }): string {
  return `${AUTH_COOKIE_NAME}=${encodeAuthState(state)}; ${attributes(options.secure, AUTH_COOKIE_MAX_AGE)}`;
}

export function serializeClearedAuthCookie(options: { secure: boolean }): string {
  return `${AUTH_COOKIE_NAME}=; ${attributes(options.secure, 0)}`;
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

// Browser side: the same cookie through document.cookie.

const isHttps = () => typeof location !== "undefined" && location.protocol === "https:";

export function readAuth(): AuthState | null {
  if (typeof document === "undefined") return null;
  return authStateFromCookieHeader(document.cookie);
}

export function writeAuth(state: AuthState) {
  document.cookie = serializeAuthCookie(state, { secure: isHttps() });
}

/** Sign-out and session expiry: the auth state and its headers are gone (SPEC section 4). */
export function clearAuth() {
  if (typeof document === "undefined") return;
  document.cookie = serializeClearedAuthCookie({ secure: isHttps() });
}
