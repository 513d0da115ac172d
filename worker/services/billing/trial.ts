import { and, isNull, sql } from "drizzle-orm";
import { TRIAL_DAYS } from "../../../core/billing/plans";
import type { BillingOut } from "../../../core/contracts/billing";
import type { Database } from "../../db/client";
import { billingAccounts } from "../../db/schema";
import { Conflict } from "../../lib/errors";
import type { Actor } from "../../policies";
import { configuredBilling } from "./billing-errors";
import { canStartFreeTrial, entitlementOf } from "./entitlements";
import { billingOverview } from "./overview";
import type { BillingEnv } from "./stripe-client";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Our own trial (no card, no Stripe call): TRIAL_DAYS of the trial plan from `now`. */
export function trialPeriod(now: Date) {
  return { trialStartedAt: now, trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS) };
}

/**
 * Starts the workspace's one free trial. The write succeeds only while no trial was ever
 * started and no subscription exists, so a double click (or two admins) starts one trial and
 * the second is told so (409).
 */
export async function startTrial(db: Database, env: BillingEnv, workspaceId: number, actor: Actor, now = new Date()): Promise<BillingOut> {
  configuredBilling(env);
  const entitlement = await entitlementOf(db, env, workspaceId, now);
  if (!canStartFreeTrial(entitlement)) throw new Conflict(trialRefusal(entitlement.paying));
  const period = trialPeriod(now);
  const started = await db
    .insert(billingAccounts)
    .values({ workspaceId, ...period, ownerId: actor.userId })
    .onConflictDoUpdate({
      target: billingAccounts.workspaceId,
      set: { ...period, ownerId: sql`coalesce(${billingAccounts.ownerId}, excluded.owner_id)`, updatedAt: now },
      setWhere: and(isNull(billingAccounts.trialStartedAt), isNull(billingAccounts.stripeSubscriptionId)),
    })
    .returning({ workspaceId: billingAccounts.workspaceId });
  if (started.length === 0) throw new Conflict(trialRefusal(false));
  return billingOverview(db, env, actor, now);
}

function trialRefusal(paying: boolean) {
  return paying ? "This workspace already pays for its plan: there is no trial to start." : "This workspace has already had its free trial.";
}

/**
 * The statement that starts the trial of a workspace being created in the same batch (the
 * first workspace of a sign-up), found by its key; its owner is the person signing up.
 */
export function trialForNewWorkspace(db: Database, workspaceKey: string, ownerEmail: string, now: Date) {
  return db.insert(billingAccounts).values({
    workspaceId: sql`(SELECT id FROM workspaces WHERE key = ${workspaceKey})`,
    ownerId: sql`(SELECT id FROM users WHERE email = ${ownerEmail})`,
    ...trialPeriod(now),
  });
}
