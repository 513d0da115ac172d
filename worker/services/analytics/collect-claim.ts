import { sql } from "drizzle-orm";
import { networks } from "../../../core/publishing/limits";
import type { Database } from "../../db/client";
import { providerFor } from "../publishing/providers";

/**
 * How collection work is handed out, as publishing's claim: one UPDATE takes due rows with a
 * lease and returns them, so two passes at once never take the same row (D1 runs each
 * statement alone). Per account, only while none of its rows is held by a live lease: one
 * message in flight per account, so a network's rate limit sees one caller.
 */

/** How long a claimed row belongs to its message; a consumer that died lets it go after this. */
export const METRICS_LEASE_MS = 10 * 60 * 1000;
/** Targets per account per message (the provider batches its own lookups, X and YouTube by 100). */
export const TARGETS_PER_MESSAGE = 100;
/** Accounts per claim: a tick stays short whatever the backlog. */
export const ACCOUNTS_PER_CLAIM = 50;
/** A daily account row claimed but never filled (the network failed) is tried again after this. */
export const ACCOUNT_DAY_RETRY_MS = 60 * 60 * 1000;

export interface MetricsMessage {
  kind: "metrics";
  accountId: number;
  /** The rows this message holds (under `leaseUntil`), at most TARGETS_PER_MESSAGE. */
  targetIds: number[];
  /** The claim's lease: the consumer works only on rows that still carry it, so a duplicate does nothing. */
  leaseUntil: number;
  /** The UTC day whose followers this message collects, when it claimed that day's account row. */
  day?: string;
}

export interface ClaimScope {
  workspaceId?: number;
}

/** Due rows, up to TARGETS_PER_MESSAGE per account, each account with none in flight. */
export async function claimDueMetrics(db: Database, now: number, scope: ClaimScope = {}) {
  const workspaceFilter = scope.workspaceId === undefined ? sql`` : sql`AND m.workspace_id = ${scope.workspaceId}`;
  const leaseUntil = now + METRICS_LEASE_MS;
  // The most overdue accounts first, each with its earliest due rows.
  const rows = await db.all<{ target_id: number; account_id: number }>(sql`
    WITH due AS (
      SELECT m.target_id, m.account_id, m.next_fetch_at
      FROM post_metrics m
      WHERE m.next_fetch_at <= ${now}
        AND (m.lease_until IS NULL OR m.lease_until < ${now})
        AND NOT EXISTS (SELECT 1 FROM post_metrics o WHERE o.account_id = m.account_id AND o.lease_until >= ${now})
        ${workspaceFilter}
    ),
    accounts AS (SELECT account_id FROM due GROUP BY account_id ORDER BY min(next_fetch_at), account_id LIMIT ${ACCOUNTS_PER_CLAIM})
    UPDATE post_metrics
    SET lease_until = ${leaseUntil}
    WHERE target_id IN (
      SELECT target_id FROM (
        SELECT target_id, row_number() OVER (PARTITION BY account_id ORDER BY next_fetch_at, target_id) AS place
        FROM due WHERE account_id IN (SELECT account_id FROM accounts)
      )
      WHERE place <= ${TARGETS_PER_MESSAGE}
    )
    AND next_fetch_at <= ${now}
    AND (lease_until IS NULL OR lease_until < ${now})
    RETURNING target_id, account_id
  `);
  return { leaseUntil, rows };
}

/** The networks whose providers report followers. */
const followerNetworks = () => networks.filter((network) => providerFor(network)?.accountMetrics);

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Today's followers row, claimed by writing it: each connected account without one for the UTC
 * day gets a row (followers null until the message fills it) in one INSERT; an unfilled row is
 * claimed again after an hour. Answers the accounts claimed.
 */
export async function claimAccountDays(db: Database, now: number, scope: ClaimScope = {}): Promise<number[]> {
  const day = utcDay(now);
  const eligible = followerNetworks();
  if (eligible.length === 0) return [];
  const workspaceFilter = scope.workspaceId === undefined ? sql`` : sql`AND a.workspace_id = ${scope.workspaceId}`;
  const stale = now - ACCOUNT_DAY_RETRY_MS;
  const rows = await db.all<{ account_id: number }>(sql`
    INSERT INTO account_metrics (workspace_id, account_id, day, followers, captured_at)
    SELECT a.workspace_id, a.id, ${day}, NULL, ${now}
    FROM social_accounts a
    WHERE a.state = 'active'
      AND a.network IN (SELECT value FROM json_each(${JSON.stringify(eligible)}))
      AND NOT EXISTS (
        SELECT 1 FROM account_metrics d
        WHERE d.account_id = a.id AND d.day = ${day} AND (d.followers IS NOT NULL OR d.captured_at >= ${stale})
      )
      ${workspaceFilter}
    LIMIT ${ACCOUNTS_PER_CLAIM}
    ON CONFLICT (account_id, day) DO UPDATE SET captured_at = excluded.captured_at
      WHERE account_metrics.followers IS NULL AND account_metrics.captured_at < ${stale}
    RETURNING account_id
  `);
  return rows.map((row) => row.account_id);
}

/** One message per account: its claimed targets (the claim takes at most TARGETS_PER_MESSAGE each) and its day when claimed. */
export function messagesFor(claim: Awaited<ReturnType<typeof claimDueMetrics>>, accountDays: number[], day: string): MetricsMessage[] {
  const byAccount = new Map<number, number[]>();
  for (const row of claim.rows) byAccount.set(row.account_id, [...(byAccount.get(row.account_id) ?? []), row.target_id]);
  for (const accountId of accountDays) if (!byAccount.has(accountId)) byAccount.set(accountId, []);
  const withDay = new Set(accountDays);
  return [...byAccount].map(([accountId, targetIds]) => ({
    kind: "metrics" as const,
    accountId,
    targetIds: targetIds.sort((a, b) => a - b),
    leaseUntil: claim.leaseUntil,
    ...(withDay.has(accountId) ? { day } : {}),
  }));
}
