import { sandboxHistoryBody } from "../../core/contracts/analytics-collect";
import { workspaceParam } from "../../core/contracts/common";
import { createApp } from "../lib/create-app";
import { validate } from "../lib/validate";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentSandboxHistory } from "../presenters/analytics-collect";
import { authorizeWithinPlanOf } from "../services/billing/entitlements";
import { recordSandboxHistory } from "../services/analytics/sandbox-history";
import { accountsById } from "../services/publishing/posts";

/**
 * The Sandbox's simulated past (services/analytics/sandbox-history): for trying analytics before
 * any real network is connected, and for the demo. Not in the public API: it is the app's.
 */
export const sandboxHistoryApi = createApp().post("/w/:ws/sandbox/history", requireWorkspace, validate("param", workspaceParam), validate("json", sandboxHistoryBody), async (c) => {
  const db = c.get("db");
  const actor = c.get("actor");
  authorize(actor, "posts.schedule");
  const body = c.req.valid("json");
  // The same read check as an account named in a post's targets: another workspace's is not found.
  const account = (await accountsById(db, actor.workspaceId, [body.account_id])).get(body.account_id)!;
  await authorizeWithinPlanOf(db, c.env, actor, "scheduled_posts", body.posts.length);
  const result = await recordSandboxHistory({ db, env: c.env }, { account, authorId: actor.userId, posts: body.posts.map((post) => ({ text: post.text, publishedAt: Date.parse(post.published_at) })) }, Date.now());
  return c.json({ data: presentSandboxHistory(result) }, 201);
});
