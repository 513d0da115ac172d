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

async function call<T>(base: string, session: BenchSession, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/v1${path}`, {
    method,
    headers: { ...session.headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
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
