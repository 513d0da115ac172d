import { workspaceParam } from "../../core/contracts/common";
import { searchPerformanceQuery } from "../../core/contracts/search-console";
import { createApp } from "../lib/create-app";
import { validate } from "../lib/validate";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { searchPerformance } from "../services/search-console";

/** Google Search Console's figures for the workspace's site or one of its pages (the SEO analysis's "Search performance"). */
export const searchConsoleApi = createApp().get(
  "/w/:ws/search_console/performance",
  requireWorkspace,
  validate("param", workspaceParam),
  validate("query", searchPerformanceQuery),
  async (c) => {
    const actor = c.get("actor");
    authorize(actor, "search_console.read");
    const { integration_id, page } = c.req.valid("query");
    const ctx = { db: c.get("db"), env: c.env, now: Date.now, fetch };
    return c.json({ data: await searchPerformance(ctx, actor.workspaceId, { integrationId: integration_id, page }) });
  },
);
