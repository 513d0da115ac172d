import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AccessLevel, SortOrder } from "../../core/enums";
import { inList } from "../db/batching";
import type { Database } from "../db/client";
import { favorites, filePins, folders, users, type Folder, type User } from "../db/schema";
import { levelOfRank, readableArticlesSql, readableFoldersSql, type Viewer } from "./access";
import { hydrate, type ArticleListItem } from "./article-lists";

// Pages of documents and folders together (recent, favourites, pins, shared with me, all
// files, archive). Both kinds are filtered by what the viewer may read, unioned, ordered and
// paged in one D1 query; only the page's rows are then loaded. Conditions are raw SQL over
// the aliases `a` (articles) or `f` (folders), `r` (the viewer's rank) and `u` (the owner);
// orders are raw SQL over the union's columns: type, id, name, updated_at, owner_name, sort_at.

/** One side of the union: extra joins, its condition, and what `sort_at` holds for it. */
export interface FileSource {
  from?: SQL;
  where: SQL;
  sortAt?: SQL;
}

export type FileListItem =
  | { type: "article"; entry: ArticleListItem; sortAt: number | null }
  | { type: "folder"; entry: FolderEntry; sortAt: number | null };

export interface FolderEntry {
  folder: Folder;
  level: AccessLevel;
  owner: User | null;
}

export interface FilePage {
  items: FileListItem[];
  total: number;
}

/** Folders first, then documents, each in the chosen order (the files tree). */
export const FILE_ORDERS: Record<SortOrder, SQL> = {
  name_asc: sql`type = 'folder' DESC, name COLLATE NOCASE ASC, id ASC`,
  name_desc: sql`type = 'folder' DESC, name COLLATE NOCASE DESC, id DESC`,
  last_modified_asc: sql`type = 'folder' DESC, updated_at ASC, id ASC`,
  last_modified_desc: sql`type = 'folder' DESC, updated_at DESC, id DESC`,
  owner_asc: sql`type = 'folder' DESC, owner_name COLLATE NOCASE ASC, name COLLATE NOCASE ASC, id ASC`,
  owner_desc: sql`type = 'folder' DESC, owner_name COLLATE NOCASE DESC, name COLLATE NOCASE ASC, id ASC`,
};

/** Newest first by the list's own time (viewed, shared, favourited, archived). */
export const NEWEST_FIRST = sql`sort_at DESC, type ASC, id DESC`;

export type FileKind = "article" | "folder";

/**
 * How the SQL here names each kind: its table and alias, its title column, its id column in
 * the tables that point at either kind (accesses, favorites, file_pins), and what it may read.
 */
export const FILE_KINDS = {
  article: { table: sql.raw("articles"), alias: sql.raw("a"), title: sql.raw("title"), key: sql.raw("article_id"), readable: readableArticlesSql },
  folder: { table: sql.raw("folders"), alias: sql.raw("f"), title: sql.raw("name"), key: sql.raw("folder_id"), readable: readableFoldersSql },
};

/** One kind's side of the union, written once so both sides' columns always line up. */
function sideSql(kind: FileKind, viewer: Viewer, { from = sql``, where, sortAt = sql`NULL` }: FileSource): SQL {
  const { table, alias: t, title, key, readable } = FILE_KINDS[kind];
  return sql`
      SELECT ${sql.raw(`'${kind}'`)} AS type, ${t}.id AS id, r.rank AS rank, ${t}.${title} AS name, ${t}.updated_at AS updated_at,
             (u.first_name || ' ' || u.last_name) AS owner_name, ${sortAt} AS sort_at
      FROM ${table} ${t}
      JOIN (${readable(viewer)}) r ON r.${key} = ${t}.id
      LEFT JOIN users u ON u.id = ${t}.owner_id
      ${from}
      WHERE ${t}.workspace_id = ${viewer.workspaceId} AND ${where}`;
}

function unionSql(viewer: Viewer, sources: { articles?: FileSource | null; folders?: FileSource | null }): SQL {
  const parts: SQL[] = [];
  if (sources.articles) parts.push(sideSql("article", viewer, sources.articles));
  if (sources.folders) parts.push(sideSql("folder", viewer, sources.folders));
  return sql.join(parts, sql` UNION ALL `);
}

export async function pageOfFiles(
  db: Database,
  viewer: Viewer,
  {
    articles,
    folders: folderSource,
    orderBy,
    limit,
    offset = 0,
  }: { articles?: FileSource | null; folders?: FileSource | null; orderBy: SQL; limit: number; offset?: number },
): Promise<FilePage> {
  if (!articles && !folderSource) return { items: [], total: 0 };
  const union = unionSql(viewer, { articles, folders: folderSource });
  const rows = await db.all<{ type: "article" | "folder"; id: number; rank: number; sort_at: number | null; total: number }>(sql`
    SELECT type, id, rank, sort_at, count(*) OVER () AS total FROM (${union}) files
    ORDER BY ${orderBy}
    LIMIT ${limit} OFFSET ${offset}`);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [row] = await db.all<{ total: number }>(sql`SELECT count(*) AS total FROM (${union}) files`);
    total = row?.total ?? 0;
  }
  return { items: await hydrateFiles(db, rows), total };
}

