/**
 * `npm start`: build, migrate and seed the local D1, then run the Worker (wrangler dev)
 * and the PartyKit server in one foreground process with prefixed logs, firing the
 * scheduled handler once a minute. Ctrl-C stops everything.
 */
import { buildDemo } from "./demo/build-demo";
import { prepareDatabase, run, startCronTicker, startStack } from "./local-stack";
import { DEMO, DEMO_PEOPLE } from "./seed";

const port = Number(process.env.PORT ?? 8787);
const partyPort = Number(process.env.PARTYKIT_PORT ?? 1999);

await run("build", "npm", ["run", "build", "--silent"]);
await prepareDatabase({});
const stack = await startStack({ port, partyPort, collabSecret: process.env.COLLAB_TOKEN_SECRET });
const stopCron = startCronTicker(stack.url, (line) => console.log(`\x1b[33m[cron]\x1b[0m ${line}`));

// The demo workspace is built through the running Worker's API, once (scripts/demo).
let demoHome = `${stack.url}/`;
try {
  const started = Date.now();
  const demo = await buildDemo((path, init) => fetch(`${stack.url}${path}`, init));
  demoHome = `${stack.url}/workspaces/${demo.workspaceId}/home`;
  console.log(`\x1b[36m[db]\x1b[0m demo workspace ${demo.created ? `built in ${((Date.now() - started) / 1000).toFixed(1)} s` : "already there"}`);
} catch (error) {
  console.error(`\x1b[36m[db]\x1b[0m the demo workspace could not be built: ${error instanceof Error ? error.message : String(error)}`);
}

console.log(`
  Brandwork is running.

    App        ${stack.url}
    Demo home  ${demoHome}
    API        ${stack.url}/v1/health
    PartyKit   ${stack.partyUrl}

    Demo logins (owner, member, guest)
      ${DEMO.email} / ${DEMO.password}
      ${DEMO_PEOPLE.member.email} / ${DEMO_PEOPLE.member.password}
      ${DEMO_PEOPLE.guest.email} / ${DEMO_PEOPLE.guest.password}

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
