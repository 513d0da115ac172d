import { and, eq, inArray } from "drizzle-orm";
import { createImportFields, IMPORT_EXTENSIONS, importKeyParam } from "../../core/contracts/imports";
import { workspaceParam } from "../../core/contracts/common";
import { importJobCreator, importRunner } from "../commands/importRunner";
import { importJobs } from "../db/schema";
import { createApp } from "../lib/create-app";
import { Invalid, NotFound } from "../lib/errors";
import { invalidFromZod, validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { NotAMember, requireWorkspace, resolveActor } from "../middleware/workspace";
import { authorize } from "../policies";
import { loadParentFolder } from "../services/documents";
import { readImportUpload } from "../services/import-files";
import { importJobsOf, presentImportJob } from "../services/imports";
import { commandContext } from "./articles";

/**
 * Imports: POST /v1/w/:ws/imports (multipart: `files`, optional `folder_id`) starts a job
 * that runs after the response (waitUntil); GET /v1/imports/:key reports its progress;
 * DELETE aborts it. Markdown, HTML and zips of them become documents. The body is read as a
 * stream under IMPORT_LIMITS (services/import-files), never buffered whole.
 */
export const importsApi = createApp()
  .post("/w/:ws/imports", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "imports.create");
    const upload = await readImportUpload(c.req.raw);
    const fields = createImportFields.safeParse({ folder_id: upload.folderId });
    if (!fields.success) throw invalidFromZod(fields.error);
    if (upload.files === 0) throw new Invalid("files: choose at least one file", { files: ["choose at least one file"] });

    const parent = await loadParentFolder(db, actor, fields.data.folder_id);
    authorize(actor, "articles.create", parent?.resource);

    const { entries, errors } = upload;
    const context = commandContext(c, actor);
    const job = await importJobCreator(db, { context, folderId: parent?.folder.id ?? null, total: entries.length + errors.length, results: errors });
    c.executionCtx.waitUntil(importRunner(db, { context, job, entries }).catch(() => undefined));
    return c.json({ data: presentImportJob(job), accepted_extensions: IMPORT_EXTENSIONS }, 202);
  })

  .get("/w/:ws/imports", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "imports.create");
    return c.json({ data: await importJobsOf(c.get("db"), actor) });
  })

  .get("/imports/:key", requireSession, validate("param", importKeyParam), async (c) => {
    const job = await loadOwnJob(c.get("db"), c.get("session"), c.req.valid("param").key, c.req.header("x-superadmin-workspace-id"));
    return c.json({ data: presentImportJob(job) });
  })

  .delete("/imports/:key", requireSession, validate("param", importKeyParam), async (c) => {
    const db = c.get("db");
    const job = await loadOwnJob(db, c.get("session"), c.req.valid("param").key, c.req.header("x-superadmin-workspace-id"));
    const [updated] = await db
      .update(importJobs)
      .set({ status: "aborted" })
      .where(and(eq(importJobs.id, job.id), inArray(importJobs.status, ["pending", "started", "processing"])))
      .returning();
    return c.json({ data: presentImportJob(updated ?? job) });
  });

/** Only the person who started an import sees it, and only while they are in its workspace. */
async function loadOwnJob(
  db: Parameters<typeof resolveActor>[0],
  session: Parameters<typeof resolveActor>[1],
  key: string,
  superAdminHeader: string | undefined,
) {
  const [job] = await db.select().from(importJobs).where(eq(importJobs.key, key));
  if (!job || job.createdById !== session.user.id) throw new NotFound("Import not found");
  // Someone who has left the workspace is told the same as about any other import.
  await resolveActor(db, session, job.workspaceId, superAdminHeader).catch((error: unknown) => {
    throw error instanceof NotAMember ? new NotFound("Import not found") : error;
  });
  return job;
}
