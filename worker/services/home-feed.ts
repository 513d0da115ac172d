import { articlesWithOpenReviewsSql } from "./reviews";
import { sql, type SQL } from "drizzle-orm";
import { MAX_PINS, type FileLocation } from "../../core/contracts/home";
import type { AccessLevel, SortOrder } from "../../core/enums";
import type { Database } from "../db/client";
import { presentArticleItem, presentFileItem, type FileItemJson, type FileTimeKey } from "../presenters/files";
import { LEVEL_RANK, type Viewer } from "./access";
import { ARTICLE_ORDERS, LIVE_DOCUMENTS, pageOfArticles, type ArticleJoin, type ArticlePage } from "./article-lists";
import { FILE_KINDS, FILE_ORDERS, fileMarks, marksFor, NEWEST_FIRST, pageOfFiles, type FileKind, type FilePage } from "./file-lists";

// The workspace home and its lists: what the user opened or changed lately, what gets read
// most, what changed, favourites, pins, what others shared with them, the files tree and the
// archive. Every list is filtered to what the viewer may read, in D1, before it is paged.

/** "Frequently viewed" counts views over this window. */
export const FREQUENT_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export const ARTICLE_VIEW = "articles.view";
export const FOLDER_VIEW = "folders.view";

/** What counts as the user touching a document or a folder, for "recent". */
const ARTICLE_TOUCHES = [ARTICLE_VIEW, "articles.create", "articles.edit", "articles.update", "articles.move", "articles.restore", "articles.copy"];
const FOLDER_TOUCHES = [FOLDER_VIEW, "folders.create", "folders.update", "folders.move", "folders.restore"];

/** Constant event names inlined as SQL literals (they never come from input), sparing bound parameters. */
const names = (list: string[]) => sql.raw(list.map((name) => `'${name.replace(/'/g, "''")}'`).join(", "));

/** The folder an event is about: folder events carry it in their properties. */
const eventFolderId = sql`CAST(json_extract(e.properties, '$.folder_id') AS INTEGER)`;

const LIVE_FOLDERS = sql`f.archived_at IS NULL`;

/** `?permissions=edit,owner`: the viewer's best level must be one of these. */
function levelFilter(permissions: AccessLevel[] | undefined): SQL {
  if (!permissions?.length) return sql`1 = 1`;
  return sql.raw(`r.rank IN (${permissions.map((level) => LEVEL_RANK[level]).join(", ")})`);
}

const userId = (viewer: Viewer) => viewer.userId ?? -1;

/** Marks (starred, pinned) and JSON for a page of mixed files. */
export async function presentFilePage(db: Database, viewer: Viewer, page: FilePage, timeKey?: FileTimeKey): Promise<FileItemJson[]> {
  const marks = await marksFor(db, viewer, page.items);
  return page.items.map((item) => presentFileItem(item, marks, timeKey));
}

/** The same for a page of documents only. */
export async function presentArticlePage(db: Database, viewer: Viewer, page: ArticlePage) {
  const marks = await fileMarks(db, viewer, { articleIds: page.items.map((item) => item.article.id), folderIds: [] });
  return page.items.map((item) => presentArticleItem(item, marks));
}

export interface RecentOptions {
  items: number;
  permissions?: AccessLevel[];
  /** Documents only, no folders. */
  skipProjects?: boolean;
  /** Only documents with a review still open (folders have none, so they drop out). */
  withActiveReviews?: boolean;
}

/**
 * The documents (and folders) this user opened or changed most recently, newest first;
 * with `withActiveReviews`, only documents somebody is still reviewing.
 */
