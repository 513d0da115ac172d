import type { CollectOut } from "../../core/contracts/analytics-collect";

/** What "Refresh figures" answers: how many posts were sent to be collected. */
export const presentCollect = (result: { queued: number }): CollectOut => ({ queued: result.queued });

/** What recording the Sandbox's past answers: how many posts it recorded. */
export const presentSandboxHistory = (result: { posts: number }) => ({ posts: result.posts });
