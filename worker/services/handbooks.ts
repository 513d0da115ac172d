import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { HandbookSort } from "../../core/contracts/handbooks";
import type { AccessLevel } from "../../core/enums";
import type { Database } from "../db/client";
import { articles, handbookItems, handbooks, type Article, type Handbook, type HandbookItem } from "../db/schema";
import { Forbidden, NotFound, Unauthorized } from "../lib/errors";
import { can, type Actor, type HandbookResource } from "../policies";
import { articleAccess, levelOfRank, readableArticlesSql, viewerFor, type Viewer } from "./access";
import { actorFor, type RequestFacts } from "./documents";

// Handbooks as one person sees them. A handbook is as visible as its cover document (without
// one, it is the workspace members'); in its tree, items pointing at documents or nested
// handbooks the person may not open are left out, so a handbook never leaks a title.

const levelOf = (rank: number | null | undefined): AccessLevel | null => (rank ? levelOfRank(rank) : null);

export interface LoadedHandbook {
  actor: Actor;
  handbook: Handbook;
  cover: Article | null;
  resource: HandbookResource;
  /** The viewer may read the cover's body here: no password guards it and it is not archived. */
  coverReadable: boolean;
}

export const handbookResource = (handbook: Pick<Handbook, "coverDocId">, level: AccessLevel | null): HandbookResource => ({
  hasCover: handbook.coverDocId !== null,
  level,
});

/** A handbook by key, whoever asks (404 when there is none). */
export async function handbookByKey(db: Database, key: string): Promise<Handbook> {
  const [handbook] = await db.select().from(handbooks).where(eq(handbooks.key, key));
  if (!handbook) throw new NotFound("Handbook not found");
  return handbook;
}

/**
 * A handbook by key for whoever asks: signed out 401, someone outside its workspace 404, a
 * member or guest who may not read it 403. Archived handbooks load (to be restored or deleted).
 */
export async function loadHandbook(db: Database, request: RequestFacts, key: string): Promise<LoadedHandbook> {
  return loadHandbookRow(db, request, await handbookByKey(db, key));
}

export async function loadHandbookById(db: Database, request: RequestFacts, id: number): Promise<LoadedHandbook> {
  const [handbook] = await db.select().from(handbooks).where(eq(handbooks.id, id));
  if (!handbook) throw new NotFound("Handbook not found");
  return loadHandbookRow(db, request, handbook);
}

async function loadHandbookRow(db: Database, request: RequestFacts, handbook: Handbook): Promise<LoadedHandbook> {
  const actor = await actorFor(db, request, handbook.workspaceId);
  if (actor.role === "unauthed") throw request.session ? new NotFound("Handbook not found") : new Unauthorized();
  return handbookAccess(db, actor, handbook);
}

/** What `actor` (already resolved in the handbook's workspace) may see of it; 403 when nothing. */
export async function handbookAccess(db: Database, actor: Actor, handbook: Handbook): Promise<LoadedHandbook> {
  const cover = await coverOf(db, handbook);
  const facts = cover ? await articleAccess(db, viewerFor(actor), cover) : null;
  const resource = handbookResource(handbook, facts?.level ?? null);
  if (!can(actor, "handbooks.read", resource)) throw new Forbidden("You do not have access to this handbook");
  // A cover behind a password is opened from its own page, which asks for it.
  const coverReadable = Boolean(facts?.level) && facts!.passwordHashes.length === 0 && !cover!.archivedAt;
  return { actor, handbook, cover, resource, coverReadable };
}

async function coverOf(db: Database, handbook: Handbook): Promise<Article | null> {
  if (handbook.coverDocId === null) return null;
  const [cover] = await db.select().from(articles).where(eq(articles.id, handbook.coverDocId));
  return cover ?? null;
}

/** The viewer's rank on each article among `ids` (a subquery), as a map. */
async function ranksOf(db: Database, viewer: Viewer, ids: ReturnType<typeof sql>) {
  const rows = await db.all<{ article_id: number; rank: number }>(sql`
    SELECT r.article_id AS article_id, r.rank AS rank FROM (${readableArticlesSql(viewer)}) r WHERE r.article_id IN (${ids})`);
  return new Map(rows.map((row) => [row.article_id, row.rank]));
}

