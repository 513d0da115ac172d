import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";
import { API_REFERENCE_BUNDLE } from "../worker/openapi/reference-page";

// The bundle and its licence notice (the bundle's first line points to it).
const FILES = [API_REFERENCE_BUNDLE, `${API_REFERENCE_BUNDLE}.LICENSE.txt`];

/**
 * /v1/docs renders /v1/openapi.json with Redoc's standalone bundle, served by the Worker's static
 * assets from our own origin (no CDN). The bundle (1.1 MB) is copied from node_modules into the
 * client build at build time, so the pinned npm version is the one served and nothing vendored
 * is committed; `npm run dev` serves the same files from node_modules.
 */
export function apiReferenceAssets(root: string): Plugin {
  const bundles = path.dirname(createRequire(path.join(root, "package.json")).resolve("redoc/bundles/redoc.standalone.js"));
  const source = (file: string) => readFile(path.join(bundles, path.basename(file)));
  let ssr = false;
  return {
    name: "brandwork-api-reference-assets",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    async generateBundle() {
      if (ssr) return;
      for (const file of FILES) this.emitFile({ type: "asset", fileName: file.slice(1), source: await source(file) });
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const file = FILES.find((name) => request.url === name);
        if (!file) return next();
        response.setHeader("Content-Type", file.endsWith(".js") ? "text/javascript; charset=utf-8" : "text/plain; charset=utf-8");
        response.end(await source(file));
      });
    },
  };
}
