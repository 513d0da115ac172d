import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { uploads, type Upload } from "../db/schema";
import { NotFound } from "../lib/errors";
import type { Actor } from "../policies";
import { authorizeWithinPlanOf } from "../services/billing/entitlements";
import type { BillingEnv } from "../services/billing/stripe-client";
import { deleteStored, newObjectKey, storeStream } from "../services/storage";
import { eventStatement, type CommandContext } from "./events";

/**
 * A pending upload row: the file is not readable until its bytes are stored. The announced
 * size is what the workspace's storage must have room for (the bytes must match it), so a
 * file beyond the plan's storage is refused here, before anything is written (402).
 */
export async function uploadCreator(
  db: Database,
  env: BillingEnv,
  { actor, input }: { actor: Pick<Actor, "userId" | "role" | "workspaceId">; input: { filename: string; contentType: string; size: number; articleId: number | null; folderId: number | null } },
): Promise<Upload> {
  const { workspaceId } = actor;
  await authorizeWithinPlanOf(db, env, actor, "storage_bytes", input.size);
  const [upload] = await db
    .insert(uploads)
    .values({ workspaceId, r2Key: newObjectKey(workspaceId), uploadedById: actor.userId, status: "pending", ...input })
    .returning();
  return upload!;
}

/** Streams the body into R2, then marks the row stored and records who uploaded it. */
export async function uploadStorer(
  db: Database,
  env: Pick<Env, "UPLOADS">,
  { context, upload, body }: { context: CommandContext; upload: Upload; body: ReadableStream<Uint8Array> },
): Promise<Upload> {
  await storeStream(env, upload, body, upload.size);
  const [[stored]] = await db.batch([
    db.update(uploads).set({ status: "stored", updatedAt: new Date() }).where(eq(uploads.id, upload.id)).returning(),
    eventStatement(db, context, "uploads.create", {
      articleId: upload.articleId,
      properties: { upload_id: upload.id, filename: upload.filename, size: upload.size, content_type: upload.contentType },
    }),
  ]);
  if (!stored) {
    // The row was deleted while the bytes streamed: nothing points at the object any more.
    await deleteStored(env, upload.r2Key);
    throw new NotFound("File not found");
  }
  return stored;
}

/** Removes the stored object and the row. */
export async function uploadDeleter(db: Database, env: Pick<Env, "UPLOADS">, { context, upload }: { context: CommandContext; upload: Upload }) {
  await deleteStored(env, upload.r2Key);
  await db.batch([
    db.delete(uploads).where(eq(uploads.id, upload.id)),
    eventStatement(db, context, "uploads.delete", { properties: { upload_id: upload.id, filename: upload.filename } }),
  ]);
}
