import { and, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { type NetworkLimits, withOverrides } from "../../../core/publishing/limits";
import { splitThread } from "../../../core/publishing/rules";
import { checkQuota, quotaRule } from "../../../core/publishing/quota";
import { count } from "../../../core/counting";
import type { Database } from "../../db/client";
import { postAttempts, postTargets, scheduledPosts, socialAccounts, uploads, workspaces, type PostTarget, type SocialAccount } from "../../db/schema";
import { claimAndQueue, HEARTBEAT_MS, LEASE_MS, MISSED_HINT, MISSED_MESSAGE, pastLateWindow, type PublishMessage } from "./claim";
import { credentialBinding, decryptCredentials } from "./credentials";
import { accountEvent, postEvent, type EventDeps } from "./events";
import { freshCredentials, refreshAccount } from "./refresh";
import { providerFor } from "./providers";
import type { OutgoingPost, ProviderAccount, ProviderContext, PublishOutcome } from "./providers/types";
import { mediaAccess } from "../connections/media-links";

/**
 * The queue consumer's one unit of work: publish one claimed target, exactly once. It re-reads
 * everything right before sending and stands down when the target moved on (edited,
 * cancelled, claimed again); it takes the send with a conditional UPDATE so a redelivered
 * message cannot send twice; a send that may have reached the network without an answer is
 * never resent before `verify` has looked for it; a target past its late window is never sent
 * (checked again right before the network is called); and it renews its lease while it works,
 * so only a consumer that died lets its lease run out.
 */

export { toMessage, type PublishMessage } from "./claim";

export const MAX_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 30 * 60_000;
/** An unknown outcome is looked up again after this long (by a later tick, through `verify`). */
export const UNKNOWN_RECHECK_MS = 60_000;

/** Exponential backoff with ±20% jitter, never sooner than the network's Retry-After. */
export function retryDelay(attempt: number, retryAfterMs = 0, random = Math.random) {
  const exponential = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.max(retryAfterMs, Math.round(exponential * (0.8 + random() * 0.4)));
}

export interface PublisherDeps extends EventDeps {
  now?: () => number;
  fetch?: typeof fetch;
  /** How the providers wait (the Sandbox's slow answer); tests pass one they control. */
  sleep?: (ms: number) => Promise<void>;
  /** How often the lease is renewed while a target is worked on. */
  heartbeatMs?: number;
  /** Sends follow-up messages (the account's next due target). */
  enqueue: (messages: PublishMessage[]) => Promise<void>;
}

// Parsed once per value of NETWORK_LIMITS, not on every check and every send.
const limitsCache = new Map<string, Record<string, NetworkLimits>>();

export function networkLimits(env: Env): Record<string, NetworkLimits> {
  const key = env.NETWORK_LIMITS ?? "";
  let limits = limitsCache.get(key);
  if (!limits) {
    limits = withOverrides(env.NETWORK_LIMITS, (message) => console.warn(message));
    limitsCache.set(key, limits);
  }
  return limits;
}

async function record(db: Database, target: Pick<PostTarget, "id">, attempt: number, outcome: (typeof postAttempts.$inferInsert)["outcome"], message: string | null, at: number) {
  await db.insert(postAttempts).values({ targetId: target.id, attempt, outcome, message, at });
}

/** The text to post and its media, as the provider wants it. */
async function outgoing(db: Database, target: PostTarget, post: typeof scheduledPosts.$inferSelect, limits: NetworkLimits): Promise<OutgoingPost> {
  const text = target.text ?? post.text;
  const media = post.media.length
    ? await db
        .select({ id: uploads.id, name: uploads.filename, contentType: uploads.contentType, bytes: uploads.size })
        .from(uploads)
        .where(and(inArray(uploads.id, post.media), eq(uploads.workspaceId, post.workspaceId)))
    : [];
  return {
    thread: limits.threadPosts > 0 ? splitThread(text, limits) : [text.trim()],
    media: media.map((item) => ({
      uploadId: item.id,
      bytes: item.bytes,
      url: `/files/${item.id}`,
      name: item.name,
      contentType: item.contentType,
      kind: item.contentType.startsWith("video/") ? ("video" as const) : ("image" as const),
    })),
    idempotencyKey: target.idempotencyKey,
    // No attempt of this target went out before its time or its "publish now" (a minute's slack for clocks).
    notBefore: Math.min(target.publishAt, target.nextAttemptAt ?? target.publishAt) - 60_000,
    receipt: target.networkReceipt,
  };
}

/** Ends the attempt with the target in `state`, only if this attempt still holds it. */
async function settle(db: Database, target: PostTarget, set: Partial<typeof postTargets.$inferInsert>) {
  const [row] = await db
    .update(postTargets)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(postTargets.id, target.id), eq(postTargets.attempt, target.attempt), eq(postTargets.state, "publishing")))
    .returning();
  return row ?? null;
}

