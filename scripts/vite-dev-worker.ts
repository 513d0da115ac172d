import { getRequestListener } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import type { Plugin } from "vite";
import { getPlatformProxy } from "wrangler";

/**
 * `npm run dev`: serve the Worker's two halves from Vite with hot reload. /v1 goes to the
 * Hono API and everything else to Remix, both with bindings from wrangler's platform proxy
 * (local D1 and R2). Durable Objects and Cron need the real Worker: use `npm start` for those.
 */
export function devWorker(): Plugin {
  return {
    name: "brandwork-dev-worker",
    apply: "serve",
    async configureServer(server) {
      // Remix's build also starts a dev server (its child compiler, without HMR) to read
      // route exports; it needs no bindings.
      if (server.config.server.hmr === false) return;
      const { env, ctx } = await getPlatformProxy<Env>({ persist: true });
      return () => {
        server.middlewares.use(
          getRequestListener(async (request) => {
            const executionCtx = ctx as unknown as ExecutionContext;
            // The same door as the Worker's: the session cookie is honoured only from this site.
            const { crossSiteRefusal, pageRequestForRemix, serveApiWithCookie } = await server.ssrLoadModule("/worker/middleware/cookie-session.ts");
            if (new URL(request.url).pathname.startsWith("/v1")) {
              const { api } = await server.ssrLoadModule("/worker/api/index.ts");
              return serveApiWithCookie(request, (req: Request) => api.fetch(req, env, executionCtx));
            }
            const refusal = crossSiteRefusal(request, "page");
            if (refusal) {
              const { renderCrossSitePage } = await server.ssrLoadModule("/worker/lib/error-page.ts");
              return renderCrossSitePage(refusal);
            }
            const build = (await server.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
            return createRequestHandler(build, "development")(pageRequestForRemix(request), {
              cloudflare: { env, ctx: executionCtx },
            });
          }),
        );
      };
    },
  };
}