/** Whether `viewer` may see a handbook, given their rank on its cover. */
const mayRead = (viewer: Viewer, handbook: Pick<Handbook, "coverDocId">, rank: number | undefined) =>
  handbook.coverDocId !== null ? rank !== undefined : viewer.role !== null && viewer.role !== "guest";

export interface HandbookListEntry {
  handbook: Handbook;
  cover: Pick<Article, "id" | "title"> | null;
  level: AccessLevel | null;
  itemCount: number;
}

/** The workspace's live handbooks this viewer may see, most recently changed first. */
export async function listHandbooks(db: Database, viewer: Viewer): Promise<HandbookListEntry[]> {
  const rows = await db
    .select({ handbook: handbooks, coverTitle: articles.title, itemCount: sql<number>`(SELECT count(*) FROM handbook_items hi WHERE hi.handbook_id = ${handbooks.id})` })
    .from(handbooks)
    .leftJoin(articles, eq(articles.id, handbooks.coverDocId))
    .where(and(eq(handbooks.workspaceId, viewer.workspaceId), isNull(handbooks.archivedAt)))
    .orderBy(sql`${handbooks.updatedAt} DESC`, sql`${handbooks.id} DESC`);
  const ranks = await ranksOf(
    db,
    viewer,
    sql`SELECT cover_doc_id FROM handbooks WHERE workspace_id = ${viewer.workspaceId} AND cover_doc_id IS NOT NULL`,
  );
  return rows.flatMap(({ handbook, coverTitle, itemCount }) => {
    const rank = handbook.coverDocId !== null ? ranks.get(handbook.coverDocId) : undefined;
    if (!mayRead(viewer, handbook, rank)) return [];
    const cover = handbook.coverDocId !== null && coverTitle !== null ? { id: handbook.coverDocId, title: coverTitle } : null;
    return [{ handbook, cover, level: levelOf(rank), itemCount: Number(itemCount) }];
  });
}

/** One item of a handbook's sidebar as the viewer sees it. */
export interface HandbookNode {
  item: HandbookItem;
  /** The item's own title, else its document's or nested handbook's. */
  title: string;
  article: Pick<Article, "id" | "title" | "passwordHash"> | null;
  nested: Pick<Handbook, "id" | "key" | "title"> | null;
  children: HandbookNode[];
}

/**
 * Every item of a handbook the viewer may see, flat and in hand order (position): a doc item
 * whose document they can't read (or that is archived) and a nested handbook they can't see
 * are left out. Sections always show.
 */
export async function visibleItems(db: Database, viewer: Viewer, handbookId: number): Promise<HandbookNode[]> {
  const items = await db
    .select()
    .from(handbookItems)
    .where(eq(handbookItems.handbookId, handbookId))
    .orderBy(asc(handbookItems.position), asc(handbookItems.id));
  if (items.length === 0) return [];
  const [docs, nested, ranks] = await Promise.all([
    db
      .select({ id: articles.id, title: articles.title, passwordHash: articles.passwordHash, archivedAt: articles.archivedAt })
      .from(articles)
      .where(inArray(articles.id, sql`(SELECT article_id FROM handbook_items WHERE handbook_id = ${handbookId})`)),
    db
      .select()
      .from(handbooks)
      .where(inArray(handbooks.id, sql`(SELECT nested_handbook_id FROM handbook_items WHERE handbook_id = ${handbookId})`)),
    ranksOf(
      db,
      viewer,
      sql`SELECT article_id FROM handbook_items WHERE handbook_id = ${handbookId} AND article_id IS NOT NULL
          UNION SELECT h.cover_doc_id FROM handbooks h JOIN handbook_items hi ON hi.nested_handbook_id = h.id
          WHERE hi.handbook_id = ${handbookId} AND h.cover_doc_id IS NOT NULL`,
    ),
  ]);
  const docById = new Map(docs.map((doc) => [doc.id, doc]));
  const nestedById = new Map(nested.map((row) => [row.id, row]));
  return items.flatMap((item): HandbookNode[] => {
    const base = { item, article: null, nested: null, children: [] };
    if (item.type === "doc") {
      const doc = item.articleId !== null ? docById.get(item.articleId) : undefined;
      if (!doc || doc.archivedAt || !ranks.has(doc.id)) return [];
      return [{ ...base, title: item.title || doc.title || "Untitled", article: { id: doc.id, title: doc.title, passwordHash: doc.passwordHash } }];
    }
    if (item.type === "nested_handbook") {
      const row = item.nestedHandbookId !== null ? nestedById.get(item.nestedHandbookId) : undefined;
      const rank = row?.coverDocId != null ? ranks.get(row.coverDocId) : undefined;
      if (!row || row.archivedAt || !mayRead(viewer, row, rank)) return [];
      return [{ ...base, title: item.title || row.title, nested: { id: row.id, key: row.key, title: row.title } }];
    }
    return [{ ...base, title: item.title || (item.type === "link" ? hostOf(item.url) : "Untitled section") }];
  });
}

