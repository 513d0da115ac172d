import { and, count, eq, gte, inArray, notInArray, sum } from "drizzle-orm";
import { GRACE_DAYS, monthStart, plans, TRIAL_PLAN, type LimitKey, type Limits, type Plan } from "../../../core/billing/plans";
import type { BillingStatus } from "../../../core/contracts/billing";
import type { Database } from "../../db/client";
import { billingAccounts, brandKits, generationJobs, memberships, postTargets, scheduledPosts, socialAccounts, uploads, type BillingAccount } from "../../db/schema";
import { billingConfig, defaultPlan, type BillingEnv } from "./stripe-client";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a workspace may use right now: its plan and limits, worked out from the billing row
 * Stripe's events wrote (or our trial), or DEFAULT_PLAN while billing is off. The policy
 * module (`authorizeWithinPlan`) checks counts against `limits`.
 */
export interface Entitlement {
  plan: Plan;
  status: BillingStatus;
  /** The limits that apply, `seats` being the seats bought on a paid plan. */
  limits: Limits;
  paying: boolean;
  configured: boolean;
  trialEndsAt: Date | null;
  graceEndsAt: Date | null;
  account: BillingAccount | null;
}

const LIVE = ["active", "trialing"] as const;

/** Pure: the entitlement a billing row gives at `now`. */
export function entitlementFrom(account: BillingAccount | null, configured: boolean, fallback: Plan, now: Date): Entitlement {
  const base = { configured, account, trialEndsAt: null, graceEndsAt: null };
  if (!configured) return { ...base, plan: fallback, status: "unconfigured", limits: fallback.limits, paying: false };
  const free = plans.free;
  if (account?.stripeSubscriptionId && account.plan !== "free") {
    const plan = plans[account.plan];
    const limits = { ...plan.limits, seats: account.seats ?? plan.limits.seats };
    if ((LIVE as readonly string[]).includes(account.status)) {
      const trialEndsAt = account.status === "trialing" ? account.trialEndsAt : null;
      return { ...base, plan, limits, status: account.status === "trialing" ? "trialing" : "active", paying: true, trialEndsAt };
    }
    if (account.status === "past_due" || account.status === "unpaid") {
      const since = account.pastDueSince?.getTime() ?? now.getTime();
      const graceEndsAt = new Date(since + GRACE_DAYS * DAY_MS);
      // Data is never deleted for non-payment: past the grace period only the free plan's limits apply to what is added.
      if (graceEndsAt > now) return { ...base, plan, limits, status: "past_due", paying: true, graceEndsAt };
      return { ...base, plan: free, limits: free.limits, status: "past_due", paying: false, graceEndsAt };
    }
  }
  if (account?.trialEndsAt && account.trialEndsAt > now) {
    const plan = plans[TRIAL_PLAN];
    return { ...base, plan, limits: plan.limits, status: "trialing", paying: false, trialEndsAt: account.trialEndsAt };
  }
  const status: BillingStatus = account?.status === "canceled" ? "canceled" : "free";
  return { ...base, plan: free, limits: free.limits, status, paying: false };
}

export async function billingAccountOf(db: Database, workspaceId: number) {
  const [account] = await db.select().from(billingAccounts).where(eq(billingAccounts.workspaceId, workspaceId));
  return account ?? null;
}

export async function entitlementOf(db: Database, env: BillingEnv, workspaceId: number, now = new Date()): Promise<Entitlement> {
  const configured = billingConfig(env) !== null;
  const account = configured ? await billingAccountOf(db, workspaceId) : null;
  return entitlementFrom(account, configured, plans[defaultPlan(env)], now);
}

/** Whether the workspace may start its one free trial. */
export function canStartFreeTrial(entitlement: Entitlement): boolean {
  const account = entitlement.account;
  return entitlement.configured && !account?.trialStartedAt && !account?.stripeSubscriptionId && !entitlement.paying;
}

/**
 * How much of each limit the workspace uses now. Monthly counts (generations, scheduled
 * posts) start on the 1st (UTC); seats are members and admins, active or invited (guests and
 * API keys take none).
 */
export async function usageOf(db: Database, workspaceId: number, now = new Date()): Promise<Record<LimitKey, number>> {
  const since = monthStart(now);
  const [seatRows, generationRows, accountRows, postRows, kitRows, storageRows] = await db.batch([
    db
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), inArray(memberships.role, ["admin", "member"]), inArray(memberships.status, ["active", "invited"]))),
    db
      .select({ n: count() })
      .from(generationJobs)
      .where(and(eq(generationJobs.workspaceId, workspaceId), gte(generationJobs.createdAt, since), notInArray(generationJobs.status, ["failed"]))),
    db.select({ n: count() }).from(socialAccounts).where(eq(socialAccounts.workspaceId, workspaceId)),
    db
      .select({ n: count() })
      .from(postTargets)
      .innerJoin(scheduledPosts, eq(scheduledPosts.id, postTargets.postId))
      // Each network a post goes to counts once, as the networks see it; a draft is not scheduled yet.
      .where(and(eq(postTargets.workspaceId, workspaceId), gte(scheduledPosts.createdAt, since), notInArray(postTargets.state, ["draft"]))),
    db.select({ n: count() }).from(brandKits).where(eq(brandKits.workspaceId, workspaceId)),
    db.select({ bytes: sum(uploads.size) }).from(uploads).where(eq(uploads.workspaceId, workspaceId)),
  ]);
  return {
    seats: seatRows[0]?.n ?? 0,
    generations: generationRows[0]?.n ?? 0,
    social_accounts: accountRows[0]?.n ?? 0,
    scheduled_posts: postRows[0]?.n ?? 0,
    brand_kits: kitRows[0]?.n ?? 0,
    storage_bytes: Number(storageRows[0]?.bytes ?? 0),
  };
}
