import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { prepareDatabase, startStack } from "../../scripts/local-stack";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real stack (wrangler dev + PartyKit) on free ports with fresh local state,
 * migrated and seeded, for the whole end-to-end run. Tests read E2E_BASE_URL.
 */
export default async function globalSetup() {
  const persistTo = await mkdtemp(path.join(tmpdir(), "brandwork-e2e-"));
  const logs = Boolean(process.env.E2E_LOGS);
  await prepareDatabase({ persistTo, logs });
  const stack = await startStack({ port: await freePort(), partyPort: await freePort(), persistTo, logs });
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_PARTY_URL = stack.partyUrl;
  return async () => {
    await stack.stop();
    await rm(persistTo, { recursive: true, force: true });
  };
}
