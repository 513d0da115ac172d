import type { AccountOut, DeliveryOut, NetworkOut, PostAttemptOut, PostOut, PostTargetOut, SandboxEntryOut, ScheduleOut, WebhookOut } from "../../core/contracts/posts";
import { NETWORK_LIMITS, type NetworkLimits } from "../../core/publishing/limits";
import { overallState } from "../../core/publishing/states";
import type { PostingSchedule, PostTarget, ScheduledPost, SocialAccount } from "../db/schema";
import { type postAttempts, type sandboxTimeline, type webhookDeliveries, type webhookEndpoints } from "../db/schema";
import type { Provider } from "../services/publishing/providers/types";
import { presentConnector } from "./connections";

/** Scheduling's JSON. Credentials are never part of it: presenters whitelist fields. */

const isoMs = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

export function presentAccount(account: SocialAccount, limits: NetworkLimits = NETWORK_LIMITS[account.network]): AccountOut {
  return {
    id: account.id,
    network: account.network,
    network_label: limits.label,
    display_name: account.displayName,
    handle: account.handle,
    avatar_url: account.avatarUrl,
    external_id: account.externalId,
    state: account.state,
    state_reason: account.stateReason,
    token_expires_at: isoMs(account.tokenExpiresAt),
    is_sandbox: account.network === "sandbox",
    limits: { characters: limits.characters, count: limits.count, thread_posts: limits.threadPosts, hashtags: limits.hashtags, mentions: limits.mentions, quota: limits.quota, media: limits.media, source: limits.source },
  };
}

export function presentTarget(target: PostTarget): PostTargetOut {
  return {
    id: target.id,
    account_id: target.accountId,
    text: target.text,
    state: target.state,
    publish_at: isoMs(target.publishAt),
    next_attempt_at: isoMs(target.nextAttemptAt),
    attempts: target.attempt - target.attemptFloor,
    outcome_unknown: target.outcomeUnknown,
    network_post_id: target.networkPostId,
    network_url: target.networkUrl,
    published_at: isoMs(target.publishedAt),
    error_class: target.errorClass,
    error_message: target.errorMessage,
    error_hint: target.errorHint,
  };
}

export function presentPost(post: ScheduledPost, targets: PostTarget[], extra: { campaignId?: number | null } = {}): PostOut {
  return {
    id: post.id,
    text: post.text,
    media: post.media,
    publish_at: isoMs(post.publishAt),
    time_zone: post.timeZone,
    version: post.version,
    state: overallState(targets.map((target) => target.state)),
    author_id: post.authorId,
    campaign_item_id: post.campaignItemId,
    campaign_id: extra.campaignId ?? null,
    article_id: post.articleId,
    schedule_id: post.scheduleId,
    targets: targets.map(presentTarget),
    updated_at: post.updatedAt.toISOString(),
  };
}

export function presentAttempt(row: typeof postAttempts.$inferSelect): PostAttemptOut {
  return { target_id: row.targetId, attempt: row.attempt, outcome: row.outcome, message: row.message, at: isoMs(row.at) };
}

/** A network that can be connected here, with its limits and the ways to connect it (the connect dialog). */
export function presentNetwork(env: Env, provider: Pick<Provider, "network" | "connectors">, limits: NetworkLimits): NetworkOut {
  return { network: provider.network, label: limits.label, limits, connectors: provider.connectors.map((connector) => presentConnector(env, connector)) };
}

export function presentSchedule(schedule: PostingSchedule): ScheduleOut {
  return {
    id: schedule.id,
    account_id: schedule.accountId,
    name: schedule.name,
    slots: schedule.slots,
    time_zone: schedule.timeZone,
    paused: schedule.paused,
    updated_at: schedule.updatedAt.toISOString(),
  };
}

export function presentWebhook(endpoint: typeof webhookEndpoints.$inferSelect, options: { secret?: boolean } = {}): WebhookOut {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    active: endpoint.active,
    // The signing secret is shown once, when the endpoint is made.
    ...(options.secret ? { secret: endpoint.secret } : {}),
    created_at: endpoint.createdAt.toISOString(),
  };
}

export function presentDelivery(delivery: typeof webhookDeliveries.$inferSelect): DeliveryOut {
  return {
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    event: delivery.event,
    status: delivery.status,
    attempts: delivery.attempts,
    response_status: delivery.responseStatus,
    error: delivery.error,
    next_attempt_at: isoMs(delivery.nextAttemptAt),
    delivered_at: isoMs(delivery.deliveredAt),
    created_at: delivery.createdAt.toISOString(),
  };
}

export function presentSandboxEntry(entry: typeof sandboxTimeline.$inferSelect, account?: Pick<SocialAccount, "id" | "displayName" | "handle">): SandboxEntryOut {
  return {
    id: entry.id,
    kind: entry.kind,
    account_id: account?.id ?? null,
    account_name: account?.displayName ?? null,
    handle: account?.handle ?? null,
    external_id: entry.externalId,
    idempotency_key: entry.idempotencyKey,
    text: entry.text,
    media: entry.media,
    fault: entry.fault,
    at: isoMs(entry.at),
  };
}
