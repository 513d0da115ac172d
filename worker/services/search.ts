import { sql, type SQL } from "drizzle-orm";
import { MAX_SEARCH_TERMS } from "../../core/contracts/search";
import { escapeHtml } from "../../core/email/escape";
import type { Database } from "../db/client";
import { inList } from "../db/batching";
import { guardedArticleSql, levelOfRank, LEVEL_RANK, readableArticlesSql, type Viewer } from "./access";
import { hydrate, type ArticleListItem } from "./article-lists";

// Full-text search over titles and bodies with SQLite FTS5 (migrations/0002_search.sql).
// Matching, ranking, the permission filter and the page all run in one D1 query.

/** Title matches weigh ten times body matches (bm25: lower is better). */
const SCORE = sql`bm25(articles_fts, 10.0, 1.0)`;
const SNIPPET_TOKENS = 12;

/**
 * A MATCH expression from whatever a person typed: the words only, each quoted (so `OR`,
 * `NEAR`, `*`, `"`, `(`, `:` and `-` are just text and nothing can be an FTS syntax error),
 * all required, the last one as a prefix so results follow the typing. Null when no word is left.
 */
export function matchExpression(query: string): string | null {
  const words = (query.normalize("NFKC").match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).slice(0, MAX_SEARCH_TERMS);
  if (words.length === 0) return null;
  return words.map((word, index) => `"${word}"${index === words.length - 1 ? "*" : ""}`).join(" ");
}

/**
 * Sentinels FTS puts around matches. Random per query, so no stored text can forge one;
 * the text is HTML-escaped first and only then do the sentinels become <mark> tags.
 */
function markers() {
  const nonce = crypto.randomUUID().replaceAll("-", "");
  return { open: `\u0002${nonce}\u0003`, close: `\u0002/${nonce}\u0003` };
}

function markedToHtml(text: string, { open, close }: ReturnType<typeof markers>) {
  return escapeHtml(text).replaceAll(open, "<mark>").replaceAll(close, "</mark>");
}

export interface SearchHit extends ArticleListItem {
  titleHtml: string;
  snippetHtml: string;
  /** Higher is a better match. */
  rank: number;
}

export interface SearchOptions {
  query: string;
  kind: "document" | "template";
  folderId?: number;
  limit: number;
  offset: number;
}

/**
 * FTS functions only work on the full-text cursor itself, so matching and scoring run in a
 * materialized CTE of their own; permissions, order and page are applied to that, and the
 * highlights are made afterwards for the page's rows alone.
 */
export async function searchArticles(db: Database, viewer: Viewer, options: SearchOptions): Promise<{ hits: SearchHit[]; total: number }> {
  const match = matchExpression(options.query);
  if (!match) return { hits: [], total: 0 };
  const rows = await db.all<{ id: number; level_rank: number; score: number; total: number }>(sql`
    ${matchesCte(match)}
    SELECT a.id AS id, r.rank AS level_rank, m.score AS score, count(*) OVER () AS total
    ${matchedArticles(viewer, options)}
    ORDER BY m.score ASC, a.id DESC
    LIMIT ${options.limit} OFFSET ${options.offset}`);

  const items = await hydrate(db, rows.map((row) => ({ id: row.id, level: levelOfRank(row.level_rank) })));
  const marks = markers();
  const marked = await highlights(db, match, rows.map((row) => row.id), marks);
  const scores = new Map(rows.map((row) => [row.id, row.score]));
  const hits = items.map((item) => {
    const found = marked.get(item.article.id);
    return {
      ...item,
      titleHtml: markedToHtml(found?.title_marked ?? item.article.title, marks),
      // A locked document's body stays locked: it was matched by its title alone.
      snippetHtml: item.locked ? "" : markedToHtml(found?.snippet_marked ?? "", marks),
      rank: -scores.get(item.article.id)!,
    };
  });
  const total = rows[0]?.total ?? (options.offset > 0 ? await countMatches(db, viewer, match, options) : 0);
  return { hits, total };
}

/** `t` holds the matches on titles alone: all a document behind a password may be found by. */
const matchesCte = (match: string) => sql`
  WITH m AS MATERIALIZED (SELECT rowid AS id, ${SCORE} AS score FROM articles_fts WHERE articles_fts MATCH ${match}),
  t AS MATERIALIZED (SELECT rowid AS id FROM articles_fts WHERE articles_fts MATCH ${`{title} : (${match})`})`;

/**
 * Matches that are live articles of the viewer's workspace the viewer may read; one behind
 * a password they do not own only when its title matches, so a search can't probe its body.
 */
function matchedArticles(viewer: Viewer, { kind, folderId }: SearchOptions): SQL {
  const conditions = [
    sql`a.workspace_id = ${viewer.workspaceId}`,
    sql`a.archived_at IS NULL`,
    sql`a.kind = ${kind}`,
    sql`(r.rank = ${LEVEL_RANK.owner} OR a.id IN (SELECT id FROM t) OR NOT ${guardedArticleSql(viewer.workspaceId)})`,
  ];
  if (folderId) conditions.push(sql`a.folder_id = ${folderId}`);
  return sql`
    FROM m
    JOIN articles a ON a.id = m.id
    JOIN (${readableArticlesSql(viewer)}) r ON r.article_id = a.id
    WHERE ${sql.join(conditions, sql` AND `)}`;
}

/** Highlighted title and snippet of the given matches, by id. */
async function highlights(db: Database, match: string, ids: number[], marks: ReturnType<typeof markers>) {
  const found = new Map<number, { title_marked: string | null; snippet_marked: string | null }>();
  if (ids.length === 0) return found;
  const rows = await db.all<{ id: number; title_marked: string | null; snippet_marked: string | null }>(sql`
    SELECT rowid AS id,
      highlight(articles_fts, 0, ${marks.open}, ${marks.close}) AS title_marked,
      snippet(articles_fts, 1, ${marks.open}, ${marks.close}, '…', ${SNIPPET_TOKENS}) AS snippet_marked
    FROM articles_fts
    WHERE articles_fts MATCH ${match} AND ${inList(sql`rowid`, ids)}`);
  for (const row of rows) found.set(row.id, row);
  return found;
}

/** The total when the page asked for is past the last result. */
async function countMatches(db: Database, viewer: Viewer, match: string, options: SearchOptions) {
  const [row] = await db.all<{ total: number }>(sql`
    ${matchesCte(match)}
    SELECT count(*) AS total ${matchedArticles(viewer, options)}`);
  return row?.total ?? 0;
}
