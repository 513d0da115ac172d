/** Where sign-in lives (SPEC section 2). */
export const LOGIN_PATH = "/login_or_signup";

// Any scheme-like prefix, a protocol-relative start, backslashes (browsers treat `/\` as
// `//`) and control characters can all leave the site; none of them is a same-site path.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\\u0000-\u001f\u007f]/;

const BASE = "https://brandwork.invalid";

/** A path that a browser would read as another host: `//host` or `/\\host`. */
const leavesSite = (path: string) => /^[/\\]{2}/.test(path);

/**
 * Accepts `redirect_to` only as a same-site relative path ("/docs/a?b=1#c"); anything else
 * (absolute URLs, `//host`, backslashes, encoded tricks, the API, the login page itself)
 * becomes `fallback`, so the parameter can never be used as an open redirect.
 *
 * The decision is made on what the URL parser resolves the value to, not on its spelling:
 * `/.//evil.example` starts with one slash but resolves to `//evil.example`. The resolved
 * path is then resolved once more, as the browser will when it follows the redirect, and
 * must stay on this origin and keep the same path.
 */
export function safeRedirectPath(raw: string | null | undefined, fallback = "/"): string {
  if (typeof raw !== "string") return fallback;
  const value = raw.trim();
  if (!value.startsWith("/") || leavesSite(value) || UNSAFE.test(value)) return fallback;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (leavesSite(decoded) || UNSAFE.test(decoded)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (leavesSite(path) || leavesSite(decodeURIComponentSafe(url.pathname))) return fallback;
  const followed = new URL(path, BASE);
  if (followed.origin !== BASE || followed.pathname !== url.pathname) return fallback;
  if (url.pathname === LOGIN_PATH || url.pathname === "/v1" || url.pathname.startsWith("/v1/")) return fallback;
  return path;
}

function decodeURIComponentSafe(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The sign-in page, coming back to `returnTo` (a path and query) afterwards. */
export function loginUrl(returnTo?: string | null, params: Record<string, string> = {}): string {
  const search = new URLSearchParams();
  const target = returnTo ? safeRedirectPath(returnTo, "") : "";
  if (target) search.set("redirect_to", target);
  for (const [key, value] of Object.entries(params)) search.set(key, value);
  const query = search.toString();
  return query ? `${LOGIN_PATH}?${query}` : LOGIN_PATH;
}

/** The path and query of a URL, as `redirect_to` carries it. */
export function pathAndQuery(url: URL | Location): string {
  return `${url.pathname}${url.search}`;
}
