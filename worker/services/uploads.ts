import { and, eq, sql, type SQL } from "drizzle-orm";
import { UPLOAD_CONTENT_TYPES, type FileKind, type ListUploadsQuery } from "../../core/contracts/files";
import type { SortOrder } from "../../core/enums";
import { inList } from "../db/batching";
import type { Database } from "../db/client";
import { articles, folders, uploads, users, type Upload, type User } from "../db/schema";
import { NotFound } from "../lib/errors";
import type { ApiKeyGrant } from "../auth/api-keys";
import type { CursorValue, KeysetColumn } from "../lib/cursor";
import { NotAMember, resolveActor } from "../middleware/workspace";
import { can, type Actor, type UploadResource } from "../policies";
import { articleAccess, folderAccess, readableArticlesSql, readableFoldersSql, viewerFor } from "./access";
import type { ReadableFile } from "./storage";

// Uploaded files as the people asking may see them: who is asking in the file's workspace,
// and their level on the document or folder it is attached to. The policy module decides.

/** Who asks: from an API session (with its key's grant, when it is a key) or a page's cookie session. */
export interface FileRequester {
  user: { id: number; isSuperAdmin: boolean };
  apiKey?: ApiKeyGrant;
  superAdminHeader?: string;
}

export interface LoadedUpload {
  actor: Actor;
  upload: Upload;
  resource: UploadResource;
}

/** The actor's level on what the file is attached to (an article first, else a folder). */
export async function uploadResource(db: Database, actor: Actor, upload: Pick<Upload, "articleId" | "folderId" | "uploadedById" | "workspaceId">): Promise<UploadResource> {
  const viewer = viewerFor(actor);
  const base = { uploadedById: upload.uploadedById };
  if (upload.articleId) {
    const [article] = await db.select().from(articles).where(and(eq(articles.id, upload.articleId), eq(articles.workspaceId, upload.workspaceId)));
    return { ...base, attached: true, level: article ? (await articleAccess(db, viewer, article)).level : null };
  }
  if (upload.folderId) {
    const [folder] = await db.select().from(folders).where(and(eq(folders.id, upload.folderId), eq(folders.workspaceId, upload.workspaceId)));
    return { ...base, attached: true, level: folder ? (await folderAccess(db, viewer, folder)).level : null };
  }
  return { ...base, attached: false, level: null };
}

/** Who asks, in the upload's own workspace; someone outside it learns nothing (404). */
async function actorForUpload(db: Database, who: FileRequester, upload: Upload): Promise<Actor> {
  try {
    return (await resolveActor(db, who, upload.workspaceId, who.superAdminHeader)).actor;
  } catch (error) {
    if (error instanceof NotAMember) throw new NotFound("File not found");
    throw error;
  }
}

/**
 * A file and who is asking, for its metadata and for deleting it. A file still being
 * uploaded exists only for its uploader, and only when `pending` allows it.
 */
export async function loadUpload(db: Database, who: FileRequester, id: number, { pending = false } = {}): Promise<LoadedUpload> {
  const [upload] = await db.select().from(uploads).where(eq(uploads.id, id));
  if (!upload) throw new NotFound("File not found");
  const actor = await actorForUpload(db, who, upload);
  if (upload.status !== "stored" && !(pending && upload.uploadedById === actor.userId)) throw new NotFound("File not found");
  return { actor, upload, resource: await uploadResource(db, actor, upload) };
}

export interface ReadableUpload {
  upload: Upload & ReadableFile;
  resource: UploadResource;
}

/**
 * THE read check for an upload's bytes: a stored file of the actor's workspace that the
 * policy lets them read. Everything that hands a user a file or its text (the content
 * routes, knowledge and campaign sources, voice samples, logos) calls this with the id it
 * was given; the storage module only reads files that passed it. Anything else is a 404,
 * the same as a file that does not exist.
 */
export async function readableUpload(db: Database, actor: Actor, id: number): Promise<ReadableUpload> {
  const [upload] = await db.select().from(uploads).where(and(eq(uploads.id, id), eq(uploads.workspaceId, actor.workspaceId)));
  if (!upload || upload.status !== "stored") throw new NotFound("File not found");
  const resource = await uploadResource(db, actor, upload);
  if (!can(actor, "uploads.read", resource)) throw new NotFound("File not found");
  return { upload: upload as Upload & ReadableFile, resource };
}

/** The same for a request reaching the file by its own id: resolved in the file's workspace. */
export async function readableUploadFor(db: Database, who: FileRequester, id: number): Promise<ReadableUpload & { actor: Actor }> {
  const [upload] = await db.select().from(uploads).where(eq(uploads.id, id));
  if (!upload) throw new NotFound("File not found");
  const actor = await actorForUpload(db, who, upload);
  return { actor, ...(await readableUpload(db, actor, id)) };
}

export async function uploaderOf(db: Database, upload: Pick<Upload, "uploadedById">): Promise<User | null> {
  if (!upload.uploadedById) return null;
  const [user] = await db.select().from(users).where(eq(users.id, upload.uploadedById));
  return user ?? null;
}

/** A column of the files list's order, and the value it sorts a listed file by (for its cursor). */
interface UploadKey extends KeysetColumn {
  of: (item: UploadListItem) => CursorValue;
}
export interface UploadListItem {
  upload: Upload;
  uploader: User | null;
}
const uploaderName: UploadKey = {
  column: sql`coalesce(u.first_name || ' ' || u.last_name, '') COLLATE NOCASE`,
  direction: "asc",
  of: (item) => (item.uploader ? `${item.uploader.firstName} ${item.uploader.lastName}` : ""),
};
const filename = (direction: "asc" | "desc"): UploadKey => ({ column: sql`up.filename COLLATE NOCASE`, direction, of: (item) => item.upload.filename });
const id = (direction: "asc" | "desc"): UploadKey => ({ column: sql`up.id`, direction, of: (item) => item.upload.id });
const updated = (direction: "asc" | "desc"): UploadKey => ({ column: sql`up.updated_at`, direction, of: (item) => item.upload.updatedAt.getTime() });