async function providerAccount(env: Env, account: SocialAccount): Promise<ProviderAccount> {
  return { externalId: account.externalId, handle: account.handle, credentials: await decryptCredentials(env, account.credentials, credentialBinding(account)) };
}

/**
 * Renews the attempt's lease until stopped; only while this attempt still holds the target, and
 * never shortening it (an unknown outcome's longer recheck lease stands).
 */
function heartbeat(db: Database, target: Pick<PostTarget, "id" | "attempt">, now: () => number, everyMs: number) {
  const timer = setInterval(() => {
    db.update(postTargets)
      .set({ leaseUntil: sql`max(coalesce(${postTargets.leaseUntil}, 0), ${now() + LEASE_MS})` })
      .where(and(eq(postTargets.id, target.id), eq(postTargets.attempt, target.attempt), eq(postTargets.state, "publishing")))
      .catch((error: unknown) => console.warn("publishing: renewing a lease failed", error));
  }, everyMs);
  return () => clearInterval(timer);
}

/**
 * Publishes the message's attempt. Answers `{ retryInMs }` when another consumer holds that
 * attempt under a live lease (a duplicate delivery): the queue brings the message back when
 * the lease would have run out, and then, if that consumer died, it takes the attempt over.
 */
export async function publishTarget(deps: PublisherDeps, message: PublishMessage): Promise<{ retryInMs: number } | undefined> {
  const { db, env } = deps;
  const now = deps.now ?? Date.now;
  const ctx: ProviderContext = { db, env, now, fetch: deps.fetch ?? fetch, sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))) };
  const [row] = await db
    .select({ target: postTargets, post: scheduledPosts, account: socialAccounts, settings: workspaces.settings })
    .from(postTargets)
    .innerJoin(scheduledPosts, eq(scheduledPosts.id, postTargets.postId))
    .innerJoin(socialAccounts, eq(socialAccounts.id, postTargets.accountId))
    .innerJoin(workspaces, eq(workspaces.id, postTargets.workspaceId))
    .where(eq(postTargets.id, message.targetId));
  // Deleted, cancelled, edited back to scheduled, or claimed again since: not ours to send.
  if (!row || row.target.state !== "publishing" || row.target.attempt !== message.attempt) return;
  const { target, post, account } = row;
  // The post's media, read (or linked, for networks that fetch it) within the post's workspace only.
  Object.assign(ctx, mediaAccess(db, env, post.workspaceId, now));
  if (target.leaseUntil !== null && target.leaseUntil < now()) {
    // Our attempt's lease ran out: its consumer died (or this message came late). The shared
    // claim takes it over as a new attempt, late window and `verify` included.
    await claimAndQueue(deps, now(), { accountId: account.id, targetIds: [target.id], limit: 1 });
    return;
  }
  if (target.sendAttempt === target.attempt) return { retryInMs: Math.max(0, (target.leaseUntil ?? now()) - now()) + 1_000 };
  const stop = heartbeat(db, target, now, deps.heartbeatMs ?? HEARTBEAT_MS);
  try {
    return await work(deps, ctx, target, post, account, row.settings.publish?.late_publish_minutes);
  } finally {
    stop();
  }
}

