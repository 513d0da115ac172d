import { and, eq, inArray, sql } from "drizzle-orm";
import { inList } from "../../db/batching";
import type { Database } from "../../db/client";
import { postTargets, scheduledPosts, socialAccounts, type PostTarget } from "../../db/schema";
import { postEvent, type EventDeps } from "./events";

/**
 * How work is handed out. Every path that starts a send (the cron, "publish now", a
 * reconnect, the publisher's follow-up when a send is done, a redelivered message taking over
 * an attempt whose consumer died) goes through `claimAndQueue`: targets past their late window
 * become missed, then one UPDATE moves due targets (and `publishing` ones whose lease ran out)
 * to `publishing` with a new lease and attempt number and returns them, so two claims at once
 * can never take the same target (D1 runs each statement alone). Both statements share one
 * condition (`SENDABLE`): a target past its window is never claimed to be sent, only to be
 * verified when an earlier attempt may already be on the network. Per account, only the
 * earliest due target is taken, and none while another of the account's targets holds a live
 * lease: one send at a time per account, so a backlog drains without a burst.
 */

/**
 * How long a claimed target belongs to its consumer. Short, and renewed every `HEARTBEAT_MS`
 * while the consumer works (a slow network answer included), so a consumer that died (a
 * crash, an eviction, a deploy) holds its account's backlog for at most this long.
 */
export const LEASE_MS = 30_000;
/** Six renewals per lease: a consumer stalled for 25 s still keeps its attempt. */
export const HEARTBEAT_MS = 5_000;
/** How many targets one statement claims: a tick stays short whatever the backlog. */
export const CLAIM_BATCH = 100;
export const DEFAULT_LATE_MINUTES = 15;

export const MISSED_MESSAGE = "It was not published in time: the publisher found it after the late-publishing window.";
export const MISSED_HINT = 'Reschedule it, or raise "publish late up to" in the workspace settings.';

export interface ClaimedTarget {
  id: number;
  attempt: number;
  account_id: number;
  workspace_id: number;
  post_id: number;
}

export interface PublishMessage {
  kind: "publish";
  targetId: number;
  attempt: number;
}

export const toMessage = (claimed: Pick<ClaimedTarget, "id" | "attempt">): PublishMessage => ({ kind: "publish", targetId: claimed.id, attempt: claimed.attempt });

export interface ClaimOptions {
  accountId?: number;
  /** Only these targets may be claimed ("publish now" on one post claims that post, not an earlier one). */
  targetIds?: number[];
  limit?: number;
}

/** The time a target is due: its publish time, or a retry's later time. */
const DUE = sql.raw("max(t.publish_at, coalesce(t.next_attempt_at, 0))");

/** Targets held by a paused schedule are not due. */
const NOT_PAUSED = sql.raw(
  "NOT EXISTS (SELECT 1 FROM scheduled_posts p JOIN posting_schedules s ON s.id = p.schedule_id WHERE p.id = t.post_id AND s.paused = 1)",
);

/** Due and not being worked on: scheduled and due, or claimed by a consumer whose lease ran out. */
const waiting = (now: number) => sql`((t.state = 'scheduled' AND ${DUE} <= ${now}) OR (t.state = 'publishing' AND t.lease_until < ${now}))`;

/**
 * The late-window rule, the one condition every claim shares: within the workspace's window
 * (settings.publish.late_publish_minutes, default 15) a target may be sent; past it, only one
 * that an earlier attempt may already have put on the network is claimed, for `verify` to decide
 * (the publisher then records it published, or missed, and never sends it).
 */
const sendable = (now: number) => sql`(
  ${DUE} + 60000 * coalesce(json_extract(w.settings, '$.publish.late_publish_minutes'), ${DEFAULT_LATE_MINUTES}) >= ${now}
  OR t.outcome_unknown = 1
  OR (t.state = 'publishing' AND coalesce(t.send_attempt, -1) = t.attempt)
)`;

/** The publisher's own check of the same rule, just before it calls the network. */
export function pastLateWindow(target: Pick<PostTarget, "publishAt" | "nextAttemptAt">, lateMinutes: number | undefined, now: number) {
  return Math.max(target.publishAt, target.nextAttemptAt ?? 0) + 60_000 * (lateMinutes ?? DEFAULT_LATE_MINUTES) < now;
}