/** Loads the rows of a page already filtered and ordered, keeping that order. */
async function hydrateFiles(db: Database, rows: { type: "article" | "folder"; id: number; rank: number; sort_at: number | null }[]) {
  const articleRows = rows.filter((row) => row.type === "article");
  const folderRows = rows.filter((row) => row.type === "folder");
  const [articleEntries, folderEntries] = await Promise.all([
    hydrate(db, articleRows.map((row) => ({ id: row.id, level: levelOfRank(row.rank) }))),
    hydrateFolders(db, folderRows.map((row) => ({ id: row.id, level: levelOfRank(row.rank) }))),
  ]);
  const articleById = new Map(articleEntries.map((entry) => [entry.article.id, entry]));
  const folderById = new Map(folderEntries.map((entry) => [entry.folder.id, entry]));
  return rows.flatMap((row): FileListItem[] => {
    if (row.type === "article") {
      const entry = articleById.get(row.id);
      return entry ? [{ type: "article", entry, sortAt: row.sort_at }] : [];
    }
    const entry = folderById.get(row.id);
    return entry ? [{ type: "folder", entry, sortAt: row.sort_at }] : [];
  });
}

export async function hydrateFolders(db: Database, ordered: { id: number; level: AccessLevel }[]): Promise<FolderEntry[]> {
  if (ordered.length === 0) return [];
  const found = new Map<number, Folder>();
  for (const folder of await db.select().from(folders).where(inList(folders.id, ordered.map((item) => item.id)))) found.set(folder.id, folder);
  const ownerIds = [...new Set([...found.values()].map((folder) => folder.ownerId).filter((id): id is number => id !== null))];
  const owners = new Map<number, User>();
  for (const user of await db.select().from(users).where(inList(users.id, ownerIds))) owners.set(user.id, user);
  return ordered.flatMap(({ id, level }) => {
    const folder = found.get(id);
    return folder ? [{ folder, level, owner: folder.ownerId ? (owners.get(folder.ownerId) ?? null) : null }] : [];
  });
}

/** Which of these items the viewer has starred, and which are pinned to the workspace home. */
export interface FileMarks {
  favoriteArticles: Set<number>;
  favoriteFolders: Set<number>;
  pinnedArticles: Set<number>;
  pinnedFolders: Set<number>;
}

export async function fileMarks(db: Database, viewer: Viewer, { articleIds, folderIds }: { articleIds: number[]; folderIds: number[] }) {
  const marks: FileMarks = { favoriteArticles: new Set(), favoriteFolders: new Set(), pinnedArticles: new Set(), pinnedFolders: new Set() };
  const userId = viewer.userId ?? -1;
  if (articleIds.length > 0) {
    const ids = [...new Set(articleIds)];
    const [stars, pins] = await Promise.all([
      db.select({ id: favorites.articleId }).from(favorites).where(and(eq(favorites.userId, userId), inList(favorites.articleId, ids))),
      db.select({ id: filePins.articleId }).from(filePins).where(and(eq(filePins.workspaceId, viewer.workspaceId), inList(filePins.articleId, ids))),
    ]);
    for (const row of stars) if (row.id !== null) marks.favoriteArticles.add(row.id);
    for (const row of pins) if (row.id !== null) marks.pinnedArticles.add(row.id);
  }
  if (folderIds.length > 0) {
    const ids = [...new Set(folderIds)];
    const [stars, pins] = await Promise.all([
      db.select({ id: favorites.folderId }).from(favorites).where(and(eq(favorites.userId, userId), inList(favorites.folderId, ids))),
      db.select({ id: filePins.folderId }).from(filePins).where(and(eq(filePins.workspaceId, viewer.workspaceId), inList(filePins.folderId, ids))),
    ]);
    for (const row of stars) if (row.id !== null) marks.favoriteFolders.add(row.id);
    for (const row of pins) if (row.id !== null) marks.pinnedFolders.add(row.id);
  }
  return marks;
}

/** Marks for a page of mixed items. */
export function marksFor(db: Database, viewer: Viewer, items: FileListItem[]) {
  return fileMarks(db, viewer, {
    articleIds: items.flatMap((item) => (item.type === "article" ? [item.entry.article.id] : [])),
    folderIds: items.flatMap((item) => (item.type === "folder" ? [item.entry.folder.id] : [])),
  });
}
