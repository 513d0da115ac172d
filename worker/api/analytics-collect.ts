import { workspaceParam } from "../../core/contracts/common";
import { collectOut } from "../../core/contracts/analytics-collect";
import { publicRoute } from "../openapi/public-route";
import { createApp } from "../lib/create-app";
import { validate } from "../lib/validate";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentCollect } from "../presenters/analytics-collect";
import { collectWorkspaceNow } from "../services/analytics/collect";
import { enqueue } from "../services/publishing/queue";

/** "Refresh figures": the workspace's published posts are collected now, through the same claim and queue as the cron's pass. */
export const analyticsCollectApi = createApp().post(
  "/w/:ws/analytics/collect",
  publicRoute({
    scope: "read",
    tag: "Analytics",
    summary: "Collect figures now",
    description:
      "Makes every post the workspace published in the last 30 days due for its figures now, and sends one request per social account to its network (through the queue, one at a time per account, as the minute's pass does). The answer is 202 with `queued`, the number of posts sent; their figures land within seconds, so read the analytics again after a moment. Posts whose account is already being read follow on the next minute's pass.",
    response: collectOut,
    status: 202,
    example: { params: { ws: "$workspace" } },
  }),
  requireWorkspace,
  validate("param", workspaceParam),
  async (c) => {
    const actor = c.get("actor");
    authorize(actor, "analytics.read");
    const result = await collectWorkspaceNow(c.get("db"), actor.workspaceId, Date.now(), (messages) => enqueue(c.env, messages));
    return c.json({ data: presentCollect(result) }, 202);
  },
);
