import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accountStates, errorClasses, targetStates, webhookEvents } from "../../../core/publishing/states";
import { networks } from "../../../core/publishing/limits";
import type { WeeklySlot } from "../../../core/publishing/time";
import { timestamps } from "./columns";
import { articles } from "./documents";
import { campaignItems } from "./content";
import { users } from "./identity";
import { workspaces } from "./workspaces";

/**
 * Scheduling and publishing: connected social accounts, posts with one target per account,
 * posting schedules (weekly slots), outbound webhooks with their delivery log, and the
 * sandbox network's own timeline (what it "published"). Times are epoch ms, UTC.
 */

const workspaceId = () =>
  integer("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });
const ms = (name: string) => integer(name, { mode: "number" });

export const socialAccounts = sqliteTable(
  "social_accounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    network: text("network", { enum: networks }).notNull(),
    /** The network's id for the account. */
    externalId: text("external_id").notNull(),
    displayName: text("display_name").notNull(),
    handle: text("handle").notNull().default(""),
    avatarUrl: text("avatar_url"),
    /** AES-GCM under CREDENTIALS_KEY (services/publishing/credentials.ts); never presented. */
    credentials: text("credentials").notNull(),
    tokenExpiresAt: ms("token_expires_at"),
    state: text("state", { enum: accountStates }).notNull().default("active"),
    stateReason: text("state_reason"),
    /** Single flight for token refresh: whoever sets this lease refreshes; the others wait. */
    refreshLeaseUntil: ms("refresh_lease_until"),
    connectedById: integer("connected_by_id").references(() => users.id, { onDelete: "set null" }),
    /** The network's id for the person who connected it (Meta's app-scoped user id): its deauthorize callback names them. */
    ownerExternalId: text("owner_external_id"),
    ...timestamps,
  },
  (t) => [uniqueIndex("social_accounts_external").on(t.workspaceId, t.network, t.externalId), index("social_accounts_expiry").on(t.state, t.tokenExpiresAt)],
);

export const scheduledPosts = sqliteTable(
  "scheduled_posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The shared text; a target may override it for its network. */
    text: text("text").notNull().default(""),
    /** Upload ids, in order (checked with readableUpload when set). */
    media: text("media", { mode: "json" }).$type<number[]>().notNull().default([]),
    publishAt: ms("publish_at").notNull(),
    /** The zone the time was chosen in, so the calendar can say "09:00 Paris". */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** Bumped by every edit: the publisher sends only the version it claimed. */
    version: integer("version").notNull().default(1),
    campaignItemId: integer("campaign_item_id").references(() => campaignItems.id, { onDelete: "set null" }),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "set null" }),
    scheduleId: integer("schedule_id"),
    /** Manual order within a schedule's queue. */
    queuePosition: integer("queue_position"),
    ...timestamps,
  },
  (t) => [index("scheduled_posts_calendar").on(t.workspaceId, t.publishAt)],
);

export const postTargets = sqliteTable(
  "post_targets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id")
      .notNull()
      .references(() => scheduledPosts.id, { onDelete: "cascade" }),
    workspaceId: workspaceId(),
    accountId: integer("account_id")
      .notNull()
      .references(() => socialAccounts.id, { onDelete: "cascade" }),
    /** This network's text; null uses the post's shared text. */
    text: text("text"),
    state: text("state", { enum: targetStates }).notNull().default("scheduled"),
    /** Sent with the post where the network takes one, and how `verify` finds it. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    publishAt: ms("publish_at").notNull(),
    /** A retry's time (backoff, quota, reconnect); due is the later of this and publish_at. */
    nextAttemptAt: ms("next_attempt_at"),
    attempt: integer("attempt").notNull().default(0),
    /** Attempts before the last "publish now" or reschedule: retries are counted from here. */
    attemptFloor: integer("attempt_floor").notNull().default(0),
    leaseUntil: ms("lease_until"),
    /** The post version this attempt claimed; an edit since then means "do not send". */
    claimedVersion: integer("claimed_version"),
    /** The attempt that began sending: a second consumer for the same attempt stands down. */
    sendAttempt: integer("send_attempt"),
    /** A send may have reached the network without an answer: `verify` decides before any resend. */
    outcomeUnknown: integer("outcome_unknown", { mode: "boolean" }).notNull().default(false),
    /** What the network handed back for an attempt whose answer was lost (a publish id), for `verify`. */
    networkReceipt: text("network_receipt"),
    networkPostId: text("network_post_id"),
    networkUrl: text("network_url"),
    publishedAt: ms("published_at"),
    errorClass: text("error_class", { enum: errorClasses }),
    errorMessage: text("error_message"),
    /** What the user can do about the error. */
    errorHint: text("error_hint"),
    ...timestamps,
  },
  (t) => [
    index("post_targets_due").on(t.state, t.publishAt),
    index("post_targets_post").on(t.postId),
    index("post_targets_account").on(t.accountId, t.state, t.publishAt),
    // A network id is recorded once: a second "published" for the same post cannot be written.
    uniqueIndex("post_targets_network_post").on(t.accountId, t.networkPostId).where(sql`network_post_id IS NOT NULL`),
  ],
);