const hostOf = (url: string | null) => {
  try {
    return url ? new URL(url).host : "Link";
  } catch {
    return url ?? "Link";
  }
};

const SORTS: Record<Exclude<HandbookSort, "custom">, (a: HandbookNode, b: HandbookNode) => number> = {
  newest: (a, b) => b.item.createdAt.getTime() - a.item.createdAt.getTime() || b.item.id - a.item.id,
  oldest: (a, b) => a.item.createdAt.getTime() - b.item.createdAt.getTime() || a.item.id - b.item.id,
  name_asc: (a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: "base" }) || a.item.id - b.item.id,
  name_descending: (a, b) => b.title.localeCompare(a.title, undefined, { sensitivity: "base" }) || b.item.id - a.item.id,
};

/**
 * The sidebar tree: sections hold their children; each level in the handbook's sort (custom
 * keeps hand order). An item whose section is hidden or gone shows at the top level.
 */
export function buildTree(nodes: HandbookNode[], sort: HandbookSort): HandbookNode[] {
  const byId = new Map(nodes.map((node) => [node.item.id, { ...node, children: [] as HandbookNode[] }]));
  const roots: HandbookNode[] = [];
  for (const node of byId.values()) {
    const parent = node.item.parentId !== null ? byId.get(node.item.parentId) : undefined;
    (parent && parent.item.type === "section" ? parent.children : roots).push(node);
  }
  if (sort !== "custom") {
    const order = (list: HandbookNode[]) => {
      list.sort(SORTS[sort]);
      for (const node of list) order(node.children);
    };
    order(roots);
  }
  return roots;
}

/** Whether `targetId`'s nested handbooks reach `handbookId` (nesting target in it would loop). */
export async function nestingWouldLoop(db: Database, handbookId: number, targetId: number): Promise<boolean> {
  if (handbookId === targetId) return true;
  const [row] = await db.all<{ found: number }>(sql`
    WITH RECURSIVE reach(id, depth) AS (
      SELECT ${targetId}, 0
      UNION
      SELECT hi.nested_handbook_id, reach.depth + 1 FROM handbook_items hi JOIN reach ON hi.handbook_id = reach.id
      WHERE hi.nested_handbook_id IS NOT NULL AND reach.depth < 100
    )
    SELECT 1 AS found FROM reach WHERE id = ${handbookId} LIMIT 1`);
  return Boolean(row);
}

/** A handbook of the viewer's workspace by key that they may see (for nesting), or 404. */
export async function visibleHandbookByKey(db: Database, viewer: Viewer, key: string): Promise<Handbook> {
  const [handbook] = await db
    .select()
    .from(handbooks)
    .where(and(eq(handbooks.key, key), eq(handbooks.workspaceId, viewer.workspaceId), isNull(handbooks.archivedAt)));
  if (!handbook) throw new NotFound("Handbook not found");
  const ranks = handbook.coverDocId !== null ? await ranksOf(db, viewer, sql`SELECT ${handbook.coverDocId}`) : new Map<number, number>();
  if (!mayRead(viewer, handbook, handbook.coverDocId !== null ? ranks.get(handbook.coverDocId) : undefined)) {
    throw new NotFound("Handbook not found");
  }
  return handbook;
}

/** An item and its handbook, for routes under /handbook_items/:id. */
export async function loadHandbookItem(db: Database, request: RequestFacts, id: number) {
  const [item] = await db.select().from(handbookItems).where(eq(handbookItems.id, id));
  if (!item) throw new NotFound("Handbook item not found");
  const loaded = await loadHandbookById(db, request, item.handbookId);
  return { ...loaded, item };
}
