import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// Worker tests run inside workerd against real local D1, R2 and Durable Objects, with the
// Worker from wrangler.toml as `main` (so `exports.default` is the real fetch/scheduled).
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: "./worker/index.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(path.join(import.meta.dirname, "migrations")),
          APP_ENV: "test",
          COLLAB_TOKEN_SECRET: "test-collab-secret",
          PARTYKIT_HOST: "127.0.0.1:1999",
        },
      },
    })),
  ],
  // The PDF export runs on the same pako and standard fonts as the deployed Worker (wrangler.toml
  // `[alias]`); pdf-lib goes through Vite so that its own imports take these too.
  resolve: {
    alias: [
      { find: /^pako$/, replacement: path.join(import.meta.dirname, "worker/shims/pako.ts") },
      { find: /^@pdf-lib\/standard-fonts$/, replacement: path.join(import.meta.dirname, "worker/shims/pdf-standard-fonts.ts") },
    ],
  },
  test: {
    server: { deps: { inline: ["pdf-lib", "@pdf-lib/upng"] } },
    include: ["tests/worker/**/*.test.ts", "core/**/*.test.ts", "app/**/*.test.ts"],
    setupFiles: ["./tests/worker/apply-migrations.ts"],
    // One workerd (and one migrated D1) per pool worker, shared by the files it runs: starting
    // a fresh one per file cost ~10 s each. Tests make their own users and workspaces, so they
    // need no empty database; files that do need one reset what they use.
    isolate: false,
    // Remix's runtime ships as CommonJS with require cycles; pre-bundle it to ESM.
    deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } } },
  },
});
