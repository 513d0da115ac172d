import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { devWorker } from "./scripts/vite-dev-worker";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
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
  ],
  resolve: { alias: { "~": "/app" } },
  ssr: {
    // The server build is bundled whole (no bare imports left) so wrangler and the
    // vitest pool load the same self-contained module, resolved for workerd.
    noExternal: true,
    target: "webworker",
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  build: { minify: true },
});
