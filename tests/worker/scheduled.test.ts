import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { runScheduled } from "../../worker/cron";
import { createDb } from "../../worker/db/client";
import { cronRuns, sessions } from "../../worker/db/schema";
import { api, buildUser, tokenFor } from "../factories";

async function latestRun() {
  const [run] = await createDb(env.DB).select().from(cronRuns).orderBy(desc(cronRuns.id)).limit(1);
  return run;
}

// Expected errors are logged by the reporter; keep the test output readable.
beforeEach(() => void vi.spyOn(console, "error").mockImplementation(() => {}));

describe("scheduled handler", () => {
  it("runs the cron tasks and records a successful run that /v1/health reports", async () => {
    const ctx = createExecutionContext();
    const scheduledTime = Date.now();
    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime }), env, ctx);
    await waitOnExecutionContext(ctx);

    const run = await latestRun();
    expect(run).toMatchObject({ cron: "* * * * *", status: "succeeded", error: null });
    expect(run!.scheduledAt.getTime()).toBe(scheduledTime);
    expect(run!.finishedAt).toBeInstanceOf(Date);

    const health = await (await exports.default.fetch("https://app.test/v1/health")).json<{
      checks: { cron: { last_status: string; last_run_at: string } };
    }>();
    expect(health.checks.cron.last_status).toBe("succeeded");
    expect(health.checks.cron.last_run_at).toBe(run!.startedAt.toISOString());
  });

  it("keeps running later tasks when one fails and records the failure", async () => {
    const ran: string[] = [];
    const ctx = createExecutionContext();
    await runScheduled({ cron: "* * * * *", scheduledTime: Date.now() }, env, ctx, [
      { name: "broken", run: async () => Promise.reject(new Error("publisher down")) },
      { name: "after", run: async () => void ran.push("after") },
    ]);
    await waitOnExecutionContext(ctx);

    expect(ran).toEqual(["after"]);
    const run = await latestRun();
    expect(run).toMatchObject({ status: "failed", error: "broken: publisher down" });
  });

  it("prunes cron history older than a week", async () => {
    const db = createDb(env.DB);
    const old = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await db.insert(cronRuns).values({ cron: "* * * * *", scheduledAt: old, startedAt: old, status: "succeeded" });
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const rows = await db.select({ startedAt: cronRuns.startedAt }).from(cronRuns);
    expect(rows.some((row) => row.startedAt.getTime() === old.getTime())).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe("auth housekeeping", () => {
  it("forgets sessions that expired more than a day ago but keeps live ones", async () => {
    const user = await buildUser();
    const live = await tokenFor(user);
    const db = createDb(env.DB);
    await db.insert(sessions).values({ id: "stale-session", userId: user.id, expiresAt: new Date(Date.now() - 2 * 86_400_000) });

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await db.select().from(sessions).where(eq(sessions.id, "stale-session"))).toHaveLength(0);
    expect((await api("/users/self", { token: live })).status).toBe(200);
  });
});
