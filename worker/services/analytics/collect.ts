import { and, eq, isNotNull, sql } from "drizzle-orm";
import { engagementsOf, METRICS_WINDOW_DAYS, nextMetricsFetch, postFigureKeys, type PostFigures } from "../../../core/analytics/metrics";
import type { ErrorClass } from "../../../core/publishing/states";
import { inList, runBatch } from "../../db/batching";
import type { Database } from "../../db/client";
import { accountMetrics, postMetricSamples, postMetrics, postTargets, socialAccounts, type SocialAccount } from "../../db/schema";
import { credentialBinding, decryptCredentials } from "../publishing/credentials";
import { accountEvent, type EventDeps } from "../publishing/events";
import { StepFailed } from "../publishing/providers/http";
import { GraphFailed } from "../publishing/providers/meta-graph";
import { providerFor } from "../publishing/providers";
import type { ProviderAccount, ProviderContext } from "../publishing/providers/types";
import { freshCredentials, refreshAccount } from "../publishing/refresh";
import { claimAccountDays, claimDueMetrics, messagesFor, utcDay, type ClaimScope, type MetricsMessage } from "./collect-claim";
import { registerPublished } from "./collect-registration";

/**
 * Collecting figures from the networks. The cron pass (`collectDue`) registers newly published
 * targets, claims due rows per account and sends one queue message per account; the queue side
 * (`collectAccountMetrics`) asks the account's provider for those posts' figures, writes the
 * latest figures and a sample in one batch, and schedules the next fetch (hourly the first day,
 * daily to day 30). Failures are classified as the publisher's are; the lease is always released.
 */

export type { MetricsMessage } from "./collect-claim";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** After this many failures in a row a post's figures are no longer asked for. */
export const MAX_METRICS_FAILURES = 5;
const BACKOFF_BASE_MS = 15 * 60 * 1000;

export interface CollectorDeps extends EventDeps {
  now?: () => number;
  fetch?: typeof fetch;
}

export type SendMetrics = (messages: MetricsMessage[]) => Promise<void>;

/** The cron's pass: register, claim, one message per account. Bounded by the claims' limits. */
export async function collectDue(db: Database, now: number, send: SendMetrics, scope: ClaimScope = {}) {
  const registered = await registerPublished(db, now, scope);
  const claim = await claimDueMetrics(db, now, scope);
  const accountDays = await claimAccountDays(db, now, scope);
  const messages = messagesFor(claim, accountDays, utcDay(now));
  if (messages.length) await send(messages);
  return { registered: registered.length, queued: claim.rows.length, accounts: messages.length };
}

/**
 * "Refresh figures": every published target of the workspace is due now (registered first),
 * then the same claim. Rows whose account already has a message in flight wait for the next tick.
 */
export async function collectWorkspaceNow(db: Database, workspaceId: number, now: number, send: SendMetrics) {
  // Registration is bounded per statement; a workspace with a larger backlog finishes on later ticks.
  await registerPublished(db, now, { workspaceId });
  await db
    .update(postMetrics)
    .set({ nextFetchAt: now })
    .where(and(eq(postMetrics.workspaceId, workspaceId), isNotNull(postMetrics.nextFetchAt), sql`${postMetrics.nextFetchAt} > ${now}`));
  return collectDue(db, now, send, { workspaceId });
}

/** Exponential backoff from 15 minutes, capped at a day, never sooner than the network asked. */
export function metricsRetryDelay(failures: number, retryAfterMs = 0) {
  return Math.max(retryAfterMs, Math.min(DAY_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1)));
}

interface Failure {
  errorClass: ErrorClass;
  message: string;
  retryAfterMs?: number;
}

/** A provider's refusal carries its class (StepFailed, GraphFailed); no answer at all is `retry`. */
function failureOf(error: unknown): Failure {
  if (error instanceof StepFailed || error instanceof GraphFailed) return error.outcome;
  return { errorClass: "retry", message: error instanceof Error ? error.message : String(error) };
}

interface HeldRow {
  targetId: number;
  workspaceId: number;
  publishedAt: number;
  failures: number;
  networkPostId: string | null;
}

/** A later fetch, unless the post's 30 days are over by then. */
const within = (row: Pick<HeldRow, "publishedAt">, at: number) => (at - row.publishedAt < METRICS_WINDOW_DAYS * DAY_MS ? at : null);

