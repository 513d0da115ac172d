import type { InsightsOut } from "../../core/contracts/insights";
import { articleSlug } from "../../core/slug";
import type { ArticleInsights } from "../services/insights/readership";
import { csvCell } from "./analytics";
import { fullName, iso } from "./users";

/** Seconds to whole seconds, a scroll depth to two decimals: averages read as figures, not floats. */
const seconds = (value: number | null) => (value === null ? null : Math.round(value));
const depth = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

export function presentInsights(insights: ArticleInsights): InsightsOut {
  const { summary } = insights;
  const reactionCount = insights.reactions.reduce((sum, row) => sum + row.count, 0);
  return {
    article_id: insights.article.id,
    period: insights.period,
    time_zone: insights.tz,
    from: insights.range.from,
    to: insights.range.to,
    summary: {
      views: summary.views,
      unique_readers: summary.uniqueReaders,
      read_sessions: summary.readSessions,
      avg_read_seconds: seconds(summary.avgReadSeconds),
      avg_scroll_depth: depth(summary.avgScrollDepth),
      reactions: reactionCount,
      shares: insights.shares.people + insights.shares.social,
    },
    series: insights.series.map((row) => ({
      day: row.day,
      views: row.views,
      unique_readers: row.uniqueReaders,
      avg_read_seconds: seconds(row.avgReadSeconds),
      avg_scroll_depth: depth(row.avgScrollDepth),
    })),
    reactions: insights.reactions,
    shares: insights.shares,
    public: insights.article.isPublic ? { anonymous_views: summary.anonymousViews, referrers: insights.referrers } : null,
    readers: insights.readers.map((reader) => ({
      user: { id: reader.userId, name: fullName(reader), email: reader.email },
      role: reader.role,
      views: reader.views,
      last_viewed_at: iso(reader.lastViewedAt),
      read_receipt: reader.receipt ? { asked_at: reader.receipt.askedAt.toISOString(), read_at: iso(reader.receipt.readAt) } : null,
    })),
  };
}

export const INSIGHTS_CSV_HEADER = ["day", "views", "unique_readers", "avg_read_seconds", "avg_scroll_depth"];

/** One row per day (RFC 4180: text quoted, numbers bare, an empty cell where nobody reported reading). */
export function insightsCsv(out: InsightsOut): string {
  const rows = out.series.map((row) => [row.day, row.views, row.unique_readers, row.avg_read_seconds, row.avg_scroll_depth]);
  return [INSIGHTS_CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** `launch-post-12-insights-2026-11-05-to-2026-12-02.csv` */
export const insightsCsvFilename = (title: string, out: InsightsOut) => `${articleSlug(title, out.article_id)}-insights-${out.from}-to-${out.to}.csv`;
