import type { InsightPeriod } from "../../../core/contracts/history";
import { localPeriod, localToday, offsetPieces, type LocalPeriod } from "../../../core/analytics/period";
import { sql, type SQL } from "drizzle-orm";

const DAYS: Record<InsightPeriod, number> = { "7d": 7, "28d": 28, "90d": 90, "365d": 365 };
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The period's whole days in the workspace's time zone, today included: [start, end) as instants. */
export function insightsPeriod(period: InsightPeriod, tz: string, now: number): LocalPeriod {
  const today = localToday(now, tz);
  return localPeriod(today.subtract({ days: DAYS[period] - 1 }), today, tz);
}

const int = (value: number) => sql.raw(String(Math.trunc(value)));

/**
 * The local day of `e.created_at` as an epoch-day number. SQLite has no time zones: the
 * instant gets the zone's offset in force added (a CASE over the period's few offset changes,
 * as the analytics report does), so a day is a plain integer division.
 */
export function localDayOf(tz: string, period: Pick<LocalPeriod, "start" | "end">): SQL<number> {
  const pieces = offsetPieces(tz, period.start, period.end);
  const offset =
    pieces.length === 1
      ? int(pieces[0]!.offsetMs)
      : sql`CASE ${sql.join(
          pieces.slice(1).map((piece, index) => sql`WHEN e.created_at < ${int(piece.from)} THEN ${int(pieces[index]!.offsetMs)}`),
          sql` `,
        )} ELSE ${int(pieces.at(-1)!.offsetMs)} END`;
  return sql<number>`((e.created_at + ${offset}) / ${int(DAY_MS)})`;
}

/** An epoch-day number as `YYYY-MM-DD`. */
export const dayOfIndex = (index: number) => new Date(index * DAY_MS).toISOString().slice(0, 10);
