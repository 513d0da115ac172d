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
  test: {
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