async function work(
  deps: PublisherDeps,
  ctx: ProviderContext,
  target: PostTarget,
  post: typeof scheduledPosts.$inferSelect,
  account: SocialAccount,
  lateMinutes: number | undefined,
): Promise<{ retryInMs: number } | undefined> {
  const { db, env } = deps;
  const now = ctx.now;
  const done = async () => {
    // One send at a time per account: the next due target of this account goes next.
    await claimAndQueue(deps, now(), { accountId: account.id, limit: 1 });
    return undefined;
  };

  if (target.claimedVersion !== post.version) {
    // Edited after the claim: the new version waits for its own time.
    await settle(db, target, { state: "scheduled", leaseUntil: null });
    await record(db, target, target.attempt, "skipped", "The post changed after it was queued; the new version keeps its schedule.", now());
    return done();
  }
  if (account.state !== "active") {
    await settle(db, target, { state: "scheduled", leaseUntil: null, errorMessage: `${account.displayName} needs to be reconnected before this can be published.`, errorHint: "Reconnect the account." });
    return done();
  }
  const provider = providerFor(account.network);
  const limits = networkLimits(env)[account.network]!;
  if (!provider) {
    await settle(db, target, { state: "failed", leaseUntil: null, errorClass: "bad_body", errorMessage: `Publishing to ${limits.label} is not available on this deployment.` });
    return done();
  }

  // An expired token is refreshed before the send rather than found out by a refused one.
  if (!(await freshCredentials(ctx, account, deps))) {
    const [current] = await db.select({ state: socialAccounts.state }).from(socialAccounts).where(eq(socialAccounts.id, account.id));
    const reconnect = current?.state !== "active";
    await settle(db, target, {
      state: "scheduled",
      leaseUntil: null,
      // Needing a reconnect holds it (claims take active accounts only); a network that did not answer is asked again later.
      nextAttemptAt: reconnect ? now() : now() + retryDelay(target.attempt),
      errorClass: "refresh_token",
      errorMessage: reconnect ? `${account.displayName} needs to be reconnected before this can be published.` : `${limits.label} did not answer a token refresh; trying again shortly.`,
      errorHint: reconnect ? "Reconnect the account; the post goes out as soon as it is." : null,
    });
    await record(db, target, target.attempt, "refresh_token", reconnect ? "The account's token could not be refreshed." : "The token refresh got no answer.", now());
    return reconnect ? done() : undefined;
  }
  if (account.tokenExpiresAt !== null && account.tokenExpiresAt <= now() + 60_000) {
    const [refreshed] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
    if (refreshed) account = refreshed;
  }

  // Take the send: exactly one consumer per attempt gets past this line.
  const [taken] = await db
    .update(postTargets)
    .set({ sendAttempt: target.attempt, updatedAt: new Date() })
    .where(
      and(
        eq(postTargets.id, target.id),
        eq(postTargets.attempt, target.attempt),
        eq(postTargets.state, "publishing"),
        or(isNull(postTargets.sendAttempt), lt(postTargets.sendAttempt, target.attempt)),
      ),
    )
    .returning({ id: postTargets.id });
  if (!taken) return { retryInMs: LEASE_MS + 1_000 };

  const credentials = await providerAccount(env, account);
  const outgoingPost = await outgoing(db, target, post, limits);

  // An earlier attempt may have reached the network: look before anything else, late or not.
  if (target.outcomeUnknown || (target.sendAttempt !== null && target.sendAttempt < target.attempt)) {
    const found = await provider.verify(ctx, credentials, outgoingPost);
    if (found) {
      const settled = await settle(db, target, { state: "published", networkPostId: found.id, networkUrl: found.url, publishedAt: now(), outcomeUnknown: false, leaseUntil: null, errorClass: null, errorMessage: null, errorHint: null });
      await record(db, target, target.attempt, "verified", "Found on the network: an earlier attempt had published it.", now());
      if (settled) await postEvent(deps, "post.published", settled, post, account);
      return done();
    }
  }

  // The network does not have it: past the window it is missed, never sent late (the claim
  // holds the same rule; this catches a message that waited, or a slow step before it).
  if (pastLateWindow(target, lateMinutes, now())) {
    const settled = await settle(db, target, { state: "missed", outcomeUnknown: false, leaseUntil: null, errorMessage: MISSED_MESSAGE, errorHint: MISSED_HINT });
    await record(db, target, target.attempt, "missed", MISSED_MESSAGE, now());
    if (settled) await postEvent(deps, "post.missed", settled, post, account);
    return done();
  }

  // The account's rolling quota holds at send time too (after an outage, a backlog must not burst).
  if (limits.quota) {
    const since = now() - limits.quota.windowMinutes * 60_000;
    const sent = await db
      .select({ at: postTargets.publishedAt })
      .from(postTargets)
      .where(and(eq(postTargets.accountId, account.id), eq(postTargets.state, "published"), gte(postTargets.publishedAt, since)));
    const verdict = checkQuota(limits.quota, sent.map((s) => s.at!), now());
    if (!verdict.ok) {
      // Nothing was sent (and the network has none of it): give the send and the attempt back.
      await settle(db, target, { state: "scheduled", leaseUntil: null, nextAttemptAt: verdict.nextFree, attempt: target.attempt - 1, sendAttempt: target.sendAttempt, outcomeUnknown: false });
      await record(db, target, target.attempt, "quota", `${quotaRule(limits.label, limits.quota)}; waiting for the next free time.`, now());
      return;
    }
  }

  // Marked before sending: if this consumer dies mid-send, the next attempt verifies first.
  await db.update(postTargets).set({ outcomeUnknown: true }).where(eq(postTargets.id, target.id));
  const outcome: PublishOutcome = await provider.publish(ctx, credentials, outgoingPost).catch((error: unknown) => ({
    ok: false as const,
    unknown: true as const,
    message: error instanceof Error ? error.message : String(error),
  }));

  if (outcome.ok) {
    const settled = await settle(db, target, { state: "published", networkPostId: outcome.id, networkUrl: outcome.url, publishedAt: now(), outcomeUnknown: false, leaseUntil: null, errorClass: null, errorMessage: null, errorHint: null });
    await record(db, target, target.attempt, "published", null, now());
    if (settled) await postEvent(deps, "post.published", settled, post, account);
    return done();
  }
  if ("unknown" in outcome) {
    // Left in `publishing` with a short lease: a later tick reclaims it and `verify` decides.
    await settle(db, target, {
      outcomeUnknown: true,
      leaseUntil: now() + UNKNOWN_RECHECK_MS,
      ...(outcome.receipt ? { networkReceipt: outcome.receipt } : {}),
      errorMessage: `${outcome.message}. Checking with ${limits.label} before trying again.`,
    });
    await record(db, target, target.attempt, "unknown", outcome.message, now());
    await postEvent(deps, null, { ...target, state: "publishing" }, post, account);
    return;
  }
  await record(db, target, target.attempt, outcome.errorClass, outcome.message, now());
  if (outcome.errorClass === "retry" && target.attempt - target.attemptFloor < MAX_ATTEMPTS) {
    const retryAt = now() + retryDelay(target.attempt, outcome.retryAfterMs);
    const settled = await settle(db, target, {
      state: "scheduled",
      nextAttemptAt: retryAt,
      outcomeUnknown: false,
      leaseUntil: null,
      errorClass: "retry",
      errorMessage: `${limits.label} answered: ${outcome.message}. Retrying automatically (attempt ${target.attempt - target.attemptFloor + 1} of ${MAX_ATTEMPTS}).`,
      errorHint: null,
    });
    if (settled) await postEvent(deps, null, settled, post, account);
    return done();
  }
  if (outcome.errorClass === "refresh_token" && target.attempt - target.attemptFloor < MAX_ATTEMPTS) {
    // Refreshed: straight back in line. Not refreshed: the account needs reconnecting, and
    // the target waits for it (claims only take active accounts).
    const refreshed = await refreshAccount({ db, env, now, fetch: ctx.fetch }, account.id, deps);
    const settled = await settle(db, target, {
      state: "scheduled",
      nextAttemptAt: now(),
      outcomeUnknown: false,
      leaseUntil: null,
      errorClass: refreshed ? null : "refresh_token",
      errorMessage: refreshed ? null : `${account.displayName} needs to be reconnected: ${outcome.message}.`,
      errorHint: refreshed ? null : "Reconnect the account; the post goes out as soon as it is.",
    });
    if (settled) await postEvent(deps, null, settled, post, account);
    return done();
  }
  if (outcome.errorClass === "disconnect") {
    const [updated] = await db.update(socialAccounts).set({ state: "needs_reauth", stateReason: outcome.message }).where(eq(socialAccounts.id, account.id)).returning();
    const settled = await settle(db, target, { state: "scheduled", nextAttemptAt: now(), outcomeUnknown: false, leaseUntil: null, errorClass: "disconnect", errorMessage: `${account.displayName} was disconnected: ${outcome.message}.`, errorHint: "Reconnect the account." });
    if (settled) await postEvent(deps, null, settled, post, account);
    if (updated) await accountEvent(deps, updated);
    return;
  }
  // bad_body, or retries exhausted: a definite failure with the network's words and what to do.
  const settled = await settle(db, target, {
    state: "failed",
    outcomeUnknown: false,
    leaseUntil: null,
    errorClass: outcome.errorClass,
    errorMessage: `${limits.label} refused it: ${outcome.message}`,
    errorHint: outcome.hint ?? (outcome.errorClass === "retry" ? `It failed ${count(MAX_ATTEMPTS, "time")}; try "Publish now" later.` : "Edit the post and schedule it again."),
  });
  if (settled) await postEvent(deps, "post.failed", settled, post, account);
  return done();
}
