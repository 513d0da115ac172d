import { eq, sql } from "drizzle-orm";
import type { FolderSettings } from "../../core/contracts/folders";
import { hashPassword } from "../auth/password";
import type { Database } from "../db/client";
import { accesses, articles, filePins, folders, type Folder } from "../db/schema";
import { Invalid } from "../lib/errors";
import { eventStatement, type CommandContext } from "./events";
import { nextPublicVersion } from "../services/public-cache";

const KEY_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A public key (folders, imports): starting with a letter so it can never be mistaken for an id. */
export function newFolderKey(length = 10): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((byte, i) => KEY_ALPHABET[byte % (i === 0 ? 26 : 36)]).join("");
}

/** The ids of a folder and everything below it. */
export const subtreeSql = (folderId: number) => sql`
  WITH RECURSIVE subtree(id) AS (SELECT ${folderId} UNION SELECT f.id FROM folders f JOIN subtree s ON f.parent_id = s.id)
  SELECT id FROM subtree`;

/** Bumps the public pages below a folder (it changed how they look or who may see them); returns their ids to purge. */
const bumpPublicPagesIn = (db: Database, folderId: number) =>
  db
    .update(articles)
    .set({ publicVersion: nextPublicVersion })
    .where(sql`${articles.folderId} IN (${subtreeSql(folderId)}) AND ${articles.isPublic} = 1`)
    .returning({ id: articles.id });

/** Creates a folder; a top-level one is shared with the workspace unless private (subfolders inherit). */
export async function folderCreator(
  db: Database,
  {
    context,
    input,
  }: { context: CommandContext; input: { name: string; description?: string; icon?: string | null; parentId: number | null; isPrivate?: boolean } },
): Promise<Folder> {
  const { actor } = context;
  const key = newFolderKey();
  const newFolderId = sql`(SELECT id FROM folders WHERE key = ${key})`;
  const [[folder]] = await db.batch([
    db
      .insert(folders)
      .values({
        workspaceId: actor.workspaceId,
        parentId: input.parentId,
        key,
        name: input.name,
        description: input.description ?? "",
        icon: input.icon ?? null,
        ownerId: actor.userId,
      })
      .returning(),
    ...(input.parentId === null && !input.isPrivate
      ? [
          db.insert(accesses).values({
            workspaceId: actor.workspaceId,
            folderId: newFolderId,
            targetType: "EveryoneAtWorkspace" as const,
            permission: "edit" as const,
            createdById: actor.userId,
          }),
        ]
      : []),
    eventStatement(db, context, "folders.create", { properties: sql`json_object('folder_id', ${newFolderId})` }),
  ]);
  return folder!;
}

export async function folderUpdater(
  db: Database,
  {
    context,
    folder,
    changes,
  }: {
    context: CommandContext;
    folder: Folder;
    changes: { name?: string; description?: string; icon?: string | null; settings?: FolderSettings; password?: string | null };
  },
): Promise<Folder> {
  const set: Partial<typeof folders.$inferInsert> = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.icon !== undefined) set.icon = changes.icon;
  if (changes.settings !== undefined) set.settings = { ...folder.settings, ...changes.settings };
  if (changes.password !== undefined) set.passwordHash = changes.password === null ? null : await hashPassword(changes.password);
  const [[updated], bumped] = await db.batch([
    db.update(folders).set(set).where(eq(folders.id, folder.id)).returning(),
    // Documents inside change how their public pages look (breadcrumbs, password): refresh them.
    bumpPublicPagesIn(db, folder.id),
    eventStatement(db, context, "folders.update", {
      properties: { folder_id: folder.id, fields: Object.keys(changes).filter((key) => key !== "password") },
    }),
  ]);
  await context.publicPages?.purge(bumped.map((row) => row.id));
  // Everyone in a document below must show the new password (or none) again.
  if (changes.password !== undefined) context.rooms?.accessChanged(folder.workspaceId, { reconnect: true });
  return updated!;
}

/** Moves a folder under another (same workspace, checked by the caller) or to the top; never into itself or below itself. */
export async function folderMover(
  db: Database,
  { context, folder, parentId }: { context: CommandContext; folder: Folder; parentId: number | null },
): Promise<Folder> {
  if (parentId !== null) {
    const inside = await db.all<{ id: number }>(sql`SELECT id FROM (${subtreeSql(folder.id)}) WHERE id = ${parentId}`);
    if (inside.length > 0) {
      throw new Invalid("parent_id: a folder cannot move into itself or one of its subfolders", {
        parent_id: ["cannot be the folder itself or one of its subfolders"],
      });
    }
  }
  const [[moved], bumped] = await db.batch([
    db.update(folders).set({ parentId }).where(eq(folders.id, folder.id)).returning(),
    // Moving under a password-protected folder must take public pages inside off the cache.
    bumpPublicPagesIn(db, folder.id),
    eventStatement(db, context, "folders.move", { properties: { folder_id: folder.id, from: folder.parentId, to: parentId } }),
  ]);
  await context.publicPages?.purge(bumped.map((row) => row.id));
  context.rooms?.accessChanged(folder.workspaceId);
  return moved!;
}

/**
 * Archives a folder with everything below it, all stamped with the same time, so restoring
 * brings back exactly what went with it (documents archived earlier on their own stay archived).
 */
export async function folderArchiver(
  db: Database,
  { context, folder, archived }: { context: CommandContext; folder: Folder; archived: boolean },
): Promise<Folder> {
  const stamp = archived ? new Date() : folder.archivedAt;
  if (!stamp) return folder;
  const inSubtree = (column: typeof folders.id | typeof articles.folderId) => sql`${column} IN (${subtreeSql(folder.id)})`;
  const sameStamp = (column: typeof folders.archivedAt | typeof articles.archivedAt) =>
    archived ? sql`${column} IS NULL` : sql`${column} = ${stamp.getTime()}`;
  const [changed, , [updated]] = await db.batch([
    db
      .update(articles)
      .set({ archivedAt: archived ? stamp : null, publicVersion: nextPublicVersion })
      .where(sql`${inSubtree(articles.folderId)} AND ${sameStamp(articles.archivedAt)}`)
      .returning({ id: articles.id, isPublic: articles.isPublic }),
    db
      .update(folders)
      .set({ archivedAt: archived ? stamp : null })
      .where(sql`${inSubtree(folders.id)} AND ${folders.id} <> ${folder.id} AND ${sameStamp(folders.archivedAt)}`),
    db.update(folders).set({ archivedAt: archived ? stamp : null }).where(eq(folders.id, folder.id)).returning(),
    ...(archived ? [db.delete(filePins).where(eq(filePins.folderId, folder.id))] : []),
    eventStatement(db, context, archived ? "folders.archive" : "folders.restore", { properties: { folder_id: folder.id } }),
  ]);
  await context.publicPages?.purge(changed.filter((row) => row.isPublic).map((row) => row.id));
  return updated!;
}

/** Deletes a folder, its subfolders and every document in them, for good. */
export async function folderDeleter(db: Database, { context, folder }: { context: CommandContext; folder: Folder }) {
  const [deleted] = await db.batch([
    db
      .delete(articles)
      .where(sql`${articles.folderId} IN (${subtreeSql(folder.id)})`)
      .returning({ id: articles.id, isPublic: articles.isPublic }),
    db.delete(folders).where(eq(folders.id, folder.id)),
    eventStatement(db, context, "folders.delete", { properties: { folder_id: folder.id, name: folder.name } }),
  ]);
  await context.publicPages?.purge(deleted.filter((row) => row.isPublic).map((row) => row.id));
}
