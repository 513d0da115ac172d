import { and, eq, inArray, isNull, lt, lte, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { plans } from "../../../core/billing/plans";
import type { Database } from "../../db/client";
import { billingAccounts, workspaces, type BillingAccount } from "../../db/schema";
import { blankBillingAccount, entitlementFrom } from "./entitlements";
import { planOfPrice, type BillingConfig } from "./stripe-client";
import type { SubscriptionObject } from "./stripe-objects";

/** A subscription in these states never comes back: Stripe starts a new one instead. */
const TERMINAL = ["canceled", "incomplete_expired"] as const;
const PAST_DUE = ["past_due", "unpaid"];

/** An event Stripe sent that this server cannot act on (a price it does not sell): recorded, not retried. */
export class UnusableEvent extends Error {}

/**
 * The billing fields a subscription, as an event describes it, gives. A price that is not one
 * of ours grants nothing (UnusableEvent), except that a subscription ending still ends.
 */
export function subscriptionFields(config: BillingConfig, subscription: SubscriptionObject) {
  const items = subscription.items.data;
  const item = items.find((candidate) => planOfPrice(config, candidate.price.id)) ?? items[0];
  const ended = (TERMINAL as readonly string[]).includes(subscription.status);
  const plan = planOfPrice(config, item?.price.id);
  if (!plan && !ended) throw new UnusableEvent(`Subscription ${subscription.id} is on price ${item?.price.id ?? "(none)"}, which is not one of this server's plans`);
  return {
    plan: ended || !plan ? ("free" as const) : plan,
    status: subscription.status,
    seats: item?.quantity ?? null,
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end || (subscription.cancel_at && !ended)),
    trialEnd: subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
    trialing: subscription.status === "trialing",
  };
}

/**
 * Whether an event of `created` (seconds) about subscription `id` may overwrite the stored state:
 * never an older event than the one that wrote it; for the same subscription never once it has
 * ended, and a `created` event never over a state of the same second (it is the earliest one);
 * another subscription replaces the stored one unless it has ended while the stored one lives.
 */
function newerThanStored(id: string, created: number, status: string, isCreatedEvent: boolean): SQL {
  const incomingEnded = (TERMINAL as readonly string[]).includes(status);
  const sameSubscription = and(
    eq(billingAccounts.stripeSubscriptionId, id),
    notInArray(billingAccounts.status, [...TERMINAL]),
    isCreatedEvent ? lt(billingAccounts.stateAt, created) : undefined,
  );
  const otherSubscription = and(
    or(isNull(billingAccounts.stripeSubscriptionId), ne(billingAccounts.stripeSubscriptionId, id)),
    incomingEnded ? or(isNull(billingAccounts.stripeSubscriptionId), inArray(billingAccounts.status, ["none", ...TERMINAL])) : undefined,
  );
  return and(lte(billingAccounts.stateAt, created), or(sameSubscription, otherSubscription))!;
}

export interface SubscriptionEvent {
  workspaceId: number;
  customerId: string;
  subscription: SubscriptionObject;
  /** The event's `created` (seconds). */
  created: number;
  isCreatedEvent: boolean;
  now: Date;
}

/**
 * Writes the subscription onto the workspace's billing row and mirrors `workspaces.paying`, in
 * one batch, if the event is newer than what the row holds (the condition is part of the
 * UPDATE, so two events processed at once cannot undo each other). Returns the row written, or
 * null when the stored state is newer.
 */
export async function applySubscription(db: Database, config: BillingConfig, event: SubscriptionEvent): Promise<BillingAccount | null> {
  const { workspaceId, subscription, created } = event;
  const fields = subscriptionFields(config, subscription);
  const [before] = await db.select().from(billingAccounts).where(eq(billingAccounts.workspaceId, workspaceId));
  const pastDue = PAST_DUE.includes(fields.status);
  // The grace period counts from the first failure Stripe told us of: kept while it lasts.
  const pastDueSince = pastDue ? (before?.pastDueSince ?? new Date(created * 1000)) : null;
  const changes = {
    stripeSubscriptionId: subscription.id,
    plan: fields.plan,
    status: fields.status,
    seats: fields.seats,
    currentPeriodEnd: fields.currentPeriodEnd,
    cancelAtPeriodEnd: fields.cancelAtPeriodEnd,
    stateAt: created,
  };
  const stored = before ?? blankBillingAccount(workspaceId);
  const predicted = { ...stored, ...changes, pastDueSince, trialEndsAt: trialEndsAt(stored.trialEndsAt, fields) };
  const paying = entitlementFrom(predicted, true, plans.free, event.now).paying;
  const written = and(
    eq(billingAccounts.workspaceId, workspaceId),
    eq(billingAccounts.stripeSubscriptionId, subscription.id),
    eq(billingAccounts.stateAt, created),
    eq(billingAccounts.status, fields.status),
  );
  const [, updated] = await db.batch([
    db.insert(billingAccounts).values({ workspaceId }).onConflictDoNothing(),
    db
      .update(billingAccounts)
      .set({
        ...changes,
        stripeCustomerId: sql`coalesce(${billingAccounts.stripeCustomerId}, ${event.customerId})`,
        pastDueSince: pastDue ? sql`coalesce(${billingAccounts.pastDueSince}, ${created * 1000})` : null,
        ...(fields.trialEnd ? { trialEndsAt: trialEndSql(fields.trialEnd, fields.trialing) } : {}),
      })
      .where(and(eq(billingAccounts.workspaceId, workspaceId), newerThanStored(subscription.id, created, fields.status, event.isCreatedEvent)))
      .returning(),
    db
      .update(workspaces)
      .set({ paying })
      .where(and(eq(workspaces.id, workspaceId), sql`exists (select 1 from ${billingAccounts} where ${written})`)),
  ]);
  return updated[0] ?? null;
}

/**
 * The trial end a subscription gives: its own while it is trialing (ours, passed on at checkout);
 * once it has left the trial, Stripe's `trial_end` says when the trial really ended (early, if the
 * customer chose to start paying), so a later cancellation does not bring the trial back.
 */
function trialEndsAt(stored: Date | null, fields: { trialEnd: Date | null; trialing: boolean }): Date | null {
  if (!fields.trialEnd) return stored;
  if (fields.trialing) return fields.trialEnd;
  return stored && stored > fields.trialEnd ? fields.trialEnd : stored;
}

/** `trialEndsAt`, as the UPDATE computes it from the stored value. */
function trialEndSql(trialEnd: Date, trialing: boolean): SQL {
  const ms = trialEnd.getTime();
  if (trialing) return sql`${ms}`;
  return sql`case when ${billingAccounts.trialEndsAt} > ${ms} then ${ms} else ${billingAccounts.trialEndsAt} end`;
}
