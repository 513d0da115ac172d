import { eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { AccessLevel, SortOrder } from "../../core/enums";
import { inList } from "../db/batching";
import type { CursorValue, KeysetColumn } from "../lib/cursor";
import type { Database } from "../db/client";
import { articles, users, type Article, type User } from "../db/schema";
import { emptyDocument } from "../../core/document/types";
import { guardedArticleSql, guardedFoldersOf, levelOfRank, readableArticlesSql, type Viewer } from "./access";

// Pages of documents a viewer may read. The permission filter, the order and the page all
// run in D1, in one query, so lists never load what they won't show.
// Conditions and orders are raw SQL over the aliases `a` (articles), `r` (article_id, rank:
// the viewer's level) and `u` (the owner).

/** A column of a list's order, and the value it sorts a listed document by (for its cursor). */
interface ArticleKey extends KeysetColumn {
  of: (item: ArticleListItem) => CursorValue;
}

// The owner's name as the order sorts it: SQL's `first || ' ' || last`, '' for no owner (NULL
// sorts in the same place, but a cursor's values must not be null).
const ownerName = sql`coalesce(u.first_name || ' ' || u.last_name, '') COLLATE NOCASE`;
const ownerNameOf = (item: ArticleListItem) => (item.owner ? `${item.owner.firstName} ${item.owner.lastName}` : "");
const title = (direction: "asc" | "desc"): ArticleKey => ({ column: sql`a.title COLLATE NOCASE`, direction, of: (item) => item.article.title });
const id = (direction: "asc" | "desc"): ArticleKey => ({ column: sql`a.id`, direction, of: (item) => item.article.id });
const updated = (direction: "asc" | "desc"): ArticleKey => ({ column: sql`a.updated_at`, direction, of: (item) => item.article.updatedAt.getTime() });

/** Each order of a list of documents, as keyset columns ending with the id (so cursors can page it). */
export const ARTICLE_KEYSETS: Record<SortOrder | "archived", ArticleKey[]> = {
  name_asc: [title("asc"), id("asc")],
  name_desc: [title("desc"), id("desc")],
  last_modified_asc: [updated("asc"), id("asc")],
  last_modified_desc: [updated("desc"), id("desc")],
  owner_asc: [{ column: ownerName, direction: "asc", of: ownerNameOf }, title("asc"), id("asc")],
  owner_desc: [{ column: ownerName, direction: "desc", of: ownerNameOf }, title("asc"), id("asc")],
  /** The archive: most recently archived first. */
  archived: [{ column: sql`a.archived_at`, direction: "desc", of: (item) => item.article.archivedAt?.getTime() ?? 0 }, id("desc")],
};

/** `ORDER BY` for keyset columns. */
export const orderByKeyset = (keyset: KeysetColumn[]) =>
  sql.join(keyset.map((key) => sql`${key.column} ${key.direction === "asc" ? sql`ASC` : sql`DESC`}`), sql`, `);

export const ARTICLE_ORDERS = Object.fromEntries(Object.entries(ARTICLE_KEYSETS).map(([sort, keyset]) => [sort, orderByKeyset(keyset)])) as Record<
  SortOrder | "archived",
  SQL
>;

/** The cursor values of a listed document in `keyset`. */
export const articleKeyOf = (keyset: ArticleKey[]) => (item: ArticleListItem) => keyset.map((key) => key.of(item));

export interface ArticleListItem {
  /** With no body text when `locked`. */
  article: Article;
  level: AccessLevel;
  /** Behind a password (its own or a folder's) the viewer has not given here: title only. */
  locked: boolean;
  owner: User | null;
  lastEditor: User | null;
}

export interface ArticlePage {
  items: ArticleListItem[];
  total: number;
}

/** One more table or subquery a list joins (its alias named in `source`), for its condition or order. */
export interface ArticleJoin {
  source: SQL;
  on: SQL;
}

/** Live documents (not archived, not templates) unless the caller's condition says otherwise. */
export const LIVE_DOCUMENTS = sql`a.archived_at IS NULL AND a.kind = 'document'`;

export async function pageOfArticles(
  db: Database,
  viewer: Viewer,
  {
    where = LIVE_DOCUMENTS,
    orderBy = ARTICLE_ORDERS.name_asc,
    limit,
    offset = 0,
    join,
    after,
  }: {
    where?: SQL;
    orderBy?: SQL;
    limit: number;
    offset?: number;
    join?: ArticleJoin;
    /** Only the rows after a cursor's key (`afterKey`); `total` still counts the whole list. */
    after?: SQL;
  },
): Promise<ArticlePage> {
  // One statement finds, checks, orders and pages the documents and reads their rows, the
  // lock and the people with them (a round trip saved over ids first, then the rows). Outside
  // a db.batch drizzle reads fields by position, so the tables' shared column names are safe.
  const a = alias(articles, "a");
  const owner = alias(users, "u");
  const lastEditor = alias(users, "le");
  let query = db
    .select({
      article: a,
      rank: sql<number>`r.rank`,
      total: sql<number>`count(*) OVER ()`,
      guarded: sql<number>`${guardedArticleSql(viewer.workspaceId)}`,
      owner,
      lastEditor,
    })
    .from(a)
    .innerJoin(sql`(${readableArticlesSql(viewer)}) r`, sql`r.article_id = a.id`)
    .leftJoin(owner, eq(owner.id, a.ownerId))
    .leftJoin(lastEditor, eq(lastEditor.id, a.lastEditorId))
    .$dynamic();
  if (join) query = query.innerJoin(join.source, join.on);
  const rows = await query
    .where(sql`a.workspace_id = ${viewer.workspaceId} AND ${where}${after ? sql` AND ${after}` : sql``}`)
    .orderBy(orderBy)
    .limit(limit)
    .offset(offset);
  const items = rows.map((row) => {
    const level = levelOfRank(row.rank);
    return listItem(row.article, level, level !== "owner" && Boolean(row.guarded), row.owner, row.lastEditor);
  });
  const total = after ? await countOf(db, viewer, where, join) : (rows[0]?.total ?? (offset > 0 ? await countOf(db, viewer, where, join) : 0));
  return { items, total };
}

/** A list's entry: a locked document keeps its title and loses its body and text. */
function listItem(row: Article, level: AccessLevel, locked: boolean, owner: User | null, lastEditor: User | null): ArticleListItem {
  return { article: locked ? { ...row, body: emptyDocument(), bodyText: "" } : row, level, locked, owner, lastEditor };
}

/** The total when the page asked for is past the end. */
async function countOf(db: Database, viewer: Viewer, where: SQL, join: ArticleJoin | undefined) {
  const [row] = await db.all<{ total: number }>(sql`
    SELECT count(*) AS total FROM articles a
    JOIN (${readableArticlesSql(viewer)}) r ON r.article_id = a.id
    LEFT JOIN users u ON u.id = a.owner_id
    ${join ? sql`JOIN ${join.source} ON ${join.on}` : sql``}
    WHERE a.workspace_id = ${viewer.workspaceId} AND ${where}`);
  return row?.total ?? 0;
}

/** The owner and last editor a document screen shows (the API's document routes and the /docs page). */
export type DocumentPeople = { owner: User | null; lastEditor: User | null };

/** A document's people, for one already loaded (`loadArticle` reads them with the document). */
export async function peopleOf(db: Database, article: { ownerId: number | null; lastEditorId: number | null }): Promise<DocumentPeople> {
  const ids = [article.ownerId, article.lastEditorId].filter((id): id is number => id !== null);
  const rows = ids.length ? await db.select().from(users).where(inList(users.id, ids)) : [];
  const find = (id: number | null) => rows.find((user) => user.id === id) ?? null;
  return { owner: find(article.ownerId), lastEditor: find(article.lastEditorId) };
}

/**
 * Rows and people for ids already filtered and ordered, keeping that order. Every list of
 * documents goes through here, so this is where a document behind a password (its own or a
 * folder's) is locked: no body, no excerpt, no snippet, for anyone but its owners. A list
 * request carries no password for each of its documents; opening one asks for it.
 */
export async function hydrate(db: Database, ordered: { id: number; level: AccessLevel }[]): Promise<ArticleListItem[]> {
  if (ordered.length === 0) return [];
  const ids = ordered.map((item) => item.id);
  const ofThese = inList(sql`a.id`, ids);
  // The rows, the locked folders and the people, in one round trip: none waits for another.
  const [found, guarded, people] = await db.batch([
    db.select().from(articles).where(inList(articles.id, ids)),
    guardedFoldersOf(db, ids),
    db
      .select()
      .from(users)
      .where(sql`${users.id} IN (SELECT a.owner_id FROM articles a WHERE ${ofThese} UNION SELECT a.last_editor_id FROM articles a WHERE ${ofThese})`),
  ]);
  const guardedFolders = new Set(guarded.map((folder) => folder.id));
  const peopleById = new Map(people.map((user) => [user.id, user]));
  const byId = new Map(found.map((article) => [article.id, article]));
  return ordered.flatMap(({ id, level }) => {
    const row = byId.get(id);
    if (!row) return [];
    const locked = level !== "owner" && (row.passwordHash !== null || (row.folderId !== null && guardedFolders.has(row.folderId)));
    const person = (id: number | null) => (id ? (peopleById.get(id) ?? null) : null);
    return [listItem(row, level, locked, person(row.ownerId), person(row.lastEditorId))];
  });
}