export function recentFiles(db: Database, viewer: Viewer, { items, permissions, skipProjects, withActiveReviews }: RecentOptions) {
  const ws = viewer.workspaceId;
  const uid = userId(viewer);
  return pageOfFiles(db, viewer, {
    articles: {
      from: sql`JOIN (
        SELECT e.article_id AS article_id, MAX(e.created_at) AS at FROM events e
        WHERE e.workspace_id = ${ws} AND e.user_id = ${uid} AND e.article_id IS NOT NULL AND e.name IN (${names(ARTICLE_TOUCHES)})
        GROUP BY e.article_id) t ON t.article_id = a.id`,
      where: sql`${LIVE_DOCUMENTS} AND ${levelFilter(permissions)}${
        withActiveReviews ? sql` AND a.id IN ${articlesWithOpenReviewsSql(ws)}` : sql``
      }`,
      sortAt: sql`t.at`,
    },
    folders: skipProjects || withActiveReviews
      ? null
      : {
          from: sql`JOIN (
            SELECT ${eventFolderId} AS folder_id, MAX(e.created_at) AS at FROM events e
            WHERE e.workspace_id = ${ws} AND e.user_id = ${uid} AND e.name IN (${names(FOLDER_TOUCHES)})
            GROUP BY 1) t ON t.folder_id = f.id`,
          where: sql`${LIVE_FOLDERS} AND ${levelFilter(permissions)}`,
          sortAt: sql`t.at`,
        },
    orderBy: NEWEST_FIRST,
    limit: items,
  });
}

/** Whose views count: the user's own, or everyone's in the workspace. */
export type ViewScope = "mine" | "workspace";

function articleViews(viewer: Viewer, { scope, since }: { scope: ViewScope; since: number | null }): ArticleJoin {
  return {
    source: sql`(
      SELECT e.article_id AS article_id, COUNT(*) AS views, MAX(e.created_at) AS last_at FROM events e
      WHERE e.workspace_id = ${viewer.workspaceId} AND e.name = ${ARTICLE_VIEW} AND e.article_id IS NOT NULL
        ${scope === "mine" ? sql`AND e.user_id = ${userId(viewer)}` : sql``}
        ${since === null ? sql`` : sql`AND e.created_at >= ${since}`}
      GROUP BY e.article_id) v`,
    on: sql`v.article_id = a.id`,
  };
}

/** Documents viewed most over the last 30 days (ties: the latest view first). */
export function frequentlyViewedArticles(db: Database, viewer: Viewer, { items, scope }: { items: number; scope: ViewScope }) {
  return pageOfArticles(db, viewer, {
    join: articleViews(viewer, { scope, since: Date.now() - FREQUENT_WINDOW_MS }),
    where: LIVE_DOCUMENTS,
    orderBy: sql`v.views DESC, v.last_at DESC, a.id DESC`,
    limit: items,
  });
}

/** Documents this user viewed, the latest view first. */
export function recentlyViewedArticles(db: Database, viewer: Viewer, { items }: { items: number }) {
  return pageOfArticles(db, viewer, {
    join: articleViews(viewer, { scope: "mine", since: null }),
    where: LIVE_DOCUMENTS,
    orderBy: sql`v.last_at DESC, a.id DESC`,
    limit: items,
  });
}

/** Documents of the workspace changed most recently, by anyone. */
export function recentlyUpdatedArticles(db: Database, viewer: Viewer, { items }: { items: number }) {
  return pageOfArticles(db, viewer, { where: LIVE_DOCUMENTS, orderBy: ARTICLE_ORDERS.last_modified_desc, limit: items });
}

/**
 * Folder views: opening the folder, or opening a document inside it. `since` null: all time.
 * Article views join their article to find its folder.
 */
function folderViews(viewer: Viewer, { scope, since }: { scope: ViewScope; since: number | null }) {
  const mine = scope === "mine" ? sql`AND e.user_id = ${userId(viewer)}` : sql``;
  const window = since === null ? sql`` : sql`AND e.created_at >= ${since}`;
  const ws = viewer.workspaceId;
  return sql`JOIN (
    SELECT folder_id, COUNT(*) AS views, MAX(at) AS last_at FROM (
      SELECT ${eventFolderId} AS folder_id, e.created_at AS at FROM events e
      WHERE e.workspace_id = ${ws} AND e.name = ${FOLDER_VIEW} ${mine} ${window}
      UNION ALL
      SELECT va.folder_id AS folder_id, e.created_at AS at FROM events e JOIN articles va ON va.id = e.article_id
      WHERE e.workspace_id = ${ws} AND e.name = ${ARTICLE_VIEW} AND va.folder_id IS NOT NULL ${mine} ${window}
    ) GROUP BY folder_id) v ON v.folder_id = f.id`;
}

