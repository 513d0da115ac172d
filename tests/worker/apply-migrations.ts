import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Setup files run before each test file; with `isolate: false` the files of one pool worker
// share a database, and applying is idempotent (applied migrations are skipped), so only a
// worker's first file pays for it. Most of a worker's first setup is loading the Worker itself.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
