import { and, count, eq, gte, inArray, ne, notInArray, or, sql } from "drizzle-orm";
import { GRACE_DAYS, limitKeys, monthStart, plans, TRIAL_PLAN, type LimitKey, type Limits, type Plan } from "../../../core/billing/plans";
import type { BillingStatus } from "../../../core/contracts/billing";
import type { Database } from "../../db/client";
import { billingAccounts, brandKits, generationJobs, memberships, postTargets, socialAccounts, uploads, type BillingAccount } from "../../db/schema";
import { authorizeWithinPlan, type Actor } from "../../policies";
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

/** Seats: members and admins, active or invited (guests and API keys take none). */
const seatsUsed = (db: Database, workspaceId: number) =>
  db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), inArray(memberships.role, ["admin", "member"]), inArray(memberships.status, ["active", "invited"])));

/** This month's generation jobs that did not fail. */
const generationsUsed = (db: Database, workspaceId: number, since: Date) =>
  db
    .select({ n: count() })
    .from(generationJobs)
    .where(and(eq(generationJobs.workspaceId, workspaceId), gte(generationJobs.createdAt, since), notInArray(generationJobs.status, ["failed"])));

/** Connected accounts: a disconnected one frees its place (it stays listed until reconnected). */
const socialAccountsUsed = (db: Database, workspaceId: number) =>
  db
    .select({ n: count() })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.workspaceId, workspaceId), ne(socialAccounts.state, "disconnected")));

/** Each network a post goes to counts once, in the month it was added to the post; a draft is not scheduled yet. */
const scheduledPostsUsed = (db: Database, workspaceId: number, since: Date) =>
  db
    .select({ n: count() })
    .from(postTargets)
    .where(and(eq(postTargets.workspaceId, workspaceId), gte(postTargets.createdAt, since), ne(postTargets.state, "draft")));

const brandKitsUsed = (db: Database, workspaceId: number) =>
  db.select({ n: count() }).from(brandKits).where(eq(brandKits.workspaceId, workspaceId));

/**
 * An upload link lives 15 minutes (api/files): a pending upload younger than this may still be
 * stored and holds its room; an older one never will be.
 */
const PENDING_UPLOAD_MS = 60 * 60 * 1000;

/** Bytes of stored files, and of pending uploads still on their way into R2. */
const storageUsed = (db: Database, workspaceId: number, now: Date) =>
  db
    .select({ n: sql<number>`coalesce(sum(${uploads.size}), 0)` })
    .from(uploads)
    .where(
      and(
        eq(uploads.workspaceId, workspaceId),
        or(eq(uploads.status, "stored"), gte(uploads.createdAt, new Date(now.getTime() - PENDING_UPLOAD_MS))),
      ),
    );

const counters = {
  seats: (db, workspaceId) => seatsUsed(db, workspaceId),
  generations: (db, workspaceId, since) => generationsUsed(db, workspaceId, since),
  social_accounts: (db, workspaceId) => socialAccountsUsed(db, workspaceId),
  scheduled_posts: (db, workspaceId, since) => scheduledPostsUsed(db, workspaceId, since),
  brand_kits: (db, workspaceId) => brandKitsUsed(db, workspaceId),
  storage_bytes: (db, workspaceId, _since, now) => storageUsed(db, workspaceId, now),
} satisfies Record<LimitKey, (db: Database, workspaceId: number, since: Date, now: Date) => unknown>;

/** How much of one limit the workspace uses now (monthly counts start on the 1st, UTC). */
export async function usedOf(db: Database, workspaceId: number, key: LimitKey, now = new Date()): Promise<number> {
  const [row] = await counters[key](db, workspaceId, monthStart(now), now);
  return Number(row?.n ?? 0);
}

/** How much of each limit the workspace uses now, in one round trip. */
export async function usageOf(db: Database, workspaceId: number, now = new Date()): Promise<Record<LimitKey, number>> {
  const since = monthStart(now);
  const [first, ...rest] = limitKeys.map((key) => counters[key](db, workspaceId, since, now));
  const rows = (await db.batch([first!, ...rest])) as { n: number | string | null }[][];
  return Object.fromEntries(limitKeys.map((key, index) => [key, Number(rows[index]![0]?.n ?? 0)])) as Record<LimitKey, number>;
}

/**
 * The check every path that adds to a limit makes before it writes: the workspace's
 * entitlement now, what it uses of `key`, and the policy module's verdict (402 `plan_limit`,
 * worded for `actor`'s role). Adding nothing (a reconnect, a smaller file) is always allowed.
 */
export async function authorizeWithinPlanOf(
  db: Database,
  env: BillingEnv,
  actor: Pick<Actor, "role" | "workspaceId">,
  key: LimitKey,
  adding = 1,
  now = new Date(),
): Promise<void> {
  if (adding <= 0) return;
  const entitlement = await entitlementOf(db, env, actor.workspaceId, now);
  if (entitlement.limits[key] === null) return;
  authorizeWithinPlan(actor, entitlement, key, await usedOf(db, actor.workspaceId, key, now), adding, now);
}

/** A billing row as the database defaults make it: no trial, no customer, no subscription. */
export function blankBillingAccount(workspaceId: number): BillingAccount {
  return {
    workspaceId,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    plan: "free",
    status: "none",
    seats: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    trialStartedAt: null,
    trialEndsAt: null,
    pastDueSince: null,
    stateAt: 0,
    cardBrand: null,
    cardLast4: null,
    cardExpMonth: null,
    cardExpYear: null,
    ownerId: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };
}