/** The queue side: one account's claimed targets (and its day's followers), idempotently. */
export async function collectAccountMetrics(deps: CollectorDeps, message: MetricsMessage) {
  const { db, env } = deps;
  const now = deps.now ?? Date.now;
  const at = now();
  const held = (targetIds: number[]) => and(inList(postMetrics.targetId, targetIds), eq(postMetrics.leaseUntil, message.leaseUntil));
  // Only rows still under this message's lease: a duplicate, or a message that came after its lease, does nothing.
  const rows: HeldRow[] = message.targetIds.length
    ? await db
        .select({ targetId: postMetrics.targetId, workspaceId: postMetrics.workspaceId, publishedAt: postMetrics.publishedAt, failures: postMetrics.failures, networkPostId: postTargets.networkPostId })
        .from(postMetrics)
        .innerJoin(postTargets, eq(postTargets.id, postMetrics.targetId))
        .where(and(held(message.targetIds), eq(postMetrics.accountId, message.accountId)))
    : [];
  const [account] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, message.accountId));
  const ctx: ProviderContext = { db, env, now, fetch: deps.fetch ?? fetch };
  try {
    if (!account || account.state !== "active") {
      // Waiting for a reconnect: look again in a day (the rows' 30 days still end on time).
      await reschedule(db, message, rows, (row) => ({ nextFetchAt: within(row, at + DAY_MS) }));
      return;
    }
    if (!(await freshCredentials(ctx, account, deps))) {
      const [current] = await db.select({ state: socialAccounts.state }).from(socialAccounts).where(eq(socialAccounts.id, account.id));
      const reconnect = current?.state !== "active";
      await reschedule(db, message, rows, (row) => ({
        nextFetchAt: within(row, at + (reconnect ? DAY_MS : metricsRetryDelay(row.failures + 1))),
        lastError: reconnect ? "The account needs to be reconnected." : "The network did not answer a token refresh.",
      }));
      return;
    }
    // Tokens refreshed just now are read again, as the publisher does.
    const [current] = account.tokenExpiresAt !== null && account.tokenExpiresAt <= at + 60_000 ? await db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id)) : [account];
    const fresh = current ?? account;
    let credentials: ProviderAccount;
    try {
      credentials = { externalId: fresh.externalId, handle: fresh.handle, credentials: await decryptCredentials(env, fresh.credentials, credentialBinding(fresh)) };
    } catch (error) {
      // Unreadable credentials (a changed key): counted as failures, so the rows stop being asked for.
      await failed(deps, ctx, fresh, message, rows, failureOf(error));
      return;
    }
    if (rows.length) await collectPosts(deps, ctx, fresh, credentials, message, rows);
    if (message.day) await collectFollowers(db, ctx, fresh, credentials, message.day);
  } finally {
    // Always released, whatever happened above; rows already written have no lease left.
    if (message.targetIds.length) await db.update(postMetrics).set({ leaseUntil: null }).where(held(message.targetIds));
  }
}

async function collectPosts(deps: CollectorDeps, ctx: ProviderContext, account: SocialAccount, credentials: ProviderAccount, message: MetricsMessage, rows: HeldRow[]) {
  const { db } = deps;
  const at = ctx.now();
  const provider = providerFor(account.network);
  if (!provider?.metrics) {
    // The network reports no figures: nothing to collect, ever.
    await reschedule(db, message, rows, () => ({ nextFetchAt: null }));
    return;
  }
  const ids = [...new Set(rows.map((row) => row.networkPostId).filter((id): id is string => Boolean(id)))];
  let figures: Record<string, PostFigures>;
  try {
    figures = ids.length ? await provider.metrics(ctx, credentials, ids) : {};
  } catch (error) {
    await failed(deps, ctx, account, message, rows, failureOf(error));
    return;
  }
  // Take the rows before writing, as the publisher takes a send: only the consumer whose lease
  // still holds them writes (a duplicate delivery that also asked the network writes nothing).
  const taken = new Set(
    (
      await db
        .update(postMetrics)
        .set({ leaseUntil: null })
        .where(and(inList(postMetrics.targetId, rows.map((row) => row.targetId)), eq(postMetrics.leaseUntil, message.leaseUntil)))
        .returning({ targetId: postMetrics.targetId })
    ).map((row) => row.targetId),
  );
  const statements = rows
    .filter((row) => taken.has(row.targetId))
    .flatMap((row) => {
      const found = row.networkPostId ? figures[row.networkPostId] : undefined;
      const schedule = { capturedAt: at, nextFetchAt: nextMetricsFetch(row.publishedAt, at), failures: 0, lastError: null };
      const one = eq(postMetrics.targetId, row.targetId);
      // Nothing from the network for this one (too new, deleted there): captured, and asked again on schedule.
      if (!found) return [db.update(postMetrics).set(schedule).where(one)];
      const values = Object.fromEntries(postFigureKeys.map((key) => [key, found[key] ?? null])) as Record<(typeof postFigureKeys)[number], number | null>;
      const engagements = engagementsOf(found);
      return [
        db.update(postMetrics).set({ ...values, engagements, ...schedule }).where(one),
        db.insert(postMetricSamples).values({ targetId: row.targetId, workspaceId: row.workspaceId, capturedAt: at, granularity: "sample", ...values, engagements }),
      ];
    });
  await runBatch(db, statements);
}

