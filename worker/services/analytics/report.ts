import { and, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { analyticsPeriods, offsetPieces, PeriodRefused, type AnalyticsPeriods, type LocalPeriod } from "../../../core/analytics/period";
import type { AnalyticsQuery } from "../../../core/contracts/analytics";
import type { Network } from "../../../core/publishing/limits";
import { inList } from "../../db/batching";
import type { Database } from "../../db/client";
import { accountMetrics, campaigns, postMetrics, postTargets, scheduledPosts, socialAccounts } from "../../db/schema";
import { Invalid } from "../../lib/errors";
import type { Actor } from "../../policies";

/**
 * The analytics report: every section of the page for one period and its filters, read from
 * post_metrics (one row per published target, with its latest figures and the columns it is
 * filtered by) and account_metrics (followers per day). Every query is scoped to the actor's
 * workspace, so an account or campaign id of another workspace in the filters matches nothing.
 *
 * SQLite has no time zones: an instant becomes local time by adding the zone's offset in force,
 * a CASE over the few offset changes in the range (core/analytics/period `offsetPieces`), so
 * days, weekdays and hours are grouped in SQL and only grouped rows come back.
 */

export interface Figures {
  posts: number;
  impressions: number;
  reach: number;
  engagements: number;
  clicks: number;
}

export interface TopPostRow extends Omit<Figures, "posts"> {
  targetId: number;
  postId: number;
  network: Network;
  accountId: number;
  accountName: string;
  accountHandle: string;
  text: string;
  url: string | null;
  publishedAt: number;
  campaignId: number | null;
  campaignName: string | null;
}

export interface AnalyticsReport {
  periods: AnalyticsPeriods;
  tz: string;
  totals: { current: Figures & { followersGained: number | null }; previous: Figures & { followersGained: number | null } };
  series: (Figures & { day: string; followers: number | null })[];
  topPosts: TopPostRow[];
  byNetwork: (Figures & { network: Network })[];
  byCampaign: (Figures & { campaignId: number | null; campaignName: string | null })[];
  bestTimes: { weekday: number; hour: number; posts: number; impressions: number; engagements: number }[];
  updatedAt: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Best times read this much of the workspace's history. */
export const BEST_TIMES_DAYS = 365;
const TOP_POSTS = 10;

const figures = {
  posts: sql<number>`count(*)`.mapWith(Number),
  impressions: sql<number>`coalesce(sum(${postMetrics.impressions}), 0)`.mapWith(Number),
  reach: sql<number>`coalesce(sum(${postMetrics.reach}), 0)`.mapWith(Number),
  engagements: sql<number>`coalesce(sum(${postMetrics.engagements}), 0)`.mapWith(Number),
  clicks: sql<number>`coalesce(sum(${postMetrics.clicks}), 0)`.mapWith(Number),
};

const int = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return sql.raw(String(value));
};

/**
 * `published_at` as local epoch ms in the zone's offsets over a range: the wall-clock time read
 * as if it were UTC, so whole days and hours are plain integer divisions (no date functions per
 * row, which cost more than the scan itself on a year of posts).
 */
function localMs(pieces: { from: number; offsetMs: number }[]): SQL {
  const at = sql`${postMetrics.publishedAt}`;
  if (pieces.length === 1) return sql`(${at} + ${int(pieces[0]!.offsetMs)})`;
  const cases = pieces.slice(1).map((piece, index) => sql`WHEN ${at} < ${int(piece.from)} THEN ${int(pieces[index]!.offsetMs)}`);
  return sql`(${at} + CASE ${sql.join(cases, sql` `)} ELSE ${int(pieces.at(-1)!.offsetMs)} END)`;
}

const HOUR_MS = 60 * 60 * 1000;
/** The epoch's first day, 1 January 1970, was a Thursday: weekday 3 counting from Monday. */
const EPOCH_WEEKDAY = 3;
/** A local epoch day as `YYYY-MM-DD`. */
const dayOfIndex = (index: number) => new Date(index * DAY_MS).toISOString().slice(0, 10);

/** The filters of a query, always within the actor's workspace. */
function postScope(actor: Actor, query: AnalyticsQuery): SQL {
  return and(
    eq(postMetrics.workspaceId, actor.workspaceId),
    query.networks.length ? inList(postMetrics.network, [...new Set(query.networks)]) : undefined,
    query.account_ids.length ? inList(postMetrics.accountId, [...new Set(query.account_ids)]) : undefined,
    query.campaign_ids.length ? inList(postMetrics.campaignId, [...new Set(query.campaign_ids)]) : undefined,
    query.content_types.length ? inList(postMetrics.contentType, [...new Set(query.content_types)]) : undefined,
  )!;
}

const within = (period: { start: number; end: number }) => and(gte(postMetrics.publishedAt, period.start), lt(postMetrics.publishedAt, period.end));

/**
 * Followers are per account, not per post: the network and account filters apply, campaigns and
 * content types do not. Rows are per UTC day and are shown on that date in any zone.
 */
function accountScope(actor: Actor, query: AnalyticsQuery): SQL {
  const networksOnly = query.networks.length
    ? sql`${accountMetrics.accountId} IN (SELECT id FROM social_accounts WHERE workspace_id = ${actor.workspaceId} AND ${inList(sql`network`, [...new Set(query.networks)])})`
    : undefined;
  return and(
    eq(accountMetrics.workspaceId, actor.workspaceId),
    query.account_ids.length ? inList(accountMetrics.accountId, [...new Set(query.account_ids)]) : undefined,
    networksOnly,
  )!;
}

/** Followers gained over a period, per account: its last figure in the period minus its first. */
function followersGained(db: Database, scope: SQL, period: LocalPeriod) {
  const inPeriod = sql`m.day >= ${period.from} AND m.day <= ${period.to} AND m.followers IS NOT NULL`;
  const figure = (order: SQL) => sql`(SELECT m.followers FROM account_metrics m WHERE m.account_id = ${accountMetrics.accountId} AND ${inPeriod} ORDER BY m.day ${order} LIMIT 1)`;
  return db
    .select({ accountId: accountMetrics.accountId, gained: sql<number>`${figure(sql`DESC`)} - ${figure(sql`ASC`)}`.mapWith(Number) })
    .from(accountMetrics)
    .where(and(scope, gte(accountMetrics.day, period.from), sql`${accountMetrics.day} <= ${period.to}`, sql`${accountMetrics.followers} IS NOT NULL`))
    .groupBy(accountMetrics.accountId);
}

/** The period a query asks for, or a 400 naming the field. */
export function periodsOf(query: AnalyticsQuery, now: number): AnalyticsPeriods {
  try {
    return analyticsPeriods(query, now);
  } catch (error) {
    if (error instanceof PeriodRefused) throw new Invalid(`Invalid query: ${error.field}: ${error.message}`, { [error.field]: [error.message] });
    throw error;
  }
}

export async function analyticsReport(db: Database, actor: Actor, query: AnalyticsQuery, now: number): Promise<AnalyticsReport> {
  const periods = periodsOf(query, now);
  const { current, previous } = periods;
  const scope = postScope(actor, query);
  const accounts = accountScope(actor, query);

  const localDay = sql<number>`(${localMs(offsetPieces(query.tz, current.start, current.end))} / ${int(DAY_MS)})`.mapWith(Number);
  // Best days and hours read ALL the workspace's posts of the last year (within the filters), not
  // just the period: a week holds too few posts to say when posting works. Grouped by hour of the
  // week (0 = Monday 00:00), one integer per row.
  const historyStart = now - BEST_TIMES_DAYS * DAY_MS;
  const hourIndex = sql`(${localMs(offsetPieces(query.tz, historyStart, now + 1))} / ${int(HOUR_MS)})`;
  const hourOfWeek = sql<number>`(((${hourIndex} / 24 + ${int(EPOCH_WEEKDAY)}) % 7) * 24 + ${hourIndex} % 24)`.mapWith(Number);
  // The top posts are picked from post_metrics alone (its covering index), then joined: joining
  // first would read every post's target, text and account before the sort.
  const topIds = db
    .select({ id: postMetrics.targetId })
    .from(postMetrics)
    .where(and(scope, within(current)))
    .orderBy(desc(postMetrics.engagements), desc(sql`coalesce(${postMetrics.impressions}, 0)`), desc(postMetrics.publishedAt))
    .limit(TOP_POSTS);
  // The series, the networks and the campaigns come from ONE scan of the period, grouped by day,
  // network and campaign together (a few thousand groups for a year at most); each GROUP BY over
  // a year of posts costs about as much as the scan, so three separate ones cost three times.
  // Campaign names are joined to the groups, not to every post.
  const groups = db
    .select({
      day: sql<number>`${localDay}`.as("day"),
      network: postMetrics.network,
      campaignId: postMetrics.campaignId,
      posts: sql<number>`count(*)`.as("posts"),
      impressions: sql<number>`coalesce(sum(${postMetrics.impressions}), 0)`.as("impressions"),
      reach: sql<number>`coalesce(sum(${postMetrics.reach}), 0)`.as("reach"),
      engagements: sql<number>`coalesce(sum(${postMetrics.engagements}), 0)`.as("engagements"),
      clicks: sql<number>`coalesce(sum(${postMetrics.clicks}), 0)`.as("clicks"),
    })
    .from(postMetrics)
    .where(and(scope, within(current)))
    .groupBy(sql`1, 2, 3`)
    .as("groups");

  const [grouped, previousTotals, top, bestTimes, followersNow, followersBefore, followersByDay] = await db.batch([
    db
      .select({
        day: groups.day,
        network: groups.network,
        campaignId: groups.campaignId,
        campaignName: campaigns.name,
        posts: groups.posts,
        impressions: groups.impressions,
        reach: groups.reach,
        engagements: groups.engagements,
        clicks: groups.clicks,
      })
      .from(groups)
      .leftJoin(campaigns, eq(campaigns.id, groups.campaignId)),
    db.select(figures).from(postMetrics).where(and(scope, within(previous))),
    db
      .select({
        targetId: postMetrics.targetId,
        postId: postTargets.postId,
        network: postMetrics.network,
        accountId: postMetrics.accountId,
        accountName: socialAccounts.displayName,
        accountHandle: socialAccounts.handle,
        text: sql<string>`coalesce(${postTargets.text}, ${scheduledPosts.text}, '')`,
        url: postTargets.networkUrl,
        publishedAt: postMetrics.publishedAt,
        campaignId: postMetrics.campaignId,
        campaignName: campaigns.name,
        impressions: sql<number>`coalesce(${postMetrics.impressions}, 0)`.mapWith(Number),
        reach: sql<number>`coalesce(${postMetrics.reach}, 0)`.mapWith(Number),
        engagements: postMetrics.engagements,
        clicks: sql<number>`coalesce(${postMetrics.clicks}, 0)`.mapWith(Number),
      })
      .from(postMetrics)
      .innerJoin(postTargets, eq(postTargets.id, postMetrics.targetId))
      .innerJoin(scheduledPosts, eq(scheduledPosts.id, postTargets.postId))
      .innerJoin(socialAccounts, eq(socialAccounts.id, postMetrics.accountId))
      .leftJoin(campaigns, eq(campaigns.id, postMetrics.campaignId))
      .where(inArray(postMetrics.targetId, topIds))
      .orderBy(desc(postMetrics.engagements), desc(sql`coalesce(${postMetrics.impressions}, 0)`), desc(postMetrics.publishedAt)),
    // Posts older than the collection window are never fetched again, so the newest capture of
    // the last year is the newest of all: `updated_at` comes from here at no extra cost.
    db
      .select({ hourOfWeek, posts: figures.posts, impressions: figures.impressions, engagements: figures.engagements, updatedAt: sql<number | null>`max(${postMetrics.capturedAt})` })
      .from(postMetrics)
      .where(and(scope, gte(postMetrics.publishedAt, historyStart), lt(postMetrics.publishedAt, now + 1)))
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    followersGained(db, accounts, current),
    followersGained(db, accounts, previous),
    db
      .select({ day: accountMetrics.day, followers: sql<number | null>`sum(${accountMetrics.followers})` })
      .from(accountMetrics)
      .where(and(accounts, gte(accountMetrics.day, current.from), sql`${accountMetrics.day} <= ${current.to}`, sql`${accountMetrics.followers} IS NOT NULL`))
      .groupBy(accountMetrics.day),
  ]);

  const rows = grouped.map((row) => ({ ...row, day: dayOfIndex(Number(row.day)), ...pick(row) }));
  const byDay = sumBy(rows, (row) => row.day);
  const byNetwork = [...sumBy(rows, (row) => row.network)].map(([network, figures]) => ({ network, ...figures }));
  const campaignNames = new Map(rows.map((row) => [row.campaignId, row.campaignName]));
  const byCampaign = [...sumBy(rows, (row) => row.campaignId)].map(([campaignId, figures]) => ({ campaignId, campaignName: campaignNames.get(campaignId) ?? null, ...figures }));
  // Most engagements first; ties in a stable order (networks by name, campaigns by id, outside campaigns first).
  byNetwork.sort((a, b) => b.engagements - a.engagements || a.network.localeCompare(b.network));
  byCampaign.sort((a, b) => b.engagements - a.engagements || (a.campaignId ?? 0) - (b.campaignId ?? 0));
  const followersOn = new Map(followersByDay.map((row) => [row.day, row.followers === null ? null : Number(row.followers)]));
  const zero: Figures = { posts: 0, impressions: 0, reach: 0, engagements: 0, clicks: 0 };
  // Followers are collected for every account in one daily pass: a day without figures (a
  // missed pass) shows the day before's, so the curve does not drop to nothing.
  let lastFollowers: number | null = null;
  const fullSeries = current.days.map((day) => {
    const row = byDay.get(day);
    lastFollowers = followersOn.get(day) ?? lastFollowers;
    return { day, ...(row ? pick(row) : zero), followers: lastFollowers };
  });
  // Null, not 0, when no account has figures in the period: nothing was measured.
  const gained = (rows: { gained: number }[]) => (rows.length ? rows.reduce((sum, row) => sum + row.gained, 0) : null);
  const updated = bestTimes.reduce<number | null>((newest, row) => (row.updatedAt != null && (newest === null || Number(row.updatedAt) > newest) ? Number(row.updatedAt) : newest), null);

  return {
    periods,
    tz: query.tz,
    totals: {
      current: { ...sumOf(fullSeries), followersGained: gained(followersNow) },
      previous: { ...pick(previousTotals[0] ?? zero), followersGained: gained(followersBefore) },
    },
    series: fullSeries,
    topPosts: top,
    byNetwork,
    byCampaign,
    bestTimes: bestTimes.map(({ hourOfWeek: at, posts, impressions, engagements }) => ({ weekday: Math.floor(at / 24), hour: at % 24, posts, impressions, engagements })),
    updatedAt: updated,
  };
}

/** Figures summed per key, in the order keys first appear. */
function sumBy<Row extends Figures, Key>(rows: Row[], keyOf: (row: Row) => Key): Map<Key, Figures> {
  const sums = new Map<Key, Figures>();
  for (const row of rows) {
    const key = keyOf(row);
    sums.set(key, sumOf([sums.get(key) ?? { posts: 0, impressions: 0, reach: 0, engagements: 0, clicks: 0 }, row]));
  }
  return sums;
}

const pick = (row: Figures): Figures => ({ posts: row.posts, impressions: row.impressions, reach: row.reach, engagements: row.engagements, clicks: row.clicks });

function sumOf(rows: Figures[]): Figures {
  const total = { posts: 0, impressions: 0, reach: 0, engagements: 0, clicks: 0 };
  for (const row of rows) for (const key of Object.keys(total) as (keyof Figures)[]) total[key] += row[key];
  return total;
}
