import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Only in tests: the migrations read by vitest.config.ts, applied in apply-migrations.ts. */
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
