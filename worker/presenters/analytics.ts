import { changeBetween, engagementRate, totalKeys, type TotalKey } from "../../core/analytics/metrics";
import type { AnalyticsOut, exportViews } from "../../core/contracts/analytics";
import type { AnalyticsReport, Figures } from "../services/analytics/report";

/** The analytics report as the API answers it, and each of its views as a CSV file. */

const iso = (ms: number) => new Date(ms).toISOString();

function figuresOut(row: Figures) {
  return { posts: row.posts, impressions: row.impressions, reach: row.reach, engagements: row.engagements, engagement_rate: engagementRate(row.engagements, row.impressions), clicks: row.clicks };
}

export function presentAnalytics(report: AnalyticsReport): AnalyticsOut {
  const { current, previous } = report.totals;
  const valueOf = (figures: typeof current, key: TotalKey): number | null => {
    if (key === "engagement_rate") return engagementRate(figures.engagements, figures.impressions);
    if (key === "followers_gained") return figures.followersGained;
    return figures[key];
  };
  const totals = Object.fromEntries(
    totalKeys.map((key) => {
      const value = valueOf(current, key);
      const before = valueOf(previous, key);
      return [key, { value, previous: before, change: changeBetween(value, before) }];
    }),
  ) as AnalyticsOut["totals"];

  return {
    period: { from: report.periods.current.from, to: report.periods.current.to },
    previous_period: { from: report.periods.previous.from, to: report.periods.previous.to },
    tz: report.tz,
    totals,
    series: report.series.map((row) => ({ day: row.day, ...figuresOut(row), followers: row.followers })),
    top_posts: report.topPosts.map((post) => {
      const { posts: _posts, ...figures } = figuresOut({ posts: 1, ...post });
      return {
        target_id: post.targetId,
        post_id: post.postId,
        network: post.network,
        account: { id: post.accountId, name: post.accountName, handle: post.accountHandle },
        text: post.text,
        url: post.url,
        published_at: iso(post.publishedAt),
        campaign: post.campaignId === null ? null : { id: post.campaignId, name: post.campaignName ?? "" },
        ...figures,
      };
    }),
    by_network: report.byNetwork.map((row) => ({ network: row.network, ...figuresOut(row) })),
    by_campaign: report.byCampaign.map((row) => ({ campaign: row.campaignId === null ? null : { id: row.campaignId, name: row.campaignName ?? "" }, ...figuresOut(row) })),
    best_times: report.bestTimes.map((row) => ({ weekday: row.weekday, hour: row.hour, posts: row.posts, engagement_rate: engagementRate(row.engagements, row.impressions) })),
    updated_at: report.updatedAt === null ? null : iso(report.updatedAt),
  };
}

export type ExportView = (typeof exportViews)[number];
type Cell = string | number | null;

/**
 * One cell per RFC 4180: numbers bare, text quoted with quotes doubled. Text a spreadsheet would
 * run as a formula (starting with = + - @, or a tab or carriage return) gets a leading `'`.
 */
export function csvCell(value: Cell): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const csvOf = (header: string[], rows: Cell[][]) => [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

const FIGURE_HEADER = ["posts", "impressions", "reach", "engagements", "engagement_rate", "clicks"];
const figureCells = (row: ReturnType<typeof figuresOut>): Cell[] => [row.posts, row.impressions, row.reach, row.engagements, row.engagement_rate, row.clicks];

/** One view of the report as CSV: a header row, then one row per line of that section. */
export function analyticsCsv(out: AnalyticsOut, view: ExportView): string {
  switch (view) {
    case "totals":
      return csvOf(
        ["metric", "value", "previous", "change"],
        totalKeys.map((key) => [key, out.totals[key].value, out.totals[key].previous, out.totals[key].change]),
      );
    case "series":
      return csvOf(["day", ...FIGURE_HEADER, "followers"], out.series.map((row) => [row.day, ...figureCells(row), row.followers]));
    case "top_posts":
      return csvOf(
        ["published_at", "network", "account", "handle", "campaign", "text", "url", "impressions", "reach", "engagements", "engagement_rate", "clicks"],
        out.top_posts.map((post) => [post.published_at, post.network, post.account.name, post.account.handle, post.campaign?.name ?? null, post.text, post.url, post.impressions, post.reach, post.engagements, post.engagement_rate, post.clicks]),
      );
    case "by_network":
      return csvOf(["network", ...FIGURE_HEADER], out.by_network.map((row) => [row.network, ...figureCells(row)]));
    case "by_campaign":
      return csvOf(["campaign_id", "campaign", ...FIGURE_HEADER], out.by_campaign.map((row) => [row.campaign?.id ?? null, row.campaign?.name ?? "Outside campaigns", ...figureCells(row)]));
    case "best_times":
      return csvOf(["weekday", "day", "hour", "posts", "engagement_rate"], out.best_times.map((row) => [row.weekday, WEEKDAYS[row.weekday]!, row.hour, row.posts, row.engagement_rate]));
  }
}

/** `analytics-2026-11-04-to-2026-12-01-series.csv` */
export const analyticsCsvFilename = (out: AnalyticsOut, view: ExportView) => `analytics-${out.period.from}-to-${out.period.to}-${view.replace(/_/g, "-")}.csv`;