export async function claimDue(db: Database, now: number, options: ClaimOptions = {}): Promise<ClaimedTarget[]> {
  const accountFilter = options.accountId === undefined ? sql`` : sql`AND t.account_id = ${options.accountId}`;
  const targetFilter = options.targetIds === undefined ? sql`` : sql`AND ${inList(sql`t.id`, options.targetIds)}`;
  return db.all<ClaimedTarget>(sql`
    UPDATE post_targets
    SET state = 'publishing',
        attempt = attempt + 1,
        lease_until = ${now + LEASE_MS},
        claimed_version = (SELECT version FROM scheduled_posts p WHERE p.id = post_targets.post_id),
        updated_at = ${now}
    WHERE id IN (
      SELECT id FROM (
        SELECT t.id, row_number() OVER (PARTITION BY t.account_id ORDER BY ${DUE}, t.id) AS place
        FROM post_targets t
        JOIN social_accounts a ON a.id = t.account_id
        JOIN workspaces w ON w.id = t.workspace_id
        WHERE a.state = 'active'
          AND ${waiting(now)}
          AND ${sendable(now)}
          AND NOT EXISTS (
            SELECT 1 FROM post_targets o
            WHERE o.account_id = t.account_id AND o.state = 'publishing' AND o.lease_until >= ${now} AND o.id <> t.id
          )
          AND ${NOT_PAUSED}
          ${accountFilter}
          ${targetFilter}
      )
      WHERE place = 1
      LIMIT ${options.limit ?? CLAIM_BATCH}
    )
    AND (state = 'scheduled' OR (state = 'publishing' AND lease_until < ${now}))
    RETURNING id, attempt, account_id, workspace_id, post_id
  `);
}

export interface MissedTarget {
  id: number;
  post_id: number;
  account_id: number;
  workspace_id: number;
}

/**
 * Targets found later than their workspace allows become `missed` instead of going out late:
 * scheduled ones, and claimed ones whose consumer died before it sent anything. Accounts
 * waiting for a reconnect hold their targets; reconnecting resumes them.
 */
export async function markMissed(db: Database, now: number, options: Pick<ClaimOptions, "accountId"> = {}): Promise<MissedTarget[]> {
  const accountFilter = options.accountId === undefined ? sql`` : sql`AND t.account_id = ${options.accountId}`;
  return db.all<MissedTarget>(sql`
    UPDATE post_targets
    SET state = 'missed', lease_until = NULL, updated_at = ${now}, error_message = ${MISSED_MESSAGE}, error_hint = ${MISSED_HINT}
    WHERE id IN (
      SELECT t.id FROM post_targets t
      JOIN social_accounts a ON a.id = t.account_id
      JOIN workspaces w ON w.id = t.workspace_id
      WHERE a.state = 'active' AND ${waiting(now)} AND NOT ${sendable(now)} AND ${NOT_PAUSED}
        ${accountFilter}
      LIMIT ${CLAIM_BATCH * 5}
    )
    AND (state = 'scheduled' OR (state = 'publishing' AND lease_until < ${now}))
    RETURNING id, post_id, account_id, workspace_id
  `);
}

export interface ClaimDeps extends EventDeps {
  enqueue: (messages: PublishMessage[]) => Promise<void>;
}

/** Missed first (their authors are told), then claims, each sent to the queue: the one way work starts. */
export async function claimAndQueue(deps: ClaimDeps, now: number, options: ClaimOptions = {}) {
  const missed = await markMissed(deps.db, now, { accountId: options.accountId });
  if (missed.length) await announceMissed(deps, missed.map((target) => target.id));
  const claimed = await claimDue(deps.db, now, options);
  if (claimed.length) await deps.enqueue(claimed.map(toMessage));
  return { missed: missed.length, claimed: claimed.length };
}

async function announceMissed(deps: EventDeps, targetIds: number[]) {
  const rows = await deps.db
    .select({ target: postTargets, post: scheduledPosts, account: socialAccounts })
    .from(postTargets)
    .innerJoin(scheduledPosts, eq(scheduledPosts.id, postTargets.postId))
    .innerJoin(socialAccounts, eq(socialAccounts.id, postTargets.accountId))
    .where(and(inArray(postTargets.id, targetIds), eq(postTargets.state, "missed")));
  for (const row of rows) await postEvent(deps, "post.missed", row.target, row.post, row.account);
}
