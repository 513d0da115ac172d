import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { isOAuthProvider, oauthConfigured, oauthProviders, type OAuthProvider } from "../../worker/auth/oauth";
import { readCookie } from "./auth-cookie";
import { LOGIN_PATH, safeRedirectPath } from "./redirects";

/** Binds an OAuth round trip to this browser: provider, random state and where to return. */
export const OAUTH_COOKIE = "brandwork_oauth";
const OAUTH_COOKIE_MAX_AGE = 600;

export function configuredProvider(context: AppLoadContext, value: string | undefined): OAuthProvider {
  if (!isOAuthProvider(value) || !oauthConfigured(context.cloudflare.env, value)) {
    throw new Response("Not found", { status: 404 });
  }
  return value;
}

const cookieAttributes = (request: Request, maxAge: number) =>
  `Path=/auth; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${new URL(request.url).protocol === "https:" ? "; Secure" : ""}`;

/**
 * A form_post provider (Apple) comes back with a POST from its own site, on which a Lax cookie
 * is not sent: its state cookie is SameSite=None, which browsers accept only with Secure (and
 * keep on http://localhost too). What stops a forged POST is still that its state must match
 * this cookie, which no other site can read or set.
 */
const stateCookieAttributes = (request: Request, provider: OAuthProvider, maxAge: number) =>
  oauthProviders[provider].callback === "form_post" ? `Path=/auth; HttpOnly; SameSite=None; Secure; Max-Age=${maxAge}` : cookieAttributes(request, maxAge);

export function oauthStateCookie(request: Request, provider: OAuthProvider, state: string, redirectTo: string) {
  const value = encodeURIComponent(JSON.stringify({ provider, state, redirectTo }));
  return `${OAUTH_COOKIE}=${value}; ${stateCookieAttributes(request, provider, OAUTH_COOKIE_MAX_AGE)}`;
}

export const clearedOAuthCookie = (request: Request) => `${OAUTH_COOKIE}=; ${cookieAttributes(request, 0)}`;

/** The round trip this browser started, if the callback's provider and state match it. */
export function readOAuthState(request: Request, provider: OAuthProvider, state: string | null) {
  try {
    const raw = readCookie(request.headers.get("Cookie"), OAUTH_COOKIE);
    const saved = raw ? (JSON.parse(decodeURIComponent(raw)) as { provider?: string; state?: string; redirectTo?: string }) : null;
    if (!saved || !state || saved.provider !== provider || saved.state !== state) return null;
    return { redirectTo: safeRedirectPath(saved.redirectTo) };
  } catch {
    return null;
  }
}

/** Back to the sign-in page with a message, forgetting the round trip. */
export function oauthFailure(request: Request, message: string) {
  const query = new URLSearchParams({ oauth_error: message });
  return redirect(`/login_or_signup?${query}`, { headers: { "Set-Cookie": clearedOAuthCookie(request) } });
}

/**
 * An OAuth identity waiting for the account's password before it is linked (the provider
 * did not vouch for the email). HttpOnly and scoped to the sign-in page, which reads it when
 * the password form is posted; the token inside is signed and names the account.
 */
export const OAUTH_LINK_COOKIE = "brandwork_oauth_link";

const linkCookieAttributes = (request: Request, maxAge: number) =>
  `Path=${LOGIN_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${new URL(request.url).protocol === "https:" ? "; Secure" : ""}`;

export const oauthLinkCookie = (request: Request, token: string) =>
  `${OAUTH_LINK_COOKIE}=${encodeURIComponent(token)}; ${linkCookieAttributes(request, OAUTH_COOKIE_MAX_AGE)}`;

export const clearedOAuthLinkCookie = (request: Request) => `${OAUTH_LINK_COOKIE}=; ${linkCookieAttributes(request, 0)}`;

export function readOAuthLinkCookie(request: Request): string | null {
  const raw = readCookie(request.headers.get("Cookie"), OAUTH_LINK_COOKIE);
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** To the password step for `email`, saying why, with the pending identity in its cookie. */
export function oauthLinkRequired(request: Request, provider: OAuthProvider, email: string, token: string, redirectTo: string) {
  const query = new URLSearchParams({ step: "password", email, link_provider: provider });
  if (redirectTo !== "/") query.set("redirect_to", redirectTo);
  const headers = new Headers();
  headers.append("Set-Cookie", clearedOAuthCookie(request));
  headers.append("Set-Cookie", oauthLinkCookie(request, token));
  return redirect(`${LOGIN_PATH}?${query}`, { headers });
}
