import { inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { signInThrottles } from "../db/schema";
import { TooManyRequests } from "../lib/errors";

/**
 * Failed sign-ins (and wrong document passwords) slow down and then lock, per email and per IP. Failures older than the
 * window are forgotten; each lock past the threshold doubles, up to an hour.
 */
const WINDOW_MS = 15 * 60 * 1000;
const SLOW_AFTER = 3;
const LOCK_AFTER = { email: 5, ip: 20 } as const;
const FIRST_LOCK_S = 30;
const MAX_LOCK_S = 60 * 60;

export type ThrottleKeys = { email: string; ip: string | null };

const keysOf = ({ email, ip }: ThrottleKeys) => [`email:${email}`, ...(ip ? [`ip:${ip}`] : [])];

/** Refuses with 429 while locked; otherwise waits a little longer after each recent failure. */
export async function enforceThrottle(
  db: Database,
  keys: ThrottleKeys,
  now = Date.now(),
  message = "Too many failed sign-in attempts. Wait a moment and try again, or reset your password.",
) {
  const rows = await db.select().from(signInThrottles).where(inArray(signInThrottles.key, keysOf(keys)));
  const lockedUntil = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  if (lockedUntil > now) {
    throw new TooManyRequests(message, Math.ceil((lockedUntil - now) / 1000));
  }
  const recentFailures = Math.max(0, ...rows.filter((r) => now - r.lastFailureAt.getTime() < WINDOW_MS).map((r) => r.failures));
  if (recentFailures >= SLOW_AFTER) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 250 * (recentFailures - SLOW_AFTER + 1))));
  }
}

export async function recordFailure(db: Database, keys: ThrottleKeys, now = Date.now()) {
  const statements = keysOf(keys).map((key) => {
    const lockAfter = key.startsWith("email:") ? LOCK_AFTER.email : LOCK_AFTER.ip;
    // One upsert per key: reset the count when the last failure left the window, then
    // lock once the count reaches the threshold.
    const failures = sql`CASE WHEN ${now} - ${signInThrottles.lastFailureAt} > ${WINDOW_MS} THEN 1 ELSE ${signInThrottles.failures} + 1 END`;
    return db
      .insert(signInThrottles)
      .values({ key, failures: 1, lastFailureAt: new Date(now) })
      .onConflictDoUpdate({
        target: signInThrottles.key,
        set: {
          failures,
          lastFailureAt: new Date(now),
          lockedUntil: sql`CASE WHEN (${failures}) >= ${lockAfter}
            THEN ${now} + 1000 * MIN(${MAX_LOCK_S}, ${FIRST_LOCK_S} * (1 << ((${failures}) - ${lockAfter})))
            ELSE NULL END`,
        },
      });
  });
  const [first, ...rest] = statements;
  await db.batch([first!, ...rest]);
}

export async function clearFailures(db: Database, email: string) {
  await db.delete(signInThrottles).where(inArray(signInThrottles.key, [`email:${email}`]));
}
