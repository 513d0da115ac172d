import { and, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { enqueue, publishDue } from "../services/publishing/queue";
import { resendStuckEvents } from "../services/billing/events";
import { sendDueNotices } from "../services/billing/notices";
import { billingConfig } from "../services/billing/stripe-client";
import { sendInboxDigests } from "../services/inbox";
import { collectDue } from "../services/analytics/collect";
import { compactSamples } from "../services/analytics/sample-compaction";
import { cronRuns, generationJobs, idempotencyKeys, importJobs, mailQuotas, sessions, signInThrottles, userTokens } from "../db/schema";
import { IDEMPOTENCY_TTL_MS } from "../middleware/idempotency";

export interface CronTask {
  name: string;
  run(db: Database, now: Date, env: Env): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Keeps a week of cron history: enough to debug, small enough to never matter. */
const pruneCronHistory: CronTask = {
  name: "prune-cron-history",
  async run(db, now) {
    await db.delete(cronRuns).where(lt(cronRuns.startedAt, ago(now, 7 * DAY_MS)));
  },
};

/**
 * Forgets what can no longer be used: sessions expired or revoked a day ago, used or
 * expired reset and invitation tokens, sign-in throttles idle for a day, and mail counts
 * of hours long past.
 */
const pruneAuthRecords: CronTask = {
  name: "prune-auth-records",
  async run(db, now) {
    const dayAgo = ago(now, DAY_MS);
    await db.batch([
      db.delete(sessions).where(or(lt(sessions.expiresAt, dayAgo), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, dayAgo)))),
      db.delete(userTokens).where(or(lt(userTokens.expiresAt, dayAgo), and(isNotNull(userTokens.usedAt), lt(userTokens.usedAt, dayAgo)))),
      db.delete(signInThrottles).where(lt(signInThrottles.lastFailureAt, dayAgo)),
      db.delete(mailQuotas).where(lt(mailQuotas.windowStart, dayAgo.getTime())),
    ]);
  },
};

/** Idempotency-Key answers are replayed for 24 hours; after that the key may be used afresh. */
const pruneIdempotencyKeys: CronTask = {
  name: "prune-idempotency-keys",
  async run(db, now) {
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.claimedAt, ago(now, IDEMPOTENCY_TTL_MS)));
  },
};

/**
 * An import the Worker stopped running (evicted, out of time or memory, redeployed) would
 * spin forever. The runner writes progress after every file, so a job that has not moved for
 * ten minutes has stopped: it expires, with the reason among its results for the page.
 */
const STALE_IMPORT_MS = 10 * 60 * 1000;
const expireStaleImports: CronTask = {
  name: "expire-stale-imports",
  async run(db, now) {
    const reason = "The import stopped before it finished (the server was interrupted). Import the remaining files again.";
    await db
      .update(importJobs)
      .set({ status: "expired", results: sql`json_insert(${importJobs.results}, '$[#]', json_object('name', '(import)', 'error', ${reason}))` })
      .where(and(inArray(importJobs.status, ["pending", "started", "processing"]), lt(importJobs.updatedAt, ago(now, STALE_IMPORT_MS))));
  },
};

/**
 * A generation whose stream ended without a word (the Worker was evicted mid-write) would
 * look busy forever: with no new text for fifteen minutes it has expired. Text saved so far stays.
 */
const expireStaleGenerations: CronTask = {
  name: "expire-stale-generations",
  async run(db, now) {
    await db
      .update(generationJobs)
      .set({ status: "expired", error: "The writing stopped without finishing. Start it again.", finishedAt: now })
      .where(and(inArray(generationJobs.status, ["pending", "started", "processing"]), lt(generationJobs.updatedAt, ago(now, 15 * 60 * 1000))));
  },
};

/**
 * Scheduled posts: due ones are claimed and handed to the queue (services/publishing), late
 * ones become missed, tokens near expiry are refreshed, webhook retries are resent.
 */
const publishScheduledPosts: CronTask = {
  name: "publish-scheduled-posts",
  async run(db, now, env) {
    await publishDue(db, env, now.getTime());
  },
};

/**
 * Analytics: published targets get their figures row, due ones are claimed per account and
 * sent to the queue (one message per account, so each network sees one caller at a time).
 */
const collectMetrics: CronTask = {
  name: "collect-metrics",
  async run(db, now, env) {
    await collectDue(db, now.getTime(), (messages) => enqueue(env, messages));
  },
};

/** Figures older than a week keep one sample per post per day. */
const compactMetricSamples: CronTask = {
  name: "compact-metric-samples",
  async run(db, now) {
    await compactSamples(db, now.getTime());
  },
};

/** The daily inbox digest: each person whose oldest waiting item is a day old gets one email. */
const sendDigests: CronTask = {
  name: "send-inbox-digests",
  async run(db, now, env) {
    await sendInboxDigests(db, env, now);
  },
};

/**
 * Billing, while Stripe is configured: Stripe's events still unprocessed after 5 minutes go to
 * the queue again, and the notices that come from time passing (our trial ending, the grace
 * period over, the card expiring) are sent, each once.
 */
const billing: CronTask = {
  name: "billing",
  async run(db, now, env) {
    if (!billingConfig(env)) return;
    await resendStuckEvents(db, now, (messages) => enqueue(env, messages));
    await sendDueNotices(db, env, now);
  },
};

/** Every task the minute-cron runs, in order; publishing first, so its claims are never late. */
export const cronTasks: CronTask[] = [publishScheduledPosts, collectMetrics, compactMetricSamples, pruneCronHistory, pruneAuthRecords, pruneIdempotencyKeys, expireStaleImports, expireStaleGenerations, sendDigests, billing];
