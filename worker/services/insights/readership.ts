import { sql } from "drizzle-orm";
import type { InsightPeriod } from "../../../core/contracts/history";
import { READ_PROGRESS_EVENT } from "../../../core/contracts/home";
import type { Database } from "../../db/client";
import type { Article } from "../../db/schema";
import { reactionSummary } from "../reactions";
import { ARTICLE_VIEW } from "../home-feed";
import { dayOfIndex, insightsPeriod, localDayOf } from "./period";

// A document's readership, aggregated in SQL from the `events` table through its
// (article_id, created_at) index: views (`articles.view`), read progress (one
// `articles.read_progress` row per reader-session, holding its maximum), shares
// (`accesses.create`, `articles.social_share`), plus read receipts from `accesses`.

/** One reader, however they are known: a user, an anonymous visitor's uuid, a tab's session, an address. */
const READER = sql`COALESCE('u' || e.user_id, 'a' || json_extract(e.properties, '$.anonymous_uuid'), 's' || e.session_uuid, 'i' || e.ip, 'e' || e.id)`;
const SECONDS = sql`json_extract(e.properties, '$.seconds')`;
const SCROLL = sql`json_extract(e.properties, '$.scroll_depth')`;

/** The most people the readers list names (the most recent readers first). */
export const MAX_READERS = 200;
/** The most referrers listed. */
export const MAX_REFERRERS = 10;

export interface DayFigures {
  day: string;
  views: number;
  uniqueReaders: number;
  avgReadSeconds: number | null;
  avgScrollDepth: number | null;
}

export interface InsightsReader {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  role: "admin" | "member" | "guest" | null;
  views: number;
  lastViewedAt: Date | null;
  receipt: { askedAt: Date; readAt: Date | null } | null;
}

export type ArticleInsights = Awaited<ReturnType<typeof articleInsights>>;

