import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { ContentType } from "../../../core/analytics/metrics";
import { networks } from "../../../core/publishing/limits";
import { campaigns } from "./content";
import { postTargets, socialAccounts } from "./publishing";
import { workspaces } from "./workspaces";

/**
 * Analytics: what each published post and each account did, collected from the networks
 * (services/analytics). Times are epoch ms, UTC. Figures are lifetime totals at capture;
 * null where the network does not report that figure.
 */

const workspaceId = () =>
  integer("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });
const ms = (name: string) => integer(name, { mode: "number" });
const figures = {
  impressions: integer("impressions"),
  reach: integer("reach"),
  views: integer("views"),
  likes: integer("likes"),
  comments: integer("comments"),
  shares: integer("shares"),
  saves: integer("saves"),
  clicks: integer("clicks"),
  /** likes + comments + shares + saves, kept so aggregates need no arithmetic per row. */
  engagements: integer("engagements").notNull().default(0),
};

/**
 * One row per published target: its latest figures and what analytics filters and groups by
 * (copied from the post when collected, so the page's queries read one table), plus when its
 * figures are next due. The analytics page reads this table; history is in the samples.
 */
export const postMetrics = sqliteTable(
  "post_metrics",
  {
    targetId: integer("target_id")
      .primaryKey()
      .references(() => postTargets.id, { onDelete: "cascade" }),
    workspaceId: workspaceId(),
    accountId: integer("account_id")
      .notNull()
      .references(() => socialAccounts.id, { onDelete: "cascade" }),
    network: text("network", { enum: networks }).notNull(),
    campaignId: integer("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    contentType: text("content_type").$type<ContentType>().notNull().default("text"),
    publishedAt: ms("published_at").notNull(),
    ...figures,
    capturedAt: ms("captured_at"),
    /** When the collector fetches this post's figures next (null: its 30 days are over). */
    nextFetchAt: ms("next_fetch_at"),
    /** Single flight: the collector that set this lease fetches; the others skip. */
    leaseUntil: ms("lease_until"),
    failures: integer("failures").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    // Covering for the analytics report (services/analytics/report): a year of a workspace's posts
    // is summed, grouped and filtered from this index alone, without reading the table's rows.
    index("post_metrics_period").on(t.workspaceId, t.publishedAt, t.network, t.accountId, t.campaignId, t.contentType, t.impressions, t.reach, t.engagements, t.clicks, t.capturedAt),
    index("post_metrics_due").on(t.nextFetchAt),
    index("post_metrics_account").on(t.accountId, t.publishedAt),
  ],
);

/**
 * Each collection of a post's figures, for its own curve. Rows older than a week are compacted
 * to the last one of each UTC day (`granularity` "day").
 */
export const postMetricSamples = sqliteTable(
  "post_metric_samples",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    targetId: integer("target_id")
      .notNull()
      .references(() => postTargets.id, { onDelete: "cascade" }),
    workspaceId: workspaceId(),
    capturedAt: ms("captured_at").notNull(),
    granularity: text("granularity", { enum: ["sample", "day"] }).notNull().default("sample"),
    ...figures,
  },
  (t) => [index("post_metric_samples_target").on(t.targetId, t.capturedAt), index("post_metric_samples_compact").on(t.granularity, t.capturedAt)],
);

/** An account's followers, once per UTC day (`YYYY-MM-DD`). */
export const accountMetrics = sqliteTable(
  "account_metrics",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    accountId: integer("account_id")
      .notNull()
      .references(() => socialAccounts.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    followers: integer("followers"),
    capturedAt: ms("captured_at").notNull(),
  },
  (t) => [uniqueIndex("account_metrics_day").on(t.accountId, t.day), index("account_metrics_workspace").on(t.workspaceId, t.day)],
);

export type PostMetricsRow = typeof postMetrics.$inferSelect;
export type PostMetricSample = typeof postMetricSamples.$inferSelect;
export type AccountMetricsRow = typeof accountMetrics.$inferSelect;