/** Each order of the files list as keyset columns ending with the id (cursors page it). */
export const UPLOAD_KEYSETS: Record<SortOrder, UploadKey[]> = {
  name_asc: [filename("asc"), id("asc")],
  name_desc: [filename("desc"), id("desc")],
  last_modified_asc: [updated("asc"), id("asc")],
  last_modified_desc: [updated("desc"), id("desc")],
  owner_asc: [uploaderName, filename("asc"), id("asc")],
  owner_desc: [{ ...uploaderName, direction: "desc" }, filename("asc"), id("asc")],
};

export const uploadKeyOf = (keyset: UploadKey[]) => (item: UploadListItem) => keyset.map((key) => key.of(item));

const orderOf = (keyset: KeysetColumn[]) => sql.join(keyset.map((key) => sql`${key.column} ${key.direction === "asc" ? sql`ASC` : sql`DESC`}`), sql`, `);

const typesOf = (kind: FileKind) => Object.keys(UPLOAD_CONTENT_TYPES).filter((type) => UPLOAD_CONTENT_TYPES[type] === kind);

/**
 * Stored files of the actor's workspace they may read, filtered, ordered and paged in D1:
 * loose files for members, attached ones through the document or folder they hang on.
 */
export async function pageOfUploads(db: Database, actor: Actor, query: Pick<ListUploadsQuery, "sort" | "type" | "page" | "per_page">) {
  const { rows, total } = await windowOfUploads(db, actor, query, { limit: query.per_page, offset: (query.page - 1) * query.per_page });
  return { items: rows, total };
}

/** The same for any window: `limit` rows from `offset`, or after a cursor's key (`after`, over UPLOAD_KEYSETS[sort]). */
export async function windowOfUploads(
  db: Database,
  actor: Actor,
  query: Pick<ListUploadsQuery, "sort" | "type">,
  { limit, offset, after }: { limit: number; offset: number; after?: SQL },
): Promise<{ rows: UploadListItem[]; total: number }> {
  const viewer = viewerFor(actor);
  const conditions = [
    sql`up.workspace_id = ${actor.workspaceId}`,
    sql`up.status = 'stored'`,
    sql`(up.article_id IS NOT NULL OR up.folder_id IS NOT NULL OR ${actor.role} <> 'guest')`,
    sql`(up.article_id IS NULL OR up.article_id IN (SELECT article_id FROM (${readableArticlesSql(viewer)})))`,
    sql`(up.article_id IS NOT NULL OR up.folder_id IS NULL OR up.folder_id IN (SELECT folder_id FROM (${readableFoldersSql(viewer)})))`,
  ];
  if (query.type) conditions.push(sql`up.content_type IN (${sql.join(typesOf(query.type).map((type) => sql`${type}`), sql`, `)})`);
  const rows = await db.all<{ id: number; total: number }>(sql`
    SELECT up.id AS id, count(*) OVER () AS total
    FROM uploads up
    LEFT JOIN users u ON u.id = up.uploaded_by_id
    WHERE ${sql.join(after ? [...conditions, after] : conditions, sql` AND `)}
    ORDER BY ${orderOf(UPLOAD_KEYSETS[query.sort])}
    LIMIT ${limit} OFFSET ${offset}`);
  let total = rows[0]?.total ?? 0;
  // Past the end, or after a cursor (whose rows count only what follows it): count the whole list.
  if ((rows.length === 0 && offset > 0) || after) {
    const [count] = await db.all<{ total: number }>(sql`
      SELECT count(*) AS total FROM uploads up WHERE ${sql.join(conditions, sql` AND `)}`);
    total = count?.total ?? 0;
  }
  return { rows: await hydrateUploads(db, rows.map((row) => row.id)), total };
}

/** Rows and uploaders for ids already filtered and ordered, keeping that order. */
async function hydrateUploads(db: Database, ids: number[]): Promise<UploadListItem[]> {
  const found = new Map<number, Upload>();
  if (ids.length > 0) for (const row of await db.select().from(uploads).where(inList(uploads.id, ids))) found.set(row.id, row);
  const uploaderIds = [...new Set([...found.values()].map((row) => row.uploadedById).filter((id): id is number => id !== null))];
  const people = new Map<number, User>();
  if (uploaderIds.length > 0) for (const user of await db.select().from(users).where(inList(users.id, uploaderIds))) people.set(user.id, user);
  return ids.flatMap((id) => {
    const upload = found.get(id);
    return upload ? [{ upload, uploader: upload.uploadedById ? (people.get(upload.uploadedById) ?? null) : null }] : [];
  });
}

/**
 * A stored upload of `workspaceId` for a signed media link (`/media/:token`) or the publisher:
 * the token (or the post that names the upload, checked against its workspace) is the read
 * check here, issued only by the publisher for a post's own media.
 */
export async function uploadForPublishing(db: Database, workspaceId: number, id: number): Promise<Upload & ReadableFile> {
  const [upload] = await db.select().from(uploads).where(and(eq(uploads.id, id), eq(uploads.workspaceId, workspaceId)));
  if (!upload || upload.status !== "stored") throw new NotFound("File not found");
  return upload as Upload & ReadableFile;
}
