import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { importJobs, type ImportJob } from "../db/schema";
import type { Actor } from "../policies";
import { iso } from "../presenters/users";

export function presentImportJob(job: ImportJob) {
  return {
    key: job.key,
    status: job.status,
    folder_id: job.folderId,
    total: job.total,
    processed: job.processed,
    progress: job.total === 0 ? 1 : Math.min(1, job.processed / job.total),
    results: job.results.map((result) => ({ name: result.name, article_id: result.articleId ?? null, error: result.error ?? null })),
    created_at: iso(job.createdAt),
    updated_at: iso(job.updatedAt),
  };
}

/** The actor's latest imports in this workspace (imports are private to whoever started them). */
export async function importJobsOf(db: Database, actor: Actor, limit = 20) {
  const jobs = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.workspaceId, actor.workspaceId), eq(importJobs.createdById, actor.userId)))
    .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
    .limit(limit);
  return jobs.map(presentImportJob);
}

/** One of the actor's imports in this workspace, or null. */
export async function importJobOf(db: Database, actor: Actor, key: string) {
  const [job] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.key, key), eq(importJobs.workspaceId, actor.workspaceId), eq(importJobs.createdById, actor.userId)));
  return job ? presentImportJob(job) : null;
}
