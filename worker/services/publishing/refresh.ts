import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import { networks } from "../../../core/publishing/limits";
import type { Database } from "../../db/client";
import { socialAccounts } from "../../db/schema";
import { credentialBinding, decryptCredentials, encryptCredentials } from "./credentials";
import { accountEvent, type EventDeps } from "./events";
import { providerFor } from "./providers";
import type { ProviderContext } from "./providers/types";

/**
 * Token refresh, single flight per account: whoever sets the account's refresh lease calls
 * the network; anyone else arriving meanwhile waits for that answer instead of refreshing
 * too (networks rotate refresh tokens, so a second refresh would burn the new one and lock the
 * account out). A refresh the network refuses marks the account `needs_reauth` and tells its owner.
 */

const LEASE_MS = 60_000;
const WAIT_STEP_MS = 100;
const WAIT_MAX_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Refreshes the account's tokens; true when it ends up with working tokens. */
export async function refreshAccount(ctx: ProviderContext, accountId: number, deps: EventDeps): Promise<boolean> {
  const { db, env, now } = ctx;
  const [taken] = await db
    .update(socialAccounts)
    .set({ refreshLeaseUntil: now() + LEASE_MS })
    .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.state, "active"), or(isNull(socialAccounts.refreshLeaseUntil), lt(socialAccounts.refreshLeaseUntil, now()))))
    .returning();
  if (!taken) return waitForRefresh(db, accountId);

  const provider = providerFor(taken.network);
  const outcome = provider
    ? await provider
        .refresh(ctx, { externalId: taken.externalId, handle: taken.handle, credentials: await decryptCredentials(env, taken.credentials, credentialBinding(taken)) })
        .catch((error: unknown) => ({ ok: false as const, message: error instanceof Error ? error.message : String(error), transient: true }))
    : { ok: false as const, message: "This network cannot be refreshed here" };
  if (outcome.ok) {
    await db
      .update(socialAccounts)
      .set({ credentials: await encryptCredentials(env, outcome.credentials, credentialBinding(taken)), tokenExpiresAt: outcome.expiresAt, refreshLeaseUntil: null, stateReason: null })
      .where(eq(socialAccounts.id, accountId));
    return true;
  }
  if (outcome.transient) {
    // The network could not be reached: keep the tokens, let a later pass try again.
    await db.update(socialAccounts).set({ refreshLeaseUntil: null }).where(eq(socialAccounts.id, accountId));
    return false;
  }
  const [updated] = await db
    .update(socialAccounts)
    .set({ state: "needs_reauth", stateReason: outcome.message, refreshLeaseUntil: null })
    .where(eq(socialAccounts.id, accountId))
    .returning();
  if (updated) await accountEvent(deps, updated);
  return false;
}

async function waitForRefresh(db: Database, accountId: number): Promise<boolean> {
  for (let waited = 0; waited < WAIT_MAX_MS; waited += WAIT_STEP_MS) {
    const [account] = await db.select({ state: socialAccounts.state, lease: socialAccounts.refreshLeaseUntil }).from(socialAccounts).where(eq(socialAccounts.id, accountId));
    if (!account || account.state !== "active") return false;
    if (account.lease === null) return true;
    await sleep(WAIT_STEP_MS);
  }
  return false;
}

/**
 * The cron pass: accounts of networks that keep tokens alive (`refreshAheadMs`) are refreshed
 * that long before their tokens expire; the rest wait for a send to need it (`freshCredentials`).
 */
export async function refreshExpiring(ctx: ProviderContext, deps: EventDeps, limit = 20) {
  const ahead = new Map(networks.map((network) => [network, providerFor(network)?.refreshAheadMs ?? 0] as const));
  const widest = Math.max(0, ...ahead.values());
  if (widest === 0) return 0;
  const candidates = await ctx.db
    .select({ id: socialAccounts.id, network: socialAccounts.network, expiresAt: socialAccounts.tokenExpiresAt })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.state, "active"), lt(socialAccounts.tokenExpiresAt, ctx.now() + widest), or(isNull(socialAccounts.refreshLeaseUntil), lt(socialAccounts.refreshLeaseUntil, ctx.now()))))
    .orderBy(asc(socialAccounts.tokenExpiresAt))
    .limit(limit * 5);
  const due = candidates.filter((account) => account.expiresAt! < ctx.now() + (ahead.get(account.network) ?? 0)).slice(0, limit);
  for (const account of due) await refreshAccount(ctx, account.id, deps);
  return due.length;
}

/** Refreshes before a send whose token has expired (or will within a minute); false when it could not be. */
export async function freshCredentials(ctx: ProviderContext, account: { id: number; tokenExpiresAt: number | null }, deps: EventDeps): Promise<boolean> {
  if (account.tokenExpiresAt === null || account.tokenExpiresAt > ctx.now() + 60_000) return true;
  return refreshAccount(ctx, account.id, deps);
}
