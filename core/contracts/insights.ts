import * as z from "zod";
import { insightPeriods } from "./history";

// What `GET /articles/:id/insights` answers: a document's readership over a period of whole
// days in its workspace's time zone. The request side (insightsQuery, readProgressProperties)
// is in ./history with the rest of the document's past.

const day = z.string().meta({ description: "A day in the workspace's time zone, YYYY-MM-DD" });
const average = (what: string) => z.number().nullable().meta({ description: `${what}; null when nobody reported reading yet` });

export const insightsDayOut = z.object({
  day,
  views: z.number().int(),
  unique_readers: z.number().int(),
  avg_read_seconds: average("Average seconds on the page per reader-session"),
  avg_scroll_depth: average("Average furthest scroll per reader-session, 0 to 1"),
});

export const insightsReaderOut = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  role: z.enum(["admin", "member", "guest"]).nullable().meta({ description: "Their role in the workspace; null once they left it" }),
  views: z.number().int().meta({ description: "Their views in the period" }),
  last_viewed_at: z.string().nullable(),
  read_receipt: z
    .object({ asked_at: z.string(), read_at: z.string().nullable() })
    .nullable()
    .meta({ description: "Whether someone asked them to confirm they read it, and when they did" }),
});

export const insightsOut = z.object({
  article_id: z.number().int(),
  period: z.enum(insightPeriods),
  time_zone: z.string().meta({ description: "The workspace's time zone the days are counted in" }),
  from: day,
  to: day,
  summary: z.object({
    views: z.number().int(),
    unique_readers: z.number().int().meta({ description: "Distinct people (or anonymous visitors) over the whole period" }),
    read_sessions: z.number().int(),
    avg_read_seconds: average("Average seconds on the page per reader-session"),
    avg_scroll_depth: average("Average furthest scroll per reader-session, 0 to 1"),
    reactions: z.number().int().meta({ description: "Reactions on the public page, all time" }),
    shares: z.number().int().meta({ description: "People it was shared with plus social shares, in the period" }),
  }),
  series: z.array(insightsDayOut),
  reactions: z.array(z.object({ emoji: z.string(), count: z.number().int() })),
  shares: z.object({
    people: z.number().int().meta({ description: "Grants created (shared with a person, group or email) in the period" }),
    social: z.number().int().meta({ description: "Shares to social networks from the public page in the period" }),
    networks: z.array(z.object({ network: z.string(), count: z.number().int() })),
  }),
  public: z
    .object({
      anonymous_views: z.number().int().meta({ description: "Views by visitors who were not signed in" }),
      referrers: z.array(z.object({ origin: z.string(), views: z.number().int() })),
    })
    .nullable()
    .meta({ description: "For a public document only: its visitors and where they came from" }),
  readers: z.array(insightsReaderOut),
});

export type InsightsOut = z.infer<typeof insightsOut>;
export type InsightsDayOut = z.infer<typeof insightsDayOut>;
export type InsightsReaderOut = z.infer<typeof insightsReaderOut>;
