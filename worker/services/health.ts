import { desc } from "drizzle-orm";
import { version } from "../../package.json";
import type { Database } from "../db/client";
import { cronRuns } from "../db/schema";

export interface HealthReport {
  status: "ok" | "degraded";
  version: string;
  checks: {
    d1: { ok: boolean; latency_ms: number; error?: string };
    cron: { last_run_at: string | null; last_status: string | null };
  };
}

/**
 * Asks D1 a real question (the latest cron run), so "ok" means the database answered: through
 * the request's session, so a nearby replica may answer, as it would for any other read.
 */
export async function checkHealth(db: Database): Promise<HealthReport> {
  const started = Date.now();
  try {
    const [lastRun] = await db
      .select({ startedAt: cronRuns.startedAt, status: cronRuns.status })
      .from(cronRuns)
      .orderBy(desc(cronRuns.startedAt))
      .limit(1);
    return {
      status: "ok",
      version,
      checks: {
        d1: { ok: true, latency_ms: Date.now() - started },
        cron: { last_run_at: lastRun?.startedAt.toISOString() ?? null, last_status: lastRun?.status ?? null },
      },
    };
  } catch (error) {
    return {
      status: "degraded",
      version,
      checks: {
        d1: { ok: false, latency_ms: Date.now() - started, error: error instanceof Error ? error.message : String(error) },
        cron: { last_run_at: null, last_status: null },
      },
    };
  }
}
