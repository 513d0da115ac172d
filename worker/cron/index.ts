import { eq } from "drizzle-orm";
import { createDb } from "../db/client";
import { cronRuns } from "../db/schema";
import { reportError } from "../lib/reporter";
import { cronTasks, type CronTask } from "./tasks";

/**
 * The Worker's `scheduled` handler. Each run is recorded in cron_runs; a failing task is
 * reported and marks the run failed without stopping the tasks after it.
 */
export async function runScheduled(
  controller: Pick<ScheduledController, "cron" | "scheduledTime">,
  env: Env,
  ctx: ExecutionContext,
  tasks: CronTask[] = cronTasks,
) {
  const db = createDb(env.DB);
  const now = new Date();
  const [run] = await db
    .insert(cronRuns)
    .values({ cron: controller.cron, scheduledAt: new Date(controller.scheduledTime), startedAt: now, status: "running" })
    .returning({ id: cronRuns.id });

  const failures: string[] = [];
  for (const task of tasks) {
    try {
      await task.run(db, now, env);
    } catch (error) {
      failures.push(`${task.name}: ${error instanceof Error ? error.message : String(error)}`);
      reportError({ env, ctx }, error, { surface: "cron", task: task.name });
    }
  }

  await db
    .update(cronRuns)
    .set({ finishedAt: new Date(), status: failures.length ? "failed" : "succeeded", error: failures.join("\n") || null })
    .where(eq(cronRuns.id, run!.id));
}
