import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { apiReferenceAssets } from "./scripts/vite-api-reference";
import { devWorker } from "./scripts/vite-dev-worker";
import { sharedWorkerModules } from "./scripts/vite-shared-modules";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command }) => ({
  plugins: [
    devWorker(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    sharedWorkerModules(import.meta.dirname),
    apiReferenceAssets(import.meta.dirname),
  ],
  resolve: { alias: { "~": "/app" } },
  ssr: {
    // Resolve packages as workerd does (react-dom/server's web-streams build), in dev too.
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
    // The build holds the app's own modules; packages and worker/, core/, durable/ stay imports
    // (scripts/vite-shared-modules.ts) that wrangler bundles once with the API that uses them too.
    // `npm run dev` runs in Node and loads dependencies from node_modules.
    ...(command === "build" && { noExternal: true, target: "webworker" as const }),
  },
  build: { minify: true },
}));