/** Folders ("projects") whose pages and documents were viewed most over the last 30 days. */
export function frequentlyViewedProjects(db: Database, viewer: Viewer, { items, scope }: { items: number; scope: ViewScope }) {
  return pageOfFiles(db, viewer, {
    folders: { from: folderViews(viewer, { scope, since: Date.now() - FREQUENT_WINDOW_MS }), where: LIVE_FOLDERS, sortAt: sql`v.views` },
    orderBy: NEWEST_FIRST,
    limit: items,
  });
}

/** Folders this user viewed (or viewed a document in), the latest first. */
export function recentlyViewedProjects(db: Database, viewer: Viewer, { items }: { items: number }) {
  return pageOfFiles(db, viewer, {
    folders: { from: folderViews(viewer, { scope: "mine", since: null }), where: LIVE_FOLDERS, sortAt: sql`v.last_at` },
    orderBy: NEWEST_FIRST,
    limit: items,
  });
}

export interface PageWindow {
  limit: number;
  offset: number;
}

/** Grants that name this user personally: to them, a group they are in, or their email. */
function personalGrant(viewer: Viewer) {
  const uid = userId(viewer);
  return sql`(
    (g.target_type = 'User' AND g.user_id = ${uid})
    OR (g.target_type = 'Channel' AND g.channel_id IN (SELECT cm.channel_id FROM channel_memberships cm WHERE cm.user_id = ${uid}))
    OR (g.target_type = 'Email' AND g.email = (SELECT su.email FROM users su WHERE su.id = ${uid}) COLLATE NOCASE)
  ) AND (g.created_by_id IS NULL OR g.created_by_id <> ${uid})`;
}

/** Joins, as `s.at`, when each document (or folder) was last shared with this user personally. */
function latestPersonalGrant(viewer: Viewer, kind: FileKind) {
  const { alias, key } = FILE_KINDS[kind];
  return sql`JOIN (
        SELECT g.${key} AS item_id, MAX(g.created_at) AS at FROM accesses g
        WHERE g.workspace_id = ${viewer.workspaceId} AND g.${key} IS NOT NULL AND ${personalGrant(viewer)}
        GROUP BY g.${key}) s ON s.item_id = ${alias}.id`;
}

/**
 * What someone else shared with this user through a grant to them, a group of theirs or
 * their email (not workspace-wide grants, not their own documents), the newest grant first.
 */
export function sharedWithMe(db: Database, viewer: Viewer, page: PageWindow) {
  const uid = userId(viewer);
  return pageOfFiles(db, viewer, {
    articles: {
      from: latestPersonalGrant(viewer, "article"),
      where: sql`${LIVE_DOCUMENTS} AND (a.owner_id IS NULL OR a.owner_id <> ${uid})`,
      sortAt: sql`s.at`,
    },
    folders: {
      from: latestPersonalGrant(viewer, "folder"),
      where: sql`${LIVE_FOLDERS} AND (f.owner_id IS NULL OR f.owner_id <> ${uid})`,
      sortAt: sql`s.at`,
    },
    orderBy: NEWEST_FIRST,
    ...page,
  });
}

/** The user's starred documents and folders they can still read, the latest star first. */
export function favoriteFiles(db: Database, viewer: Viewer, page: PageWindow) {
  const uid = userId(viewer);
  return pageOfFiles(db, viewer, {
    articles: {
      from: sql`JOIN favorites fav ON fav.article_id = a.id AND fav.user_id = ${uid}`,
      where: LIVE_DOCUMENTS,
      sortAt: sql`fav.created_at`,
    },
    folders: {
      from: sql`JOIN favorites fav ON fav.folder_id = f.id AND fav.user_id = ${uid}`,
      where: LIVE_FOLDERS,
      sortAt: sql`fav.created_at`,
    },
    orderBy: NEWEST_FIRST,
    ...page,
  });
}

