import type Stripe from "stripe";
import { plans, type PaidPlanId, type Plan } from "../../../core/billing/plans";
import type { ChangeInput, PreviewOut } from "../../../core/contracts/billing";
import type { Database } from "../../db/client";
import type { BillingAccount } from "../../db/schema";
import { Conflict, Invalid } from "../../lib/errors";
import { presentPreview } from "../../presenters/billing";
import { stripeCall } from "./billing-errors";
import { billingAccountOf, usageOf } from "./entitlements";
import { planOfPrice, type BillingConfig } from "./stripe-client";

/**
 * Changes to a running subscription: another plan (monthly → annual), other seats, cancel at
 * the period's end and resume. Each asks Stripe and writes nothing here: the plan, seats and
 * status arrive with Stripe's events, like every other change to them.
 */

/** Statuses in which a subscription still exists at Stripe (one that ended leaves the workspace free to subscribe again). */
const ENDED = ["none", "canceled", "incomplete_expired"] as const;

export function liveSubscriptionId(account: BillingAccount | null): string | null {
  if (!account?.stripeSubscriptionId || (ENDED as readonly string[]).includes(account.status)) return null;
  return account.stripeSubscriptionId;
}

/** Told to people when Stripe has taken a change and its event has not arrived yet. */
export const CONFIRMING_CHANGE = "Stripe is confirming your change…";
export const CONFIRMING_CANCEL = "Stripe is confirming the cancellation…";
export const CONFIRMING_RESUME = "Stripe is confirming that your subscription continues…";

/**
 * Seats must cover the people already in the workspace and stay within the plan's cap: a
 * 400 naming `seats` otherwise, before Stripe is asked anything.
 */
export async function checkSeats(db: Database, workspaceId: number, plan: Plan, seats: number, now: Date) {
  const cap = plan.limits.seats;
  if (cap !== null && seats > cap) {
    throw new Invalid(`${plan.name} allows at most ${cap} seats.`, { seats: [`must be at most ${cap} on ${plan.name}`] });
  }
  const used = (await usageOf(db, workspaceId, now)).seats;
  if (seats < used) {
    throw new Invalid(`The workspace has ${used} members and admins: buy at least ${used} seats, or remove people first.`, {
      seats: [`must be at least ${used}, the seats in use`],
    });
  }
}

async function runningSubscription(db: Database, workspaceId: number) {
  const account = await billingAccountOf(db, workspaceId);
  const id = liveSubscriptionId(account);
  if (!id) throw new Conflict("This workspace has no subscription to change. Subscribe first.");
  return { account: account!, id };
}

/**
 * The subscription as Stripe holds it now, with its one item (whose id a change names; it is
 * read rather than stored, so it is never stale).
 */
async function subscriptionItem(db: Database, stripe: Stripe, config: BillingConfig, workspaceId: number) {
  const { account, id } = await runningSubscription(db, workspaceId);
  const subscription = await stripeCall(() => stripe.subscriptions.retrieve(id));
  const item = subscription.items.data[0];
  if (!item) throw new Conflict("This subscription has nothing to change.");
  const currentPlan = planOfPrice(config, item.price.id) ?? (account.plan === "free" ? null : account.plan);
  return { subscription, item, currentPlan, currentSeats: item.quantity ?? account.seats ?? 1 };
}

type Target = { plan: PaidPlanId; seats: number; price: string };

async function targetOf(db: Database, config: BillingConfig, workspaceId: number, current: { currentPlan: PaidPlanId | null; currentSeats: number }, input: ChangeInput, now: Date): Promise<Target> {
  const planId = input.plan ?? current.currentPlan;
  if (!planId) throw new Invalid("Name the plan to change to.", { plan: ["is required"] });
  const seats = input.seats ?? current.currentSeats;
  if (planId === current.currentPlan && seats === current.currentSeats) {
    throw new Invalid("That is the plan and seats the workspace already has.", { plan: ["is already the workspace's plan with these seats"] });
  }
  await checkSeats(db, workspaceId, plans[planId], seats, now);
  return { plan: planId, seats, price: config.prices[planId] };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** How long a preview's price holds: confirming later prices the change again. */
const PREVIEW_HOLDS_SECONDS = 60 * 60;

/**
 * The moment the change is priced at: the one a recent preview used (so the charge is what was
 * shown), else now. An old or future moment would let a client pick its own proration.
 */
function prorationDateOf(input: ChangeInput, now: Date): number {
  const at = seconds(now);
  if (input.proration_date === undefined) return at;
  if (input.proration_date < at - PREVIEW_HOLDS_SECONDS || input.proration_date > at + 60) {
    throw new Invalid("That price preview has expired: preview the change again.", { proration_date: ["must be the moment of a preview made within the last hour"] });
  }
  return input.proration_date;
}

/**
 * What the change would charge now, priced at `proration_date` (now unless the client sends
 * the one an earlier preview used), so confirming charges what was shown.
 */
export async function previewChange(db: Database, stripe: Stripe, config: BillingConfig, workspaceId: number, input: ChangeInput, now = new Date()): Promise<PreviewOut> {
  const prorationDate = prorationDateOf(input, now);
  const current = await subscriptionItem(db, stripe, config, workspaceId);
  const target = await targetOf(db, config, workspaceId, current, input, now);
  const preview = await stripeCall(() =>
    stripe.invoices.createPreview({
      customer: typeof current.subscription.customer === "string" ? current.subscription.customer : current.subscription.customer.id,
      subscription: current.subscription.id,
      subscription_details: {
        items: [{ id: current.item.id, price: target.price, quantity: target.seats }],
        proration_behavior: "always_invoice",
        proration_date: prorationDate,
      },
    }),
  );
  // A new interval (monthly → annual) starts a new period now: its charge is a regular line of
  // the preview. Otherwise the period goes on and the next charge falls at its end.
  const regular = preview.lines.data.find((line) => line.parent?.subscription_item_details && !line.parent.subscription_item_details.proration);
  const nextPaymentAt = regular ? regular.period.end : current.item.current_period_end;
  return presentPreview(preview, { plan: plans[target.plan], seats: target.seats, prorationDate, nextPaymentAt: nextPaymentAt ? new Date(nextPaymentAt * 1000) : null });
}

/**
 * Makes the change at Stripe, charging the prorated difference at once; a declined card
 * refuses the whole change (402) rather than leaving it half-paid.
 */
export async function changeSubscription(db: Database, stripe: Stripe, config: BillingConfig, workspaceId: number, input: ChangeInput, now = new Date()): Promise<void> {
  const prorationDate = prorationDateOf(input, now);
  const current = await subscriptionItem(db, stripe, config, workspaceId);
  const target = await targetOf(db, config, workspaceId, current, input, now);
  await stripeCall(() =>
    stripe.subscriptions.update(current.subscription.id, {
      items: [{ id: current.item.id, price: target.price, quantity: target.seats }],
      proration_behavior: "always_invoice",
      proration_date: prorationDate,
      payment_behavior: "error_if_incomplete",
    }),
  );
}

/** Cancel at the end of the period already paid for (true), or take that back (false). */
export async function setCancelAtPeriodEnd(db: Database, stripe: Stripe, workspaceId: number, cancel: boolean): Promise<void> {
  const { id } = await runningSubscription(db, workspaceId);
  await stripeCall(() => stripe.subscriptions.update(id, { cancel_at_period_end: cancel }));
}
