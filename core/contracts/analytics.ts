import * as z from "zod";
import { contentTypes, totalKeys } from "../analytics/metrics";
import { networks } from "../publishing/limits";
import { isTimeZone } from "../publishing/time";

/**
 * The analytics API. One answer holds every section the page shows, for one period and its
 * filters, so the page makes one request; the CSV export gives any one section.
 *   GET /v1/w/:ws/analytics            AnalyticsQuery → { data: AnalyticsOut }   (analytics.read)
 *   GET /v1/w/:ws/analytics/export.csv AnalyticsQuery & { view } → text/csv      (analytics.read)
 *   POST /v1/w/:ws/analytics/collect   → { data: { queued } }  collects due figures now (analytics.read; the Sandbox page and tests use it)
 * A campaign's rollup is the same query with `campaign_ids`.
 */

export const periodPresets = ["last_7_days", "last_28_days", "last_90_days", "this_month", "last_month", "this_year", "custom"] as const;
export type PeriodPreset = (typeof periodPresets)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date like 2026-12-31" });
/** `a,b,c` in a query string, as a list of at most 50. */
const csv = z
  .string()
  .optional()
  .transform((value) => (value ? value.split(",").filter(Boolean) : []));
const ids = csv.pipe(z.array(z.string().regex(/^\d{1,15}$/, { error: "must be ids separated by commas" }).transform(Number)).max(50, { error: "names at most 50" }));

export const analyticsQuery = z
  .object({
    preset: z.enum(periodPresets, { error: `must be one of ${periodPresets.join(", ")}` }).default("last_28_days"),
    /** With preset custom: the first and last day, inclusive, in `tz`. */
    from: day.optional(),
    to: day.optional(),
    tz: z.string().trim().max(64).refine(isTimeZone, { error: "must be a time zone such as Europe/Paris" }).default("UTC"),
    networks: csv.pipe(z.array(z.enum(networks, { error: "names a network that does not exist" })).max(50, { error: "names at most 50" })),
    account_ids: ids,
    campaign_ids: ids,
    content_types: csv.pipe(z.array(z.enum(contentTypes, { error: `must be among ${contentTypes.join(", ")}` })).max(10)),
  })
  .refine((query) => query.preset !== "custom" || (query.from && query.to), { error: "a custom period needs from and to", path: ["from"] })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: "must not be after to", path: ["from"] });
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

export const exportViews = ["totals", "series", "top_posts", "by_network", "by_campaign", "best_times"] as const;
export const exportQuery = z.object({ view: z.enum(exportViews, { error: `must be one of ${exportViews.join(", ")}` }) });

const period = z.object({ from: z.string(), to: z.string() });
const total = z.object({ value: z.number().nullable(), previous: z.number().nullable(), change: z.number().nullable() });
const figuresOut = z.object({
  posts: z.number().int(),
  impressions: z.number().int(),
  reach: z.number().int(),
  engagements: z.number().int(),
  engagement_rate: z.number().nullable(),
  clicks: z.number().int(),
});

export const analyticsOut = z.object({
  /** The period asked for and the one before it, of the same length, as days in `tz`. */
  period,
  previous_period: period,
  tz: z.string(),
  totals: z.object(Object.fromEntries(totalKeys.map((key) => [key, total])) as Record<(typeof totalKeys)[number], typeof total>),
  /** One row per day of the period (days without posts are there, with zeros). */
  series: z.array(figuresOut.extend({ day: z.string(), followers: z.number().int().nullable() })),
  top_posts: z.array(
    figuresOut.omit({ posts: true }).extend({
      target_id: z.number().int(),
      post_id: z.number().int(),
      network: z.enum(networks),
      account: z.object({ id: z.number().int(), name: z.string(), handle: z.string() }),
      text: z.string(),
      url: z.string().nullable(),
      published_at: z.string(),
      campaign: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    }),
  ),
  by_network: z.array(figuresOut.extend({ network: z.enum(networks) })),
  by_campaign: z.array(figuresOut.extend({ campaign: z.object({ id: z.number().int(), name: z.string() }).nullable() })),
  /** Weekday (0 Monday … 6 Sunday) × hour in `tz`: posts published then and their engagement rate. */
  best_times: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), posts: z.number().int(), engagement_rate: z.number().nullable() })),
  /** When the newest figures were collected (null: none yet). */
  updated_at: z.string().nullable(),
});
export type AnalyticsOut = z.infer<typeof analyticsOut>;