/** The workspace home's pins this viewer can read, in pin order. */
export function pinnedFiles(db: Database, viewer: Viewer) {
  const ws = viewer.workspaceId;
  return pageOfFiles(db, viewer, {
    articles: { from: sql`JOIN file_pins p ON p.article_id = a.id AND p.workspace_id = ${ws}`, where: LIVE_DOCUMENTS, sortAt: sql`p.position` },
    folders: { from: sql`JOIN file_pins p ON p.folder_id = f.id AND p.workspace_id = ${ws}`, where: LIVE_FOLDERS, sortAt: sql`p.position` },
    orderBy: sql`sort_at ASC, type ASC, id ASC`,
    limit: MAX_PINS,
  });
}

/**
 * The files tree at one location: the top level (`root`), one folder's contents, the
 * top-level items shared with anyone (`shared`), or the user's own top-level items nobody
 * else has been given (`private`). Folders first, then documents, in `sort` order.
 */
export function filesAt(db: Database, viewer: Viewer, { location, sort, ...page }: { location: FileLocation; sort: SortOrder } & PageWindow) {
  const uid = userId(viewer);
  let articleWhere: SQL;
  let folderWhere: SQL;
  if (typeof location === "number") {
    articleWhere = sql`a.folder_id = ${location}`;
    folderWhere = sql`f.parent_id = ${location}`;
  } else {
    articleWhere = sql`a.folder_id IS NULL`;
    folderWhere = sql`f.parent_id IS NULL`;
    if (location === "shared") {
      articleWhere = sql`${articleWhere} AND EXISTS (SELECT 1 FROM accesses g WHERE g.article_id = a.id)`;
      folderWhere = sql`${folderWhere} AND EXISTS (SELECT 1 FROM accesses g WHERE g.folder_id = f.id)`;
    } else if (location === "private") {
      articleWhere = sql`${articleWhere} AND a.owner_id = ${uid} AND NOT EXISTS (SELECT 1 FROM accesses g WHERE g.article_id = a.id)`;
      folderWhere = sql`${folderWhere} AND f.owner_id = ${uid} AND NOT EXISTS (SELECT 1 FROM accesses g WHERE g.folder_id = f.id)`;
    }
  }
  return pageOfFiles(db, viewer, {
    articles: { where: sql`${LIVE_DOCUMENTS} AND ${articleWhere}` },
    folders: { where: sql`${LIVE_FOLDERS} AND ${folderWhere}` },
    orderBy: FILE_ORDERS[sort],
    ...page,
  });
}

/** Every document the viewer can read, in `sort` order (the "All docs" page). */
export function allDocuments(db: Database, viewer: Viewer, { sort, ...page }: { sort: SortOrder } & PageWindow) {
  return pageOfArticles(db, viewer, { where: LIVE_DOCUMENTS, orderBy: ARTICLE_ORDERS[sort], ...page });
}

/**
 * What sits in the archive: folders archived on their own (their subfolders and documents
 * went with them and come back with them) and documents whose folder is not archived, the
 * latest archived first.
 */
export function archivedFiles(db: Database, viewer: Viewer, page: PageWindow) {
  return pageOfFiles(db, viewer, {
    articles: {
      where: sql`a.archived_at IS NOT NULL AND a.kind = 'document'
        AND NOT EXISTS (SELECT 1 FROM folders af WHERE af.id = a.folder_id AND af.archived_at IS NOT NULL)`,
      sortAt: sql`a.archived_at`,
    },
    folders: {
      where: sql`f.archived_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM folders af WHERE af.id = f.parent_id AND af.archived_at IS NOT NULL)`,
      sortAt: sql`f.archived_at`,
    },
    orderBy: NEWEST_FIRST,
    ...page,
  });
}
