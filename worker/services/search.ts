import { sql, type SQL } from "drizzle-orm";
import { MAX_SEARCH_TERMS } from "../../core/contracts/search";
import { escapeHtml } from "../../core/email/escape";
import type { Database } from "../db/client";
import type { KeysetColumn } from "../lib/cursor";
import { articleRankSql, guardedArticleSql, levelOfRank, LEVEL_RANK, readableFoldersSql, type Viewer } from "./access";
import { hydrate, type ArticleListItem } from "./article-lists";

// Full-text search over titles and bodies with SQLite FTS5 (migrations/0002_search.sql).
// Matching, ranking, the permission filter, the page and its highlights all run in one D1 query.

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
  /** Only the matches after a cursor's key (`afterKey` over SEARCH_KEYSET); `total` still counts them all. */
  after?: SQL;
}

/** The results' order, best match first (bm25 is lower for better), as keyset columns ending with the id. */
export const SEARCH_KEYSET: KeysetColumn[] = [
  { column: sql`score`, direction: "asc" },
  { column: sql`id`, direction: "desc" },
];
export const searchKeyOf = (hit: SearchHit) => [-hit.rank, hit.article.id];

/**
 * One query finds the page: the matches and their scores, each match checked against the
 * viewer's access, the total, and the highlights of the page's rows. Then `hydrate` loads the
 * rows and people in one more round trip.
 */
export async function searchArticles(db: Database, viewer: Viewer, options: SearchOptions): Promise<{ hits: SearchHit[]; total: number }> {
  const match = matchExpression(options.query);
  if (!match) return { hits: [], total: 0 };
  const marks = markers();
  const rows = await db.all<{ id: number; level_rank: number; score: number; total: number; title_marked: string | null; snippet_marked: string | null }>(sql`
    ${readableMatches(viewer, match, options)},
    page AS MATERIALIZED (
      SELECT id, rank, score FROM hits ${options.after ? sql`WHERE ${options.after}` : sql``}
      ORDER BY score ASC, id DESC LIMIT ${options.limit} OFFSET ${options.offset})
    SELECT p.id AS id, p.rank AS level_rank, p.score AS score, (SELECT count(*) FROM hits) AS total,
      highlight(articles_fts, 0, ${marks.open}, ${marks.close}) AS title_marked,
      snippet(articles_fts, 1, ${marks.open}, ${marks.close}, '…', ${SNIPPET_TOKENS}) AS snippet_marked
    FROM page p CROSS JOIN articles_fts ON articles_fts.rowid = p.id
    WHERE articles_fts MATCH ${match}
    ORDER BY p.score ASC, p.id DESC`);

  const items = await hydrate(db, rows.map((row) => ({ id: row.id, level: levelOfRank(row.level_rank) })));
  const found = new Map(rows.map((row) => [row.id, row]));
  const hits = items.map((item) => {
    const row = found.get(item.article.id)!;
    return {
      ...item,
      titleHtml: markedToHtml(row.title_marked ?? item.article.title, marks),
      // A locked document's body stays locked: it was matched by its title alone.
      snippetHtml: item.locked ? "" : markedToHtml(row.snippet_marked ?? "", marks),
      rank: -row.score,
    };
  });
  const total = rows[0]?.total ?? (options.offset > 0 || options.after ? await countMatches(db, viewer, match, options) : 0);
  return { hits, total };
}

/**
 * CTEs up to `hits (id, rank, score)`: the matches that are live articles of the viewer's
 * workspace, of the kind (and in the folder) asked for, that the viewer may read; one behind a
 * password they do not own only when its title matches, so a search can't probe its body.
 *
 * FTS functions only work on the full-text cursor itself, so matching and scoring run in a
 * materialized CTE of their own (`t`, the matches on titles alone, only runs when a match is
 * behind a password). Access is worked out for each match (`articleRankSql`) rather than by
 * joining every article the viewer may read, and the matches drive the join (CROSS JOIN fixes
 * the order: without statistics SQLite walked the workspace's articles instead, ~20 ms even
 * when nothing matched). The articles are read through `articles_search_facts` (INDEXED BY:
 * SQLite would pick the table's rowid and read whole rows, whose bodies made that ~6 ms slower
 * over 7,000 matches).
 */
function readableMatches(viewer: Viewer, match: string, { kind, folderId }: SearchOptions): SQL {
  const conditions = [sql`a.workspace_id = ${viewer.workspaceId}`, sql`a.archived_at IS NULL`, sql`a.kind = ${kind}`];
  if (folderId) conditions.push(sql`a.folder_id = ${folderId}`);
  return sql`
    WITH
      m AS MATERIALIZED (SELECT rowid AS id, ${SCORE} AS score FROM articles_fts WHERE articles_fts MATCH ${match}),
      t AS MATERIALIZED (SELECT rowid AS id FROM articles_fts WHERE articles_fts MATCH ${`{title} : (${match})`}),
      rf AS MATERIALIZED (${readableFoldersSql(viewer)}),
      found AS MATERIALIZED (
        SELECT a.id AS id, m.score AS score, a.password_hash AS password_hash, a.folder_id AS folder_id,
          ${articleRankSql(viewer, sql`rf.rank`)} AS rank
        FROM m
        CROSS JOIN articles a INDEXED BY articles_search_facts ON a.id = m.id
        LEFT JOIN rf ON rf.folder_id = a.folder_id
        WHERE ${sql.join(conditions, sql` AND `)}
      ),
      hits AS MATERIALIZED (
        SELECT a.id AS id, a.rank AS rank, a.score AS score FROM found a
        WHERE a.rank > 0 AND (a.rank = ${LEVEL_RANK.owner} OR NOT ${guardedArticleSql(viewer.workspaceId)} OR a.id IN (SELECT id FROM t))
      )`;
}

/** The total when the page asked for is past the last result. */
async function countMatches(db: Database, viewer: Viewer, match: string, options: SearchOptions) {
  const [row] = await db.all<{ total: number }>(sql`
    ${readableMatches(viewer, match, options)}
    SELECT count(*) AS total FROM hits`);
  return row?.total ?? 0;
}
