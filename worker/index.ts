import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server build (`npm run build`), bundled whole by Vite for workerd.
import * as remixBuild from "#remix-build";
import { api } from "./api";
import { runScheduled } from "./cron";
import { renderCrossSitePage, renderServerErrorPage, renderTooLargePage } from "./lib/error-page";
import { PAGE_BODY_LIMIT, pageRequestWithinLimit } from "./lib/page-body-limit";
import { newNonce, withPageSecurity } from "./lib/page-security";
import { discardUnreadBody } from "./lib/refused-body";
import { reportError } from "./lib/reporter";
import { crossSiteRefusal, pageRequestForRemix, serveApiWithCookie } from "./middleware/cookie-session";
import { isPublicPagePath, servePublicPage } from "./services/public-cache";
import { handleQueue, type QueueMessage } from "./services/publishing/queue";

export { InboxHub } from "../durable/inbox";
export { RateLimiter } from "../durable/rate-limiter";

const handleRemix = createRequestHandler(remixBuild as ServerBuild);
const remixBuildId = (remixBuild as ServerBuild).assets.version;

/** A Remix answer with this response's nonce in its scripts and in its security headers. */
async function renderPage(incoming: Request, env: Env, ctx: ExecutionContext) {
  const nonce = newNonce();
  const refusal = crossSiteRefusal(incoming, "page");
  if (refusal) return withPageSecurity(renderCrossSitePage(refusal, nonce), env, incoming, { nonce });
  // Actions buffer their forms (`request.formData()`): the body is capped before Remix sees it.
  const request = await pageRequestWithinLimit(pageRequestForRemix(incoming));
  if (!request) return withPageSecurity(renderTooLargePage(PAGE_BODY_LIMIT, nonce), env, incoming, { nonce });
  let response: Response;
  try {
    response = await handleRemix(request, { cloudflare: { env, ctx }, nonce });
  } catch (error) {
    // Remix renders its own error boundaries; this is for failures outside them.
    reportError({ env, ctx, request }, error, { surface: "ssr" });
    response = renderServerErrorPage(nonce);
  }
  return withPageSecurity(response, env, request, { nonce });
}

/**
 * Static assets never reach this code: Workers Static Assets answers them first (with
 * the immutable cache headers from public/_headers). /v1 is the Hono API (a browser's session
 * cookie is honoured there only from this site: middleware/cookie-session); public pages
 * (/p/:slug) go through the Workers Cache API; the rest is Remix.
 */
function route(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname === "/v1" || pathname.startsWith("/v1/")) return serveApiWithCookie(request, (req) => api.fetch(req, env, ctx));
  if (isPublicPagePath(pathname)) {
    return servePublicPage(request, env, {
      render: (req) => renderPage(req, env, ctx),
      buildId: remixBuildId,
      waitUntil: (work) => ctx.waitUntil(work),
    });
  }
  return renderPage(request, env, ctx);
}

export default {
  async fetch(request, env, ctx) {
    try {
      return await route(request, env, ctx);
    } finally {
      // Whatever answered before reading the whole body (a cap, a 401, a 404), the rest is read
      // and dropped before the answer goes out, so the connection can carry the next request.
      await discardUnreadBody(request);
    }
  },

  async scheduled(controller, env, ctx) {
    try {
      await runScheduled(controller, env, ctx);
    } catch (error) {
      reportError({ env, ctx }, error, { surface: "cron" });
      throw error;
    }
  },

  /** Publishing (one scheduled post per message), webhook deliveries and Stripe's events; see services/publishing. */
  async queue(batch, env, ctx) {
    await handleQueue(batch, env, ctx);
  },
} satisfies ExportedHandler<Env, QueueMessage>;
