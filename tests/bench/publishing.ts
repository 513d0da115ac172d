/**
 * Publishing under load: due targets across many Sandbox accounts, some of them failing once
 * with a 429 or a 5xx, drained through the real cron claim and the real Queue consumer of the
 * running stack. It checks what matters most (every target published exactly once, counted on
 * the sandbox's own timeline) and prints how long the drain took and the longest cron run.
 */
import type { BenchSession } from "./session";

interface Options {
  accounts: number;
  targets: number;
  /** Share of targets that fail once (half 429, half 500). */
  faultShare: number;
  /** How often the bench runs the cron (production: every minute). */
  tickEveryMs: number;
  timeoutMs: number;
}

const SCHEDULED = `/__scheduled?cron=${encodeURIComponent("* * * * *")}`;

/** How long a read may take before it is sent again (reads only: a write is never repeated). */
const READ_TIMEOUT_MS = 15_000;

async function call<T>(base: string, session: BenchSession, method: string, path: string, body?: unknown): Promise<T> {
  const send = () =>
    fetch(`${base}/v1${path}`, {
      method,
      headers: { ...session.headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: method === "GET" ? AbortSignal.timeout(READ_TIMEOUT_MS) : undefined,
    });
  // Once, after the crash runs restarted wrangler dev, a read hung in the dev server (its log said
  // 300 s) while the same read beside it answered in 0.2 s: a read is sent again, a write never.
  const response = method === "GET" ? await send().catch(send) : await send();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return ((await response.json()) as { data: T }).data;
}

export async function measurePublishing(base: string, session: BenchSession, options: Options) {
  const ws = session.workspaceId;
  const run = Date.now().toString(36);
  const accounts: { id: number }[] = [];
  for (let i = 0; i < options.accounts; i++) {
    accounts.push(await call<{ id: number }>(base, session, "POST", `/w/${ws}/social_accounts`, { network: "sandbox", display_name: `Bench ${run} ${i + 1}` }));
  }
  // One post per target, each account's spread evenly; every fifth-ish one carries a fault.
  const faultEvery = options.faultShare > 0 ? Math.round(1 / options.faultShare) : 0;
  let faults = 0;
  for (let i = 0; i < options.targets; i++) {
    const fault = faultEvery && i % faultEvery === 0 ? (faults++ % 2 === 0 ? " #sandbox-429" : " #sandbox-500") : "";
    await call(base, session, "POST", `/w/${ws}/posts`, {
      text: `Bench ${run} post ${i}${fault}`,
      targets: [{ account_id: accounts[i % accounts.length]!.id }],
      publish_at: new Date().toISOString(),
    });
  }

  const started = performance.now();
  let ticks = 0;
  let longestTickMs = 0;
  const published = async () => {
    let count = 0;
    const keys = new Set<string>();
    let duplicates = 0;
    for (const account of accounts) {
      const entries = await call<{ kind: string; idempotency_key: string | null }[]>(base, session, "GET", `/w/${ws}/sandbox/timeline?account_id=${account.id}`);
      for (const entry of entries.filter((e) => e.kind === "post")) {
        count++;
        if (keys.has(entry.idempotency_key!)) duplicates++;
        keys.add(entry.idempotency_key!);
      }
    }
    return { count, duplicates };
  };

  let last = { count: 0, duplicates: 0 };
  while (performance.now() - started < options.timeoutMs) {
    const tickStarted = performance.now();
    const tick = await fetch(`${base}${SCHEDULED}`);
    await tick.arrayBuffer();
    longestTickMs = Math.max(longestTickMs, performance.now() - tickStarted);
    ticks++;
    // The queue consumer chains each account's next target; count twice between ticks (each
    // count reads every account's timeline, so more often would load the stack it measures).
    for (let waited = 0; waited < options.tickEveryMs; waited += 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      last = await published();
      if (last.count >= options.targets) break;
    }
    if (last.count >= options.targets) break;
  }
  const drainSeconds = (performance.now() - started) / 1000;
  return { ...last, targets: options.targets, accounts: options.accounts, faults, drainSeconds, ticks, longestTickMs, complete: last.count >= options.targets };
}

// ---- publishing through crashes (issue 38) ----

/** The Worker's processes, as scripts/local-stack.ts hands them out. */
export interface Crashable {
  kill(): Promise<void>;
  restart(): Promise<void>;
}

export interface CrashOptions {
  /** Accounts per phase (two phases of plain posts; the third is one slow post on its own account). */
  accountsPerPhase: number;
  postsPerAccount: number;
  /** Fault tags given to posts in turn ("" for a plain post). */
  faults: string[];
  /** The workspace's late window during the run. */
  lateMinutes: number;
  /** How often the cron runs after a restart (production: every minute). */
  tickEveryMs: number;
  /** Give up waiting for every post to settle after this long from the last restart. */
  settleWithinMs: number;
}

interface TimelineEntry {
  kind: string;
  text: string | null;
  at: string | null;
}
interface TargetView {
  state: string;
  publish_at: string;
  next_attempt_at: string | null;
}
interface PostView {
  id: number;
  text: string;
  targets: TargetView[];
  attempts: { outcome: string }[];
}

export interface CrashReport {
  posts: number;
  published: number;
  missed: number;
  failed: number;
  /** Posts on the network more than once. */
  duplicates: string[];
  /** Targets not settled (scheduled or publishing) at the end. */
  stuck: string[];
  /** Recorded published but not on the network, or on the network but not recorded published. */
  lost: string[];
  /** On the network later than their due time plus the late window. */
  late: string[];
  /** The post the last kill caught on the network before its answer: found by `verify`, not sent again. */
  interrupted: { text: string; state: string; outcomes: string[]; onNetwork: number };
  /** From the last restart until every post had settled. */
  drainSeconds: number;
  settled: boolean;
  kills: string[];
}

const tickOnce = async (base: string) => {
  // A keep-alive connection to the killed Worker may fail once: the tick is idempotent, send it again.
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(`${base}${SCHEDULED}`);
      await response.arrayBuffer();
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Publishing in flight while the Worker's processes are SIGKILLed at the three points of issue 38
 * (right after a cron tick, 300 ms after one, and while a post is on the network with its answer
 * not yet recorded), each time started again on the same local D1; then the cron runs until every
 * post has settled. Returns what a tester would check: each post on its network exactly once,
 * nothing lost or stuck, nothing sent past its window, and how long the drain took after the last restart.
 */
export async function publishThroughCrashes(base: string, session: BenchSession, worker: Crashable, options: CrashOptions): Promise<CrashReport> {
  const ws = session.workspaceId;
  const run = Date.now().toString(36);
  const before = await call<{ publish?: { late_publish_minutes?: number } }>(base, session, "GET", `/w/${ws}/settings/workspace`);
  await call(base, session, "PUT", `/w/${ws}/settings/workspace`, { publish: { late_publish_minutes: options.lateMinutes } });
  const kills: string[] = [];
  const posts: { id: number; text: string; accountId: number }[] = [];
  const account = async (name: string) => (await call<{ id: number }>(base, session, "POST", `/w/${ws}/social_accounts`, { network: "sandbox", display_name: `Crash ${run} ${name}` })).id;
  const schedule = async (accountId: number, text: string) => {
    const { id } = await call<{ id: number }>(base, session, "POST", `/w/${ws}/posts`, { text, targets: [{ account_id: accountId }], publish_at: new Date().toISOString() });
    posts.push({ id, text, accountId });
  };
  let fault = 0;
  const phase = async (name: string) => {
    for (let a = 0; a < options.accountsPerPhase; a++) {
      const id = await account(`${name} ${a + 1}`);
      for (let p = 0; p < options.postsPerAccount; p++) {
        const tag = options.faults[fault++ % options.faults.length];
        await schedule(id, `Crash ${run} ${name} ${a + 1}.${p + 1}${tag ? ` ${tag}` : ""}`);
      }
    }
  };
  const timeline = async (accountId: number) => (await call<TimelineEntry[]>(base, session, "GET", `/w/${ws}/sandbox/timeline?account_id=${accountId}`)).filter((entry) => entry.kind === "post");
  const read = (id: number) => call<PostView>(base, session, "GET", `/posts/${id}`);

  try {
    // 1. Killed right after a cron tick: its claims are made, their messages barely sent.
    await phase("A");
    await tickOnce(base);
    await worker.kill();
    kills.push("right after a cron tick");
    await worker.restart();

    // 2. Killed 300 ms after a tick: sends under way.
    await phase("B");
    await tickOnce(base);
    await pause(300);
    await worker.kill();
    kills.push("300 ms after a cron tick");
    await worker.restart();

    // 3. Killed while a post is on the network and its answer not yet recorded (the Sandbox's 20 s answer).
    const slowAccount = await account("slow");
    const slowText = `Crash ${run} on the network, not yet recorded #sandbox-slow`;
    await schedule(slowAccount, slowText);
    const slowPost = posts.at(-1)!;
    for (const deadline = Date.now() + 30_000; ; ) {
      await tickOnce(base);
      if ((await timeline(slowAccount)).length > 0) break;
      if (Date.now() > deadline) throw new Error("the slow post never reached the Sandbox");
      await pause(250);
    }
    if ((await read(slowPost.id)).targets[0]!.state !== "publishing") throw new Error("the slow post was recorded before the kill");
    await worker.kill();
    kills.push("a post on the network, its outcome not yet recorded");
    await worker.restart();

    // The cron resumes; every post must settle.
    const restarted = performance.now();
    let views: PostView[] = [];
    let settled = false;
    while (performance.now() - restarted < options.settleWithinMs) {
      await tickOnce(base);
      views = await Promise.all(posts.map((post) => read(post.id)));
      settled = views.every((view) => view.targets.every((target) => !["scheduled", "publishing"].includes(target.state)));
      if (settled) break;
      await pause(options.tickEveryMs);
    }
    const drainSeconds = (performance.now() - restarted) / 1000;
    if (!settled) views = await Promise.all(posts.map((post) => read(post.id)));

    const report: CrashReport = { posts: posts.length, published: 0, missed: 0, failed: 0, duplicates: [], stuck: [], lost: [], late: [], interrupted: { text: slowText, state: "", outcomes: [], onNetwork: 0 }, drainSeconds, settled, kills };
    const entries = new Map<number, TimelineEntry[]>();
    for (const accountId of new Set(posts.map((post) => post.accountId))) entries.set(accountId, await timeline(accountId));
    posts.forEach((post, i) => {
      const target = views[i]!.targets[0]!;
      const sent = entries.get(post.accountId)!.filter((entry) => entry.text === post.text);
      if (target.state === "published") report.published++;
      if (target.state === "missed") report.missed++;
      if (target.state === "failed") report.failed++;
      if (["scheduled", "publishing"].includes(target.state)) report.stuck.push(`${post.text}: ${target.state}`);
      if (sent.length > 1) report.duplicates.push(`${post.text}: ${sent.length} times`);
      if ((target.state === "published") !== (sent.length > 0)) report.lost.push(`${post.text}: ${target.state}, on the network ${sent.length} times`);
      const due = Math.max(Date.parse(target.publish_at), target.next_attempt_at ? Date.parse(target.next_attempt_at) : 0);
      for (const entry of sent) {
        if (Date.parse(entry.at!) > due + options.lateMinutes * 60_000) report.late.push(`${post.text}: ${((Date.parse(entry.at!) - due) / 1000).toFixed(0)} s after its time`);
      }
      if (post === slowPost) report.interrupted = { text: post.text, state: target.state, outcomes: views[i]!.attempts.map((a) => a.outcome), onNetwork: sent.length };
    });
    return report;
  } finally {
    await call(base, session, "PUT", `/w/${ws}/settings/workspace`, { publish: { late_publish_minutes: before.publish?.late_publish_minutes ?? 15 } });
  }
}
