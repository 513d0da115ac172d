import { describeRoute } from "hono-openapi";
import * as z from "zod";
import { analyticsOut, analyticsQuery, exportQuery } from "../../core/contracts/analytics";
import { workspaceParam } from "../../core/contracts/common";
import { createApp } from "../lib/create-app";
import { validate } from "../lib/validate";
import { requireWorkspace } from "../middleware/workspace";
import { publicRoute } from "../openapi/public-route";
import { authorize } from "../policies";
import { analyticsCsv, analyticsCsvFilename, presentAnalytics } from "../presenters/analytics";
import { analyticsReport } from "../services/analytics/report";

/**
 * The analytics report (services/analytics/report): one answer with every section of the page,
 * and any one section as CSV. Periods are days in the viewer's `tz`.
 */

const filtersDescription =
  "Filters are comma-separated: `networks`, `account_ids`, `campaign_ids`, `content_types` (text, image, video, link); ids that are not the workspace's match nothing. A campaign's rollup is this with `campaign_ids`.";

export const analyticsApi = createApp()
  .get(
    "/w/:ws/analytics",
    publicRoute({
      scope: "read",
      tag: "Analytics",
      summary: "Get the analytics report",
      description: `Totals with the change against the period before (of the same length), one row per day, the top 10 posts, figures per network and per campaign, and the best weekdays and hours to post (from the last year of posts, in \`tz\`). The period is a \`preset\`, or \`custom\` with \`from\` and \`to\` (days in \`tz\`, inclusive, at most 366, not after today). ${filtersDescription}`,
      response: z.object({ data: analyticsOut }),
      example: { params: { ws: "$workspace" }, query: { preset: "last_28_days", tz: "Europe/Paris", networks: "sandbox,linkedin" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", analyticsQuery),
    async (c) => {
      const actor = c.get("actor");
      authorize(actor, "analytics.read");
      const report = await analyticsReport(c.get("db"), actor, c.req.valid("query"), Date.now());
      return c.json({ data: presentAnalytics(report) });
    },
  )

  .get(
    "/w/:ws/analytics/export.csv",
    publicRoute({
      scope: "read",
      tag: "Analytics",
      summary: "Export an analytics view as CSV",
      description: `One section of the report (\`view\`: totals, series, top_posts, by_network, by_campaign or best_times) for the same period and filters, as \`text/csv\` (RFC 4180, a header row; text that a spreadsheet would run as a formula starts with \`'\`). ${filtersDescription}`,
      response: null,
      example: { params: { ws: "$workspace" }, query: { preset: "last_28_days", tz: "Europe/Paris", view: "series" } },
    }),
    // The answer is CSV, not JSON: this replaces publicRoute's empty 200 (later specs win).
    describeRoute({
      responses: { 200: { description: "The view as CSV, sent as an attachment named after the period and the view", content: { "text/csv": { schema: { type: "string" } } } } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", z.intersection(analyticsQuery, exportQuery)),
    async (c) => {
      const actor = c.get("actor");
      authorize(actor, "analytics.read");
      const { view, ...query } = c.req.valid("query");
      const out = presentAnalytics(await analyticsReport(c.get("db"), actor, query, Date.now()));
      return c.body(analyticsCsv(out, view), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${analyticsCsvFilename(out, view)}"`,
        "Cache-Control": "private, no-store",
      });
    },
  );
