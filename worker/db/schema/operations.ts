import { sqliteTable, integer, text, index } from "drizzle-orm/sqlite-core";

/** One row per Cron Trigger run: what ran, when, and how it ended. */
export const cronRuns = sqliteTable(
  "cron_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    cron: text("cron").notNull(),
    scheduledAt: integer("scheduled_at", { mode: "timestamp_ms" }).notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    status: text("status", { enum: ["running", "succeeded", "failed"] }).notNull(),
    error: text("error"),
  },
  (t) => [index("cron_runs_started").on(t.startedAt)],
);
