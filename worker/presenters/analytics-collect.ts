import type { CollectOut } from "../../core/contracts/analytics-collect";

/** What "Refresh figures" answers: how many posts were sent to be collected. */
export const presentCollect = (result: { queued: number }): CollectOut => ({ queued: result.queued });
