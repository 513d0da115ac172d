import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { importJobs, type ImportJob } from "../db/schema";
import { assertStorableBody } from "../services/article-bodies";
import { convertFile, folderPathOf, type ImportEntry } from "../services/import-files";
import { articleCreator } from "./articleCreator";
import { eventStatement, type CommandContext } from "./events";
import { folderCreator, newFolderKey } from "./folderCommands";

type Result = ImportJob["results"][number];

/** Creates the job row: pending until the runner picks it up. */
export async function importJobCreator(
  db: Database,
  { context, folderId, total, results }: { context: CommandContext; folderId: number | null; total: number; results: Result[] },
): Promise<ImportJob> {
  const key = newFolderKey(16);
  const [[job]] = await db.batch([
    db
      .insert(importJobs)
      .values({ workspaceId: context.actor.workspaceId, key, folderId, total, results, createdById: context.actor.userId })
      .returning(),
    eventStatement(db, context, "imports.create", { properties: { key, total } }),
  ]);
  return job!;
}

/**
 * Works through an import's files one by one, recording progress after each so the page
 * can show it. A file that fails is reported by name and the rest go on; folders in a zip
 * become folders under the chosen one. Stops early when the job was aborted.
 */
export async function importRunner(
  db: Database,
  { context, job, entries }: { context: CommandContext; job: ImportJob; entries: ImportEntry[] },
): Promise<void> {
  const results: Result[] = [...job.results];
  const folderIds = new Map<string, number | null>([["", job.folderId]]);
  // Every write below is conditional on the job still running, so an abort (DELETE) shows up
  // as a write that matched no row: the runner stops there, with no extra read per file.
  const running = inArray(importJobs.status, ["started", "processing"]);
  const [started] = await db
    .update(importJobs)
    .set({ status: "started" })
    .where(and(eq(importJobs.id, job.id), eq(importJobs.status, "pending")))
    .returning({ id: importJobs.id });
  if (!started) return;

  const folderFor = async (segments: string[]): Promise<number | null> => {
    let parent = job.folderId;
    for (let depth = 1; depth <= segments.length; depth++) {
      const path = segments.slice(0, depth).join("/");
      if (!folderIds.has(path)) {
        const folder = await folderCreator(db, { context, input: { name: segments[depth - 1]!.slice(0, 200), parentId: parent } });
        folderIds.set(path, folder.id);
      }
      parent = folderIds.get(path)!;
    }
    return parent;
  };

  try {
    for (const entry of entries) {
      try {
        const converted = convertFile(entry);
        // Refused before its folders are made, so a file too large to store leaves nothing behind.
        assertStorableBody(converted);
        const folderId = await folderFor(folderPathOf(entry.path));
        const article = await articleCreator(db, {
          context,
          input: { title: converted.title, folderId, content: { body: converted.body, bodyText: converted.bodyText, warnings: converted.warnings } },
        });
        results.push({ name: entry.path, articleId: article.id, ...(converted.warnings.length ? { error: converted.warnings.join("; ") } : {}) });
      } catch (error) {
        results.push({ name: entry.path, error: (error as Error).message });
      }
      const [still] = await db
        .update(importJobs)
        .set({ status: "processing", processed: results.length, results })
        .where(and(eq(importJobs.id, job.id), running))
        .returning({ id: importJobs.id });
      if (!still) return;
    }
    const created = results.filter((result) => result.articleId).length;
    await db
      .update(importJobs)
      .set({ status: created > 0 || results.length === 0 ? "successful" : "failed", processed: results.length, results })
      .where(and(eq(importJobs.id, job.id), running));
  } catch (error) {
    await db
      .update(importJobs)
      .set({ status: "failed", results: [...results, { name: "(import)", error: (error as Error).message }] })
      .where(eq(importJobs.id, job.id));
    throw error;
  }
}
