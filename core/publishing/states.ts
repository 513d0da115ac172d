/** The words of scheduling and publishing, shared by the API, the publisher and the calendar. */

export const targetStates = ["draft", "scheduled", "publishing", "published", "failed", "missed", "cancelled"] as const;
export type TargetState = (typeof targetStates)[number];

/** States a target can still leave by publishing; an edit or a cancel may still change them. */
export const PENDING_STATES: readonly TargetState[] = ["draft", "scheduled", "publishing"];

export const accountStates = ["active", "needs_reauth", "disconnected", "disabled"] as const;
export type AccountState = (typeof accountStates)[number];

/** How a provider classifies a failed send, as Postiz's providers do; each leads somewhere definite. */
export const errorClasses = ["retry", "refresh_token", "bad_body", "disconnect"] as const;
export type ErrorClass = (typeof errorClasses)[number];

export const webhookEvents = ["post.published", "post.failed", "post.missed", "account.needs_reauth"] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

export const TARGET_STATE_LABELS: Record<TargetState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  publishing: "Publishing",
  published: "Published",
  failed: "Failed",
  missed: "Missed",
  cancelled: "Cancelled",
};

export const ACCOUNT_STATE_LABELS: Record<AccountState, string> = {
  active: "Connected",
  needs_reauth: "Needs reconnecting",
  disconnected: "Disconnected",
  disabled: "Disabled",
};

/** One post's overall state, from its targets: the most urgent one wins. */
export function overallState(states: readonly TargetState[]): TargetState {
  const order: TargetState[] = ["failed", "missed", "publishing", "scheduled", "draft", "published", "cancelled"];
  return order.find((state) => states.includes(state)) ?? "draft";
}
