import { appendFile, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildDemo } from "../../scripts/demo/build-demo";
import { startFakeStripe } from "./fakes/stripe";
import { FAKE_X_CLIENT, startFakeX } from "./fakes/x-network";
import { freePort, prepareDatabase, startCronTicker, startStack, type Stack } from "../../scripts/local-stack";
import { AUTH_COOKIE_NAME, authStateFor, encodeAuthState } from "../../app/lib/auth-cookie";

/**
 * The first request of each kind loads the Worker's Remix bundle, a route's modules or
 * PartyKit's room code, and takes seconds on this machine: pay for them once here, before
 * any test's clock runs, instead of inside whichever tests come first.
 */
async function warm(url: string, partyUrl: string) {
  const json = { "Content-Type": "application/json" };
  const signUp = await fetch(`${url}/v1/users`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ user: { first_name: "Warm", last_name: "Up", email: `warm-up-${Date.now()}@example.com`, password: "warm-up-password", company: "Warm-up Co" } }),
  });
  if (signUp.status !== 201) throw new Error(`warm-up sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const authorization = signUp.headers.get("authorization")!;
  const [workspace] = ((await (await fetch(`${url}/v1/w`, { headers: { Authorization: authorization } })).json()) as { data: { id: number }[] }).data;
  const created = await fetch(`${url}/v1/w/${workspace!.id}/articles`, {
    method: "POST",
    headers: { ...json, Authorization: authorization, "X-Workspace-Id": String(workspace!.id) },
    body: JSON.stringify({ article: { title: "Warm-up", markdown: "Warm-up text.", private: true } }),
  });
  const article = ((await created.json()) as { data: { slug: string } }).data;
  const cookie = `${AUTH_COOKIE_NAME}=${encodeAuthState(authStateFor(authorization, workspace!.id))}`;
  const pages = ["/login_or_signup", "/", `/workspaces/${workspace!.id}/members`, `/workspaces/${workspace!.id}/settings`, `/docs/${article.slug}`];
  for (const page of pages) await (await fetch(`${url}${page}`, { headers: { cookie } })).text();
  await (await fetch(`${partyUrl}/parties/main/health`)).text();
}

/**
 * Starts the real stack (wrangler dev + PartyKit) on free ports with fresh local state,
 * migrated and seeded with the demo workspace, for the whole end-to-end run. Tests read E2E_BASE_URL.
 */
export default async function globalSetup() {
  const persistTo = await mkdtemp(path.join(tmpdir(), "brandwork-e2e-"));
  // The stack's own output (wrangler, workerd, PartyKit) goes to a file beside the report, so a
  // failure can be traced to what the server said at that moment; E2E_LOGS=1 prints it instead.
  await mkdir("test-results", { recursive: true });
  const logs = process.env.E2E_LOGS ? true : { file: path.resolve("test-results/e2e-stack.log") };
  await prepareDatabase({ persistTo, logs });
  // X's authorization server and API, faked on loopback, so one test runs the whole OAuth dance.
  const fakeX = await startFakeX();
  // Stripe's API, Checkout and portal pages, faked likewise: billing is on, so every sign-up's
  // workspace starts its Pro trial and a workspace made later starts on Free (tests/e2e/billing.spec.ts).
  const fakeStripe = await startFakeStripe();
  const vars = { X_CLIENT_ID: FAKE_X_CLIENT.id, X_CLIENT_SECRET: FAKE_X_CLIENT.secret, X_AUTH_BASE: fakeX.url, X_API_BASE: fakeX.url, ...fakeStripe.vars };
  const options = { port: await freePort(), partyPort: await freePort(), persistTo, logs, vars };
  let stack = await startStack(options);
  // A restart keeps the ports, so the webhook address stays right.
  fakeStripe.setAppUrl(stack.url);
  try {
    // The same demo workspace `npm start` shows (about 5 s), so the suite sees what a first run sees.
    await buildDemo((path, init) => fetch(`${stack.url}${path}`, init));
    await warm(stack.url, stack.partyUrl);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  // The minute cron, as `npm start` runs it (tests that publish also call it themselves, so none waits a minute).
  const stopCron = startCronTicker(stack.url, () => {});
  const stopWatch = superviseStack(stack, async () => (stack = await startStack(options)));
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_PARTY_URL = stack.partyUrl;
  process.env.E2E_FAKE_X_URL = fakeX.url;
  process.env.E2E_FAKE_STRIPE_URL = fakeStripe.url;
  return async () => {
    fakeX.server.close();
    fakeStripe.server.close();
    stopCron();
    await stopWatch();
    await stack.stop();
    await rm(persistTo, { recursive: true, force: true });
  };
}

/** Where a restart of the stack is written down; scripts/test-summary.mjs reports it. */
export const STACK_RESTARTS = path.resolve("test-results/e2e-stack-restarts.log");

/**
 * Once, in a CI run, the dev server stopped answering halfway through the suite (refused
 * connections, no word in its logs) and every later test failed. This looks every 3 s; a
 * server that refuses, or whose health check fails, twice in a row is started again on the same ports and state, so the
 * tests then in flight fail once and retry (tests/e2e/fixtures.ts holds back any test that starts
 * meanwhile), and the restart is written down with the stack's
 * last lines, for the run's summary to report: never silent.
 */
function superviseStack(first: Stack, restart: () => Promise<Stack>) {
  let current = first;
  let refused = 0;
  let busy: Promise<void> = Promise.resolve();
  const answers = async (url: string) => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      await response.body?.cancel();
      // wrangler's proxy answers 503 for a Worker process that is gone.
      return response.status < 500;
    } catch (error) {
      // Slow under load is not dead: only a refused connection counts.
      return !String((error as { cause?: unknown }).cause ?? error).includes("ECONNREFUSED");
    }
  };
  const timer = setInterval(() => {
    busy = busy.then(async () => {
      const alive = (await answers(`${current.url}/v1/health`)) && (await answers(`${current.partyUrl}/parties/main/health`));
      refused = alive ? 0 : refused + 1;
      if (refused < 2) return;
      refused = 0;
      const log = await readFile(path.resolve("test-results/e2e-stack.log"), "utf8").catch(() => "");
      const lastWords = log.trim().split("\n").slice(-25).join("\n");
      await appendFile(STACK_RESTARTS, `${new Date().toISOString()} the stack stopped answering and was started again; its last lines:\n${lastWords}\n\n`);
      await current.stop();
      current = await restart();
    }).catch((error: unknown) => appendFile(STACK_RESTARTS, `${new Date().toISOString()} starting the stack again failed: ${String(error)}\n\n`));
  }, 3_000);
  return async () => {
    clearInterval(timer);
    await busy;
  };
}
