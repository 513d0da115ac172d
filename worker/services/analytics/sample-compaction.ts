import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

/**
 * A post's samples older than a week are compacted to one per UTC day: the last sample of each
 * day stays, marked granularity "day", and the others go. Only whole days older than seven are
 * touched, so a day is never compacted while it can still get samples. Bounded per statement
 * and idempotent: a pass cut short leaves rows the next pass finishes.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const COMPACT_AFTER_DAYS = 7;
/** Rows per statement; a few statements per tick. */
export const COMPACT_BATCH = 1000;
const MAX_ROUNDS = 5;

/** A later sample of the same target on the same UTC day exists (captured_at is epoch ms: integer division is the day). */
const LATER_SAME_DAY = sql.raw(`EXISTS (
  SELECT 1 FROM post_metric_samples later
  WHERE later.target_id = s.target_id
    AND later.captured_at / ${DAY_MS} = s.captured_at / ${DAY_MS}
    AND (later.captured_at > s.captured_at OR (later.captured_at = s.captured_at AND later.id > s.id))
)`);

export async function compactSamples(db: Database, now: number) {
  // The start of the UTC day seven days ago: every day before it is over and a week old.
  const before = Math.floor((now - COMPACT_AFTER_DAYS * DAY_MS) / DAY_MS) * DAY_MS;
  let deleted = 0;
  let kept = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const gone = await db.all<{ id: number }>(sql`
      DELETE FROM post_metric_samples WHERE id IN (
        SELECT s.id FROM post_metric_samples s
        WHERE s.granularity = 'sample' AND s.captured_at < ${before} AND ${LATER_SAME_DAY}
        LIMIT ${COMPACT_BATCH}
      )
      RETURNING id
    `);
    const marked = await db.all<{ id: number }>(sql`
      UPDATE post_metric_samples SET granularity = 'day' WHERE id IN (
        SELECT s.id FROM post_metric_samples s
        WHERE s.granularity = 'sample' AND s.captured_at < ${before} AND NOT ${LATER_SAME_DAY}
        LIMIT ${COMPACT_BATCH}
      )
      RETURNING id
    `);
    deleted += gone.length;
    kept += marked.length;
    if (gone.length < COMPACT_BATCH && marked.length < COMPACT_BATCH) break;
  }
  return { deleted, kept };
}
