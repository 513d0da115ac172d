import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/** Of these documents (at most 90), those guarded by a password: their own or one on a folder above them. */
export async function protectedArticleIds(db: Database, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.all<{ id: number }>(sql`
    WITH RECURSIVE chain(article_id, folder_id, own_password, depth) AS (
      SELECT a.id, a.folder_id, a.password_hash IS NOT NULL, 0 FROM articles a
      WHERE a.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
      UNION ALL
      SELECT chain.article_id, f.parent_id, 0, chain.depth + 1 FROM folders f JOIN chain ON f.id = chain.folder_id WHERE chain.depth < 100
    )
    SELECT DISTINCT chain.article_id AS id FROM chain LEFT JOIN folders f ON f.id = chain.folder_id
    WHERE chain.own_password OR f.password_hash IS NOT NULL`);
  return rows.map((row) => row.id);
}