/** Everything the insights page shows for `period` (days in `tz`) at `now`. */
export async function articleInsights(db: Database, article: Article, { period, tz, now }: { period: InsightPeriod; tz: string; now: number }) {
  const range = insightsPeriod(period, tz, now);
  const day = localDayOf(tz, range);
  const within = (name: string) =>
    sql`e.article_id = ${article.id} AND e.created_at >= ${range.start} AND e.created_at < ${range.end} AND e.workspace_id = ${article.workspaceId} AND e.name = ${name}`;

  const [viewDays, viewTotals, readDays, readTotals, shareRows, referrerRows, viewerRows, receiptRows, reactions] = await Promise.all([
    db.all<{ day: number; views: number; readers: number }>(sql`
      SELECT ${day} AS day, COUNT(*) AS views, COUNT(DISTINCT ${READER}) AS readers
      FROM events e WHERE ${within(ARTICLE_VIEW)} GROUP BY 1`),
    db.all<{ views: number; readers: number; anonymous: number | null }>(sql`
      SELECT COUNT(*) AS views, COUNT(DISTINCT ${READER}) AS readers, SUM(e.user_id IS NULL) AS anonymous
      FROM events e WHERE ${within(ARTICLE_VIEW)}`),
    db.all<{ day: number; seconds: number | null; scroll: number | null }>(sql`
      SELECT ${day} AS day, AVG(${SECONDS}) AS seconds, AVG(${SCROLL}) AS scroll
      FROM events e WHERE ${within(READ_PROGRESS_EVENT)} GROUP BY 1`),
    db.all<{ sessions: number; seconds: number | null; scroll: number | null }>(sql`
      SELECT COUNT(*) AS sessions, AVG(${SECONDS}) AS seconds, AVG(${SCROLL}) AS scroll
      FROM events e WHERE ${within(READ_PROGRESS_EVENT)}`),
    db.all<{ name: string; network: string | null; count: number }>(sql`
      SELECT e.name AS name, json_extract(e.properties, '$.network') AS network, COUNT(*) AS count
      FROM events e WHERE (${within("accesses.create")}) OR (${within("articles.social_share")}) GROUP BY 1, 2`),
    article.isPublic
      ? db.all<{ origin: string; views: number }>(sql`
          SELECT json_extract(e.properties, '$.referrer') AS origin, COUNT(*) AS views
          FROM events e WHERE ${within(ARTICLE_VIEW)} AND json_extract(e.properties, '$.referrer') IS NOT NULL
          GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${MAX_REFERRERS}`)
      : Promise.resolve([]),
    // Members and guests only (any status: someone who left still read it); visitors are counted above.
    db.all<{ user_id: number; first_name: string; last_name: string; email: string; role: InsightsReader["role"]; views: number; last_viewed_at: number }>(sql`
      SELECT v.user_id, u.first_name, u.last_name, u.email, m.role, v.views, v.last_viewed_at
      FROM (SELECT e.user_id, COUNT(*) AS views, MAX(e.created_at) AS last_viewed_at
            FROM events e WHERE ${within(ARTICLE_VIEW)} AND e.user_id IS NOT NULL GROUP BY e.user_id) v
      JOIN users u ON u.id = v.user_id
      JOIN memberships m ON m.user_id = v.user_id AND m.workspace_id = ${article.workspaceId}
      ORDER BY v.last_viewed_at DESC LIMIT ${MAX_READERS}`),
    db.all<{ user_id: number; first_name: string; last_name: string; email: string; role: InsightsReader["role"]; asked_at: number; read_at: number | null }>(sql`
      SELECT a.user_id, u.first_name, u.last_name, u.email, m.role, a.created_at AS asked_at, a.read_at
      FROM accesses a
      JOIN users u ON u.id = a.user_id
      LEFT JOIN memberships m ON m.user_id = a.user_id AND m.workspace_id = ${article.workspaceId}
      WHERE a.article_id = ${article.id} AND a.workspace_id = ${article.workspaceId} AND a.target_type = 'User' AND a.read_receipt = 1
      ORDER BY a.created_at DESC LIMIT ${MAX_READERS}`),
    reactionSummary(db, article.id, null),
  ]);

  const views = new Map(viewDays.map((row) => [dayOfIndex(row.day), row]));
  const reads = new Map(readDays.map((row) => [dayOfIndex(row.day), row]));
  const series: DayFigures[] = range.days.map((date) => ({
    day: date,
    views: views.get(date)?.views ?? 0,
    uniqueReaders: views.get(date)?.readers ?? 0,
    avgReadSeconds: reads.get(date)?.seconds ?? null,
    avgScrollDepth: reads.get(date)?.scroll ?? null,
  }));

  const readers = new Map<number, InsightsReader>();
  for (const row of viewerRows) {
    readers.set(row.user_id, {
      userId: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      role: row.role,
      views: row.views,
      lastViewedAt: new Date(row.last_viewed_at),
      receipt: null,
    });
  }
  for (const row of receiptRows) {
    const receipt = { askedAt: new Date(row.asked_at), readAt: row.read_at === null ? null : new Date(row.read_at) };
    const known = readers.get(row.user_id);
    if (known) known.receipt = receipt;
    else
      readers.set(row.user_id, { userId: row.user_id, firstName: row.first_name, lastName: row.last_name, email: row.email, role: row.role, views: 0, lastViewedAt: null, receipt });
  }

  const social = shareRows.filter((row) => row.name === "articles.social_share");
  const totals = viewTotals[0];
  const reading = readTotals[0];
  return {
    article,
    period,
    tz,
    range,
    series,
    summary: {
      views: totals?.views ?? 0,
      uniqueReaders: totals?.readers ?? 0,
      anonymousViews: totals?.anonymous ?? 0,
      readSessions: reading?.sessions ?? 0,
      avgReadSeconds: reading?.seconds ?? null,
      avgScrollDepth: reading?.scroll ?? null,
    },
    reactions: reactions.map(({ emoji, count }) => ({ emoji, count })),
    shares: {
      people: shareRows.filter((row) => row.name === "accesses.create").reduce((sum, row) => sum + row.count, 0),
      social: social.reduce((sum, row) => sum + row.count, 0),
      networks: social.map((row) => ({ network: row.network ?? "unknown", count: row.count })).sort((a, b) => b.count - a.count),
    },
    referrers: referrerRows,
    readers: [...readers.values()].slice(0, MAX_READERS),
  };
}
