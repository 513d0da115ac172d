import { eq, sql } from "drizzle-orm";
import type { Passage } from "../../core/content/passages";
import type { Database } from "../db/client";
import { knowledgeSources } from "../db/schema";
import type { KeysetColumn } from "../lib/cursor";
import { orderByOf } from "../lib/list-page";

const STOPWORDS = new Set(
  "about after also and are because been before being between both but can could does doing down during each from further have having here how into its just more most once only other over same should some such than that the their them then there these they this those through under until very was were what when where which while who whom why will with would your yours".split(" "),
);
const MAX_TERMS = 24;

/**
 * An FTS5 expression matching passages that share any meaningful word with the brief
 * (OR, ranked by bm25), built only from letters and digits so no input is a syntax error.
 */
export function anyTermsExpression(query: string): string | null {
  const words = [...new Set((query.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3 && !STOPWORDS.has(w)))].slice(0, MAX_TERMS);
  return words.length ? words.map((word) => `"${word}"`).join(" OR ") : null;
}

/** The workspace's passages most relevant to `query`, best first, with their sources (to cite). */
export async function relevantPassages(db: Database, workspaceId: number, query: string, limit: number): Promise<(Passage & { passageId: number; score: number })[]> {
  const match = anyTermsExpression(query);
  if (!match) return [];
  const rows = await db.all<{ id: number; source_id: number; title: string; text: string; score: number }>(sql`
    SELECT p.id AS id, p.source_id AS source_id, s.title AS title, p.text AS text, bm25(knowledge_fts) AS score
    FROM knowledge_fts
    JOIN knowledge_passages p ON p.id = knowledge_fts.rowid
    JOIN knowledge_sources s ON s.id = p.source_id
    WHERE knowledge_fts MATCH ${match} AND p.workspace_id = ${workspaceId}
    ORDER BY score ASC, p.id ASC
    LIMIT ${limit}`);
  return rows.map((row) => ({ passageId: row.id, sourceId: row.source_id, sourceTitle: row.title, text: row.text, score: row.score }));
}

/** How sources are listed: newest first (the id ends the keyset for paging). */
export const KNOWLEDGE_ORDER: KeysetColumn[] = [
  { column: knowledgeSources.createdAt, direction: "desc" },
  { column: knowledgeSources.id, direction: "desc" },
];

export function workspaceSources(db: Database, workspaceId: number) {
  return db.select().from(knowledgeSources).where(eq(knowledgeSources.workspaceId, workspaceId)).orderBy(...orderByOf(KNOWLEDGE_ORDER));
}
