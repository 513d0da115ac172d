import { and, eq, sql } from "drizzle-orm";
import { count, formatNumber } from "../../core/counting";
import type { Database } from "../db/client";
import { mailQuotas } from "../db/schema";
import { TooManyRequests } from "../lib/errors";

/**
 * How much mail a request may cause, per hour. Counted before anything is written or sent,
 * so a request over a limit changes nothing and answers 429 with Retry-After.
 */
export const MAIL_LIMITS = {
  /** Mails one person's actions send (shares, invitations, group notices). */
  perUser: 200,
  /** Mails one workspace sends. */
  perWorkspace: 1000,
  /**
   * Mails to addresses outside the workspace (invitations, shares by email), which carry the
   * sender's own subject and message: the part that could be used to send arbitrary mail.
   */
  outsidePerUser: 100,
  outsidePerWorkspace: 300,
  /** Password reset links to one address, and asked for from one IP. */
  resetPerAddress: 5,
  resetPerIp: 30,
};

const HOUR_MS = 60 * 60 * 1000;

interface Quota {
  key: string;
  limit: number;
  count: number;
}

/**
 * Takes `count` from every quota, or from none: each is one conditional upsert (so two
 * requests at once cannot both pass the limit), and one over its limit gives back what was
 * already taken and refuses with 429 until the hour ends.
 */
async function take(db: Database, quotas: Quota[], message: string, now: number) {
  const windowStart = Math.floor(now / HOUR_MS) * HOUR_MS;
  const retryAfter = Math.max(1, Math.ceil((windowStart + HOUR_MS - now) / 1000));
  const taken: Quota[] = [];
  for (const quota of quotas.filter((q) => q.count > 0)) {
    const [row] =
      quota.count > quota.limit
        ? []
        : await db
            .insert(mailQuotas)
            .values({ key: quota.key, windowStart, count: quota.count })
            .onConflictDoUpdate({
              target: [mailQuotas.key, mailQuotas.windowStart],
              set: { count: sql`${mailQuotas.count} + excluded.count` },
              setWhere: sql`${mailQuotas.count} + excluded.count <= ${quota.limit}`,
            })
            .returning({ count: mailQuotas.count });
    if (!row) {
      for (const back of taken) {
        await db
          .update(mailQuotas)
          .set({ count: sql`${mailQuotas.count} - ${back.count}` })
          .where(and(eq(mailQuotas.key, back.key), eq(mailQuotas.windowStart, windowStart)));
      }
      throw new TooManyRequests(message, retryAfter);
    }
    taken.push(quota);
  }
}

/**
 * Before a person's action sends `recipients` mails, `outside` of them to addresses outside
 * the workspace: 429 when that would pass their or their workspace's hourly limit.
 */
export function reserveOutboundMail(
  db: Database,
  { userId, workspaceId, recipients, outside = 0 }: { userId: number; workspaceId: number; recipients: number; outside?: number },
  now = Date.now(),
) {
  return take(
    db,
    [
      { key: `user:${userId}`, limit: MAIL_LIMITS.perUser, count: recipients },
      { key: `workspace:${workspaceId}`, limit: MAIL_LIMITS.perWorkspace, count: recipients },
      { key: `outside:user:${userId}`, limit: MAIL_LIMITS.outsidePerUser, count: outside },
      { key: `outside:workspace:${workspaceId}`, limit: MAIL_LIMITS.outsidePerWorkspace, count: outside },
    ],
    `That would send more email than this account or workspace may send in an hour (at most ${count(MAIL_LIMITS.perUser, "email")}, ${formatNumber(MAIL_LIMITS.outsidePerUser)} of them to people outside the workspace). Try again later.`,
    now,
  );
}

/**
 * Before a password reset link is asked for: counted for the address whether or not an
 * account has it, so the limit reveals nothing about which addresses have accounts.
 */
export function reservePasswordResetMail(db: Database, { email, ip }: { email: string; ip: string | null }, now = Date.now()) {
  return take(
    db,
    [
      { key: `reset:${email.toLowerCase()}`, limit: MAIL_LIMITS.resetPerAddress, count: 1 },
      ...(ip ? [{ key: `reset:ip:${ip}`, limit: MAIL_LIMITS.resetPerIp, count: 1 }] : []),
    ],
    "Too many password reset emails were asked for. Wait a while, then try again.",
    now,
  );
}