/** Every attempt and its outcome, for the post's history and the bench. */
export const postAttempts = sqliteTable(
  "post_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    targetId: integer("target_id")
      .notNull()
      .references(() => postTargets.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    outcome: text("outcome", { enum: ["published", "verified", "retry", "refresh_token", "bad_body", "disconnect", "unknown", "skipped", "missed", "quota"] }).notNull(),
    message: text("message"),
    at: ms("at").notNull(),
  },
  (t) => [index("post_attempts_target").on(t.targetId, t.id)],
);

export const postingSchedules = sqliteTable(
  "posting_schedules",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    accountId: integer("account_id")
      .notNull()
      .references(() => socialAccounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slots: text("slots", { mode: "json" }).$type<WeeklySlot[]>().notNull().default([]),
    timeZone: text("time_zone").notNull(),
    paused: integer("paused", { mode: "boolean" }).notNull().default(false),
    ...timestamps,
  },
  (t) => [index("posting_schedules_workspace").on(t.workspaceId)],
);

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    url: text("url").notNull(),
    events: text("events", { mode: "json" }).$type<(typeof webhookEvents)[number][]>().notNull(),
    /** Signing secret (shown once when created). */
    secret: text("secret").notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
  },
  (t) => [index("webhook_endpoints_workspace").on(t.workspaceId)],
);

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    event: text("event", { enum: webhookEvents }).notNull(),
    body: text("body").notNull(),
    attempts: integer("attempts").notNull().default(0),
    status: text("status", { enum: ["pending", "delivered", "failed"] }).notNull().default("pending"),
    responseStatus: integer("response_status"),
    error: text("error"),
    nextAttemptAt: ms("next_attempt_at"),
    deliveredAt: ms("delivered_at"),
    ...timestamps,
  },
  (t) => [index("webhook_deliveries_endpoint").on(t.endpointId, t.id), index("webhook_deliveries_due").on(t.status, t.nextAttemptAt)],
);

/**
 * The sandbox network's side: its timeline (posts it accepted, and faults it answered with)
 * and its token store (refresh tokens rotate, so a second refresh with an old one fails as on
 * real networks).
 */
export const sandboxTimeline = sqliteTable(
  "sandbox_timeline",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The account's external id on the sandbox. */
    accountExternalId: text("account_external_id").notNull(),
    kind: text("kind", { enum: ["post", "fault"] }).notNull(),
    externalId: text("external_id"),
    idempotencyKey: text("idempotency_key"),
    text: text("text").notNull().default(""),
    media: text("media", { mode: "json" }).$type<string[]>().notNull().default([]),
    fault: text("fault"),
    at: ms("at").notNull(),
  },
  (t) => [index("sandbox_timeline_account").on(t.accountExternalId, t.id), index("sandbox_timeline_key").on(t.idempotencyKey)],
);

export const sandboxTokens = sqliteTable("sandbox_tokens", {
  accountExternalId: text("account_external_id").primaryKey(),
  accessToken: text("access_token").notNull(),
  refreshToken: text("refresh_token").notNull(),
  expiresAt: ms("expires_at").notNull(),
  revoked: integer("revoked", { mode: "boolean" }).notNull().default(false),
});

export type SocialAccount = typeof socialAccounts.$inferSelect;
export type ScheduledPost = typeof scheduledPosts.$inferSelect;
export type PostTarget = typeof postTargets.$inferSelect;
export type PostingSchedule = typeof postingSchedules.$inferSelect;
