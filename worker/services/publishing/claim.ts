import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

/**
 * How work is handed out. The cron and "publish now" both go through `claimDue`: one UPDATE
 * moves due targets (and `publishing` ones whose lease ran out) to `publishing` with a new
 * lease and attempt number and returns them, so two ticks at once can never claim the same
 * target (D1 runs each statement alone). Per account, only the earliest due target is taken,
 * and none while another of the account's targets holds a live lease: one send at a time per
 * account, so a backlog drains without a burst.
 */

/** How long a claimed target belongs to its consumer before a later tick may reclaim it. */
export const LEASE_MS = 2 * 60_000;
/** How many targets one statement claims: a tick stays short whatever the backlog. */
export const CLAIM_BATCH = 100;
export const DEFAULT_LATE_MINUTES = 15;

export interface ClaimedTarget {
  id: number;
  attempt: number;
  account_id: number;
  workspace_id: number;
  post_id: number;
}

/** The time a target is due: its publish time, or a retry's later time. */
const DUE = sql.raw("max(t.publish_at, coalesce(t.next_attempt_at, 0))");

/** Targets held by a paused schedule are not due. */
const NOT_PAUSED = sql.raw(
  "NOT EXISTS (SELECT 1 FROM scheduled_posts p JOIN posting_schedules s ON s.id = p.schedule_id WHERE p.id = t.post_id AND s.paused = 1)",
);

export async function claimDue(db: Database, now: number, options: { accountId?: number; limit?: number } = {}): Promise<ClaimedTarget[]> {
  const accountFilter = options.accountId === undefined ? sql`` : sql`AND t.account_id = ${options.accountId}`;
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
        FROM post_targets t JOIN social_accounts a ON a.id = t.account_id
        WHERE a.state = 'active'
          AND ((t.state = 'scheduled' AND ${DUE} <= ${now}) OR (t.state = 'publishing' AND t.lease_until < ${now}))
          AND NOT EXISTS (
            SELECT 1 FROM post_targets o
            WHERE o.account_id = t.account_id AND o.state = 'publishing' AND o.lease_until >= ${now} AND o.id <> t.id
          )
          AND ${NOT_PAUSED}
          ${accountFilter}
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
 * Targets found later than their workspace allows (settings.publish.late_publish_minutes,
 * default 15) become `missed` instead of going out hours late. Accounts waiting for a
 * reconnect hold their targets; reconnecting resumes them.
 */
export async function markMissed(db: Database, now: number): Promise<MissedTarget[]> {
  return db.all<MissedTarget>(sql`
    UPDATE post_targets
    SET state = 'missed', lease_until = NULL, updated_at = ${now},
        error_message = 'It was not published in time: the publisher found it after the late-publishing window.',
        error_hint = 'Reschedule it, or raise "publish late up to" in the workspace settings.'
    WHERE id IN (
      SELECT t.id FROM post_targets t
      JOIN social_accounts a ON a.id = t.account_id
      JOIN workspaces w ON w.id = t.workspace_id
      WHERE t.state = 'scheduled' AND a.state = 'active' AND ${NOT_PAUSED}
        AND ${DUE} + 60000 * coalesce(json_extract(w.settings, '$.publish.late_publish_minutes'), ${DEFAULT_LATE_MINUTES}) < ${now}
      LIMIT ${CLAIM_BATCH * 5}
    )
    RETURNING id, post_id, account_id, workspace_id
  `);
}