/** A failed lookup, as the publisher treats a failed send: retry later, refresh, reconnect, or give up. */
async function failed(deps: CollectorDeps, ctx: ProviderContext, account: SocialAccount, message: MetricsMessage, rows: HeldRow[], failure: Failure) {
  const { db } = deps;
  const at = ctx.now();
  const lastError = `${failure.errorClass}: ${failure.message}`.slice(0, 500);
  if (failure.errorClass === "refresh_token") {
    // Refreshed: due again at once (a refusal after that counts as a failure). Not: the account waits for a reconnect.
    const refreshed = await refreshAccount(ctx, account.id, deps);
    await reschedule(db, message, rows, (row) => ({
      failures: row.failures + 1,
      lastError,
      nextFetchAt: row.failures + 1 >= MAX_METRICS_FAILURES ? null : within(row, refreshed ? at : at + DAY_MS),
    }));
    return;
  }
  if (failure.errorClass === "disconnect") {
    const [updated] = await db.update(socialAccounts).set({ state: "needs_reauth", stateReason: failure.message }).where(eq(socialAccounts.id, account.id)).returning();
    if (updated) await accountEvent(deps, updated);
    await reschedule(db, message, rows, (row) => ({ lastError, nextFetchAt: within(row, at + DAY_MS) }));
    return;
  }
  // retry (backing off, after the network's Retry-After) or bad_body (the network refused the lookup: a day later).
  await reschedule(db, message, rows, (row) => {
    const failures = row.failures + 1;
    const delay = failure.errorClass === "retry" ? metricsRetryDelay(failures, failure.retryAfterMs) : DAY_MS;
    return { failures, lastError, nextFetchAt: failures >= MAX_METRICS_FAILURES ? null : within(row, at + delay) };
  });
}

type RowChange = Partial<Pick<typeof postMetrics.$inferInsert, "nextFetchAt" | "failures" | "lastError">>;

/** Each held row's new schedule, lease released, in one batch. */
async function reschedule(db: Database, message: MetricsMessage, rows: HeldRow[], change: (row: HeldRow) => RowChange) {
  await runBatch(
    db,
    rows.map((row) =>
      db
        .update(postMetrics)
        .set({ ...change(row), leaseUntil: null })
        .where(and(eq(postMetrics.targetId, row.targetId), eq(postMetrics.leaseUntil, message.leaseUntil))),
    ),
  );
}

/** The account's followers for `day`, into the row the claim wrote; a failure leaves it for a later claim. */
async function collectFollowers(db: Database, ctx: ProviderContext, account: SocialAccount, credentials: ProviderAccount, day: string) {
  const provider = providerFor(account.network);
  if (!provider?.accountMetrics) return;
  try {
    const { followers } = await provider.accountMetrics(ctx, credentials);
    if (followers === undefined) return;
    await db
      .insert(accountMetrics)
      .values({ workspaceId: account.workspaceId, accountId: account.id, day, followers, capturedAt: ctx.now() })
      .onConflictDoUpdate({ target: [accountMetrics.accountId, accountMetrics.day], set: { followers, capturedAt: ctx.now() } });
  } catch (error) {
    console.warn(`analytics: the followers of account ${account.id} could not be read`, failureOf(error).message);
  }
}
