import { sql, type SQL } from "drizzle-orm";
import type { AccessLevel, SortOrder } from "../../core/enums";
import { inList } from "../db/batching";
import type { Database } from "../db/client";
import { folders, type Folder } from "../db/schema";
import type { KeysetColumn } from "../lib/cursor";
import { levelOfRank, readableArticlesSql, readableFoldersSql, type Viewer } from "./access";

const FOLDER_ORDERS: Record<SortOrder, ReturnType<typeof sql>> = {
  name_asc: sql`f.name COLLATE NOCASE ASC, f.id ASC`,
  name_desc: sql`f.name COLLATE NOCASE DESC, f.id DESC`,
  last_modified_asc: sql`f.updated_at ASC, f.id ASC`,
  last_modified_desc: sql`f.updated_at DESC, f.id DESC`,
  owner_asc: sql`(u.first_name || ' ' || u.last_name) COLLATE NOCASE ASC, f.name COLLATE NOCASE ASC`,
  owner_desc: sql`(u.first_name || ' ' || u.last_name) COLLATE NOCASE DESC, f.name COLLATE NOCASE ASC`,
};

export interface FolderListItem {
  folder: Folder;
  level: AccessLevel;
  counts: { articles?: number; folders?: number };
}

async function foldersWhere(db: Database, viewer: Viewer, where: ReturnType<typeof sql>, order = FOLDER_ORDERS.name_asc, limit?: number) {
  const rows = await db.all<{ id: number; rank: number }>(sql`
    SELECT f.id AS id, r.rank AS rank FROM folders f
    JOIN (${readableFoldersSql(viewer)}) r ON r.folder_id = f.id
    LEFT JOIN users u ON u.id = f.owner_id
    WHERE f.workspace_id = ${viewer.workspaceId} AND ${where}
    ORDER BY ${order}${limit === undefined ? sql`` : sql` LIMIT ${limit}`}`);
  const found = new Map<number, Folder>();
  for (const folder of await db.select().from(folders).where(inList(folders.id, rows.map((row) => row.id)))) found.set(folder.id, folder);
  const counts = rows.length > 0 ? await childCounts(db, viewer) : new Map<number, FolderListItem["counts"]>();
  return rows.flatMap((row): FolderListItem[] => {
    const folder = found.get(row.id);
    return folder ? [{ folder, level: levelOfRank(row.rank), counts: { articles: 0, folders: 0, ...counts.get(row.id) } }] : [];
  });
}

/**
 * How many live documents and subfolders sit directly in each folder, counting only what
 * the viewer may open (a count must not reveal what they can't see), in one grouped query.
 */
async function childCounts(db: Database, viewer: Viewer) {
  const rows = await db.all<{ folder_id: number; kind: "articles" | "folders"; n: number }>(sql`
    SELECT a.folder_id AS folder_id, 'articles' AS kind, count(*) AS n FROM articles a
    JOIN (${readableArticlesSql(viewer)}) ra ON ra.article_id = a.id
    WHERE a.workspace_id = ${viewer.workspaceId} AND a.folder_id IS NOT NULL AND a.archived_at IS NULL AND a.kind = 'document'
    GROUP BY a.folder_id
    UNION ALL
    SELECT f.parent_id, 'folders', count(*) FROM folders f
    JOIN (${readableFoldersSql(viewer)}) rf ON rf.folder_id = f.id
    WHERE f.workspace_id = ${viewer.workspaceId} AND f.parent_id IS NOT NULL AND f.archived_at IS NULL
    GROUP BY f.parent_id`);
  const counts = new Map<number, FolderListItem["counts"]>();
  for (const row of rows) counts.set(row.folder_id, { ...counts.get(row.folder_id), [row.kind]: row.n });
  return counts;
}

/** Every folder the viewer may open (the sidebar builds the tree from parent ids), or the archived ones. */
export function listFolders(db: Database, viewer: Viewer, { archived }: { archived: boolean }) {
  return foldersWhere(db, viewer, archived ? sql`f.archived_at IS NOT NULL` : sql`f.archived_at IS NULL`);
}

/** `listFolders`' order as keyset columns, for cursor pages (`FOLDER_ORDERS.name_asc`). */
export const FOLDER_KEYSET: KeysetColumn[] = [
  { column: sql`f.name COLLATE NOCASE`, direction: "asc" },
  { column: sql`f.id`, direction: "asc" },
];
export const folderKeyOf = (item: FolderListItem) => [item.folder.name, item.folder.id];

/** A cursor page of `listFolders`: `limit` rows after `after` (afterKey over FOLDER_KEYSET), and how many there are in all. */
export async function pageOfFolders(db: Database, viewer: Viewer, { archived }: { archived: boolean }, { limit, after }: { limit: number; after?: SQL }) {
  const where = archived ? sql`f.archived_at IS NOT NULL` : sql`f.archived_at IS NULL`;
  const [rows, [count]] = await Promise.all([
    foldersWhere(db, viewer, after ? sql`${where} AND ${after}` : where, FOLDER_ORDERS.name_asc, limit),
    db.all<{ total: number }>(sql`
      SELECT count(*) AS total FROM folders f JOIN (${readableFoldersSql(viewer)}) r ON r.folder_id = f.id
      WHERE f.workspace_id = ${viewer.workspaceId} AND ${where}`),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export function subfoldersOf(db: Database, viewer: Viewer, parentId: number, sort: SortOrder) {
  return foldersWhere(db, viewer, sql`f.archived_at IS NULL AND f.parent_id = ${parentId}`, FOLDER_ORDERS[sort]);
}

/** A folder and its ancestors, top-level first (breadcrumbs). */
export async function folderAncestors(db: Database, folderId: number | null): Promise<Folder[]> {
  if (folderId === null) return [];
  const rows = await db.all<{ id: number; depth: number }>(sql`
    WITH RECURSIVE chain(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM folders WHERE id = ${folderId}
      UNION ALL SELECT f.id, f.parent_id, chain.depth + 1 FROM folders f JOIN chain ON f.id = chain.parent_id WHERE chain.depth < 100
    ) SELECT id, depth FROM chain`);
  if (rows.length === 0) return [];
  const found = await db.select().from(folders).where(inList(folders.id, rows.map((row) => row.id)));
  const byId = new Map(found.map((folder) => [folder.id, folder]));
  return rows
    .sort((a, b) => b.depth - a.depth)
    .flatMap((row) => (byId.has(row.id) ? [byId.get(row.id)!] : []));
}

export interface FolderTreeRow {
  id: number;
  parent_id: number | null;
  key: string;
  name: string;
  icon: string | null;
}

/**
 * The sidebar's folder tree: just what each node shows, for every live folder the viewer may
 * open, in one query (the app shell loads it on every navigation that revalidates).
 */
export function folderTreeRows(db: Database, viewer: Viewer): Promise<FolderTreeRow[]> {
  return db.all<FolderTreeRow>(sql`
    SELECT f.id AS id, f.parent_id AS parent_id, f.key AS key, f.name AS name, f.icon AS icon FROM folders f
    JOIN (${readableFoldersSql(viewer)}) r ON r.folder_id = f.id
    WHERE f.workspace_id = ${viewer.workspaceId} AND f.archived_at IS NULL
    ORDER BY f.name COLLATE NOCASE ASC, f.id ASC`);
}
