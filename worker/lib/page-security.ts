/**
 * The one place the Worker's security headers are made. Every page answer carries a
 * Content-Security-Policy whose scripts must bear this response's nonce, no framing (except
 * public pages of a workspace that allows embedding), no MIME sniffing, and referrers cut to the
 * origin across sites; API answers carry theirs from `apiSecurityHeaders`; both carry HSTS on https.
 *
 * The nonce is made per response in the Worker (`renderPage`), handed to Remix through the
 * load context (`context.nonce`), and put by React on every script Remix and React render;
 * anything injected into the markup lacks it and does not run.
 */

export interface PageSecurityOptions {
  nonce: string;
  /** Public pages of a workspace that allows embedding may be framed by any site. */
  frameable?: boolean;
}

const NONCE_SOURCE = /'nonce-([A-Za-z0-9+/=_-]+)'/;

/** 128 random bits, base64: a fresh one for every response. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** `http(s)://host` and `ws(s)://host` for a `host[:port]` (PARTYKIT_HOST) or an origin URL. */
function hostSources(value: string | undefined): string[] {
  if (!value) return [];
  try {
    const host = value.includes("://") ? new URL(value).host : new URL(`https://${value}`).host;
    return [`https://${host}`, `wss://${host}`, `http://${host}`, `ws://${host}`];
  } catch {
    return [];
  }
}

function originOf(value: string | undefined): string[] {
  if (!value) return [];
  try {
    return [new URL(value).origin];
  } catch {
    return [];
  }
}

export function contentSecurityPolicy(env: Partial<Env>, requestUrl: string, options: PageSecurityOptions): string {
  const self = new URL(requestUrl);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // Every script is a same-origin file or an inline script Remix/React rendered with the nonce.
    "script-src": ["'self'", `'nonce-${options.nonce}'`],
    // Stylesheets are files; an inline <style> needs the nonce (the last-resort error page).
    "style-src": ["'self'", `'nonce-${options.nonce}'`],
    // Style *attributes* cannot carry a nonce, and the server-rendered markup uses them: the
    // workspace theme's custom properties on <html>, embed and image sizes, column widths.
    // They can set styles only, never run script.
    "style-src-attr": ["'unsafe-inline'"],
    // Uploads (R2, served by the Worker), pasted data/blob previews, and images that
    // documents and brand kits link from other sites.
    "img-src": ["'self'", "data:", "blob:", "https:", "http:"],
    "media-src": ["'self'", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    // The API and the inbox's websocket on this origin, the PartyKit rooms, and where browser
    // error reports go.
    "connect-src": [
      "'self'",
      `${self.protocol === "https:" ? "wss" : "ws"}://${self.host}`,
      ...hostSources(env.PARTYKIT_HOST),
      ...originOf(env.API_BASE),
      ...originOf(env.PUBLIC_SENTRY_DSN),
    ],
    // Embed blocks frame provider pages (video, maps, forms), always sandboxed by the editor.
    "frame-src": ["'self'", "https:", "http:"],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "frame-ancestors": [options.frameable ? "*" : "'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(" ")}`)
    .join("; ");
}

/**
 * A year (ASVS asks for at least that): once seen over https, the browser goes to this host and
 * its subdomains over https only, so a network attacker cannot strip TLS and read the session
 * cookie. Sent on https answers only: over plain http browsers ignore it (RFC 6797 section 8.1).
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

function transportSecurity(requestUrl: string): Record<string, string> {
  return new URL(requestUrl).protocol === "https:" ? { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY } : {};
}

/**
 * What every /v1 answer carries: JSON is never to be sniffed into something else, framed or
 * sent on as a referrer. The page-only headers (CSP, cross-origin isolation) mean nothing for an
 * API that any origin may call.
 */
export function apiSecurityHeaders(requestUrl: string): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    ...transportSecurity(requestUrl),
  };
}

/**
 * /v1/docs, the API reference (openapi/reference-page): Redoc's bundle from our own static
 * assets and the document from /v1, nothing from elsewhere. Its styled-components write
 * <style> elements it cannot give a nonce (styles only, never script), and its search index
 * runs in a worker made from a blob. Redoc's footer logo on its CDN is refused (it then hides).
 */
export function apiReferenceSecurityHeaders(requestUrl: string): Record<string, string> {
  const directives = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "worker-src blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ];
  return { ...apiSecurityHeaders(requestUrl), "Content-Security-Policy": directives.join("; ") };
}

/** The response with the page headers set (a copy: responses from the runtime may be immutable). */
export function withPageSecurity(response: Response, env: Partial<Env>, request: Request, options: PageSecurityOptions): Response {
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy(env, request.url, options));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  for (const [name, value] of Object.entries(transportSecurity(request.url))) headers.set(name, value);
  if (options.frameable) headers.delete("X-Frame-Options");
  else headers.set("X-Frame-Options", "DENY");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A page that was rendered for someone else (the public page cache) gets a nonce of its own:
 * the elements that carried the old nonce (only those React rendered) carry the new one, and
 * the policy names it. The framing rule is applied afresh, so changing the workspace's
 * embedding setting takes effect on cached pages too.
 */
export function restampPageSecurity(response: Response, env: Partial<Env>, request: Request, options: Omit<PageSecurityOptions, "nonce">) {
  // A 304 revalidates the copy the browser already holds, whose scripts carry the nonce of the
  // policy stored with it; a policy sent now would replace that one and block them.
  if (response.status === 304) return response;
  const nonce = newNonce();
  const old = response.headers.get("Content-Security-Policy")?.match(NONCE_SOURCE)?.[1];
  const secured = withPageSecurity(response, env, request, { ...options, nonce });
  if (!old || !response.body || !secured.headers.get("Content-Type")?.startsWith("text/html")) return secured;
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        if (element.getAttribute("nonce") === old) element.setAttribute("nonce", nonce);
      },
    })
    .transform(secured);
}
