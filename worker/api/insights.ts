import { describeRoute } from "hono-openapi";
import * as z from "zod";
import { articleRefParam } from "../../core/contracts/articles";
import { insightsQuery } from "../../core/contracts/history";
import { insightsOut } from "../../core/contracts/insights";
import type { Context } from "hono";
import { createApp, type AppEnv } from "../lib/create-app";
import { validate } from "../lib/validate";
import { optionalSession } from "../middleware/session";
import { publicRoute } from "../openapi/public-route";
import { authorize } from "../policies";
import { insightsCsv, insightsCsvFilename, presentInsights } from "../presenters/insights";
import { articleInsights } from "../services/insights/readership";
import { loaded } from "./articles";

/**
 * The document's insights for its editors, through the document's own loader: a password or a
 * private folder locks them exactly as it locks the document, and another workspace's user
 * gets 404. Days are counted in the workspace's time zone.
 */
async function insightsFor(c: Context<AppEnv>, id: number, period: z.infer<typeof insightsQuery>["period"]) {
  const { actor, article, resource } = await loaded(c, id);
  authorize(actor, "insights.read", resource, "Only people who can edit a document see its insights");
  const tz = actor.workspaceSettings.preferences?.time_zone ?? "UTC";
  const out = presentInsights(await articleInsights(c.get("db"), article, { period, tz, now: Date.now() }));
  return { article, out };
}

export const insightsApi = createApp()
  .get(
    "/articles/:id/insights",
    publicRoute({
      scope: "read",
      tag: "Documents",
      summary: "Get a document's insights",
      description:
        "Views and unique readers per day, average read time and scroll depth, reactions, shares, the members and guests who read it with their read receipts, and, for a public document, anonymous views and top referrers (origins only). `period` is 7d, 28d (default), 90d or 365d of whole days in the workspace's time zone. Editors of the document only.",
      response: z.object({ data: insightsOut }),
      errors: [404],
      example: { params: { id: "$article" }, query: { period: "28d" } },
    }),
    optionalSession,
    validate("param", articleRefParam),
    validate("query", insightsQuery),
    async (c) => {
      const { out } = await insightsFor(c, c.req.valid("param").id, c.req.valid("query").period);
      return c.json({ data: out });
    },
  )

  .get(
    "/articles/:id/insights.csv",
    publicRoute({
      scope: "read",
      tag: "Documents",
      summary: "Export a document's insights as CSV",
      description:
        "One row per day of the period: `day,views,unique_readers,avg_read_seconds,avg_scroll_depth` (RFC 4180, a header row; an empty cell where nobody reported reading that day).",
      response: null,
      errors: [404],
      example: { params: { id: "$article" }, query: { period: "7d" } },
    }),
    // The answer is CSV, not JSON: this replaces publicRoute's empty 200 (later specs win).
    describeRoute({
      responses: { 200: { description: "The days as CSV, sent as an attachment named after the document and the period", content: { "text/csv": { schema: { type: "string" } } } } },
    }),
    optionalSession,
    validate("param", articleRefParam),
    validate("query", insightsQuery),
    async (c) => {
      const { article, out } = await insightsFor(c, c.req.valid("param").id, c.req.valid("query").period);
      return c.body(insightsCsv(out), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${insightsCsvFilename(article.title, out)}"`,
        "Cache-Control": "private, no-store",
      });
    },
  );
