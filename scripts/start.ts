/**
 * `npm start`: build, migrate and seed the local D1, then run the Worker (wrangler dev)
 * and the PartyKit server in one foreground process with prefixed logs, firing the
 * scheduled handler once a minute. Ctrl-C stops everything.
 */
import { prepareDatabase, run, startCronTicker, startStack } from "./local-stack";
import { DEMO } from "./seed";

const port = Number(process.env.PORT ?? 8787);
const partyPort = Number(process.env.PARTYKIT_PORT ?? 1999);

await run("build", "npm", ["run", "build", "--silent"]);
await prepareDatabase({});
const stack = await startStack({ port, partyPort, collabSecret: process.env.COLLAB_TOKEN_SECRET });
const stopCron = startCronTicker(stack.url, (line) => console.log(`\x1b[33m[cron]\x1b[0m ${line}`));

console.log(`
  Brandwork is running.

    App        ${stack.url}
    API        ${stack.url}/v1/health
    PartyKit   ${stack.partyUrl}

    Demo login ${DEMO.email} / ${DEMO.password}

  Press Ctrl-C to stop.
`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  stopCron();
  console.log("\nStopping…");
  await stack.stop();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
