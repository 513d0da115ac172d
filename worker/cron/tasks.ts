import { lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { cronRuns } from "../db/schema";

export interface CronTask {
  name: string;
  run(db: Database, now: Date, env: Env): Promise<void>;
}

const CRON_HISTORY_MS = 7 * 24 * 60 * 60 * 1000;

/** Keeps a week of cron history: enough to debug, small enough to never matter. */
const pruneCronHistory: CronTask = {
  name: "prune-cron-history",
  async run(db, now) {
    await db.delete(cronRuns).where(lt(cronRuns.startedAt, new Date(now.getTime() - CRON_HISTORY_MS)));
  },
};

/** Every task the minute-cron runs, in order. Publishing scheduled posts joins this list. */
export const cronTasks: CronTask[] = [pruneCronHistory];
