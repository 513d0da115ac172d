import type Stripe from "stripe";
import { limitKeys, nextMonthStart, type LimitKey, type Plan } from "../../core/billing/plans";
import type { BillingOut, InvoiceOut, PlanOut, PreviewOut } from "../../core/contracts/billing";
import type { BillingInvoice } from "../db/schema";
import { can, type Actor } from "../policies";
import { canStartFreeTrial, type Entitlement } from "../services/billing/entitlements";
import { BILLING_NOT_CONFIGURED } from "../services/billing/stripe-client";

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function presentPlan(plan: Plan): PlanOut {
  return {
    id: plan.id,
    name: plan.name,
    tier: plan.tier,
    interval: plan.interval,
    seat_price_cents: plan.seatPriceCents,
    currency: "usd",
    blurb: plan.blurb,
    limits: { ...plan.limits },
  };
}

/**
 * Where a workspace stands on billing, for GET /v1/w/:ws/billing and the billing pages.
 * Subscription fields (period end, cancellation, card) show only while a subscription is what
 * the plan comes from; `notice` is what to tell people now (billing off, a change Stripe is
 * still confirming).
 */
export function presentBilling(entitlement: Entitlement, usage: Record<LimitKey, number>, actor: Actor, now: Date, notice: string | null = null): BillingOut {
  const account = entitlement.account;
  const subscribed = Boolean(account?.stripeSubscriptionId) && entitlement.paying;
  const manages = can(actor, "billing.manage");
  // Members see the plan and what is used of it; the card is for those who pay with it.
  const card =
    manages && account?.cardBrand && account.cardLast4 && account.cardExpMonth != null && account.cardExpYear != null
      ? { brand: account.cardBrand, last4: account.cardLast4, exp_month: account.cardExpMonth, exp_year: account.cardExpYear }
      : null;
  return {
    configured: entitlement.configured,
    plan: presentPlan(entitlement.plan),
    status: entitlement.status,
    paying: entitlement.paying,
    can_start_free_trial: canStartFreeTrial(entitlement),
    trial_ends_at: iso(entitlement.trialEndsAt),
    seats: entitlement.limits.seats,
    current_period_end: subscribed ? iso(account?.currentPeriodEnd) : null,
    cancel_at_period_end: subscribed ? Boolean(account?.cancelAtPeriodEnd) : false,
    grace_ends_at: iso(entitlement.graceEndsAt),
    card,
    usage: Object.fromEntries(limitKeys.map((key) => [key, { used: usage[key], limit: entitlement.limits[key] }])) as BillingOut["usage"],
    usage_resets_at: nextMonthStart(now).toISOString(),
    notice: entitlement.configured ? notice : BILLING_NOT_CONFIGURED,
    policies: { "billing.manage": manages },
  };
}

export function presentInvoice(invoice: BillingInvoice): InvoiceOut {
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    amount_due_cents: invoice.amountDue,
    amount_paid_cents: invoice.amountPaid,
    currency: invoice.currency,
    created_at: invoice.issuedAt.toISOString(),
    hosted_invoice_url: invoice.hostedInvoiceUrl,
    invoice_pdf: invoice.invoicePdf,
  };
}

/**
 * What a change would cost, from Stripe's preview invoice (`proration_behavior:
 * always_invoice`, so it is the invoice charged at once). A credit shows as a negative amount.
 * The regular charge after the change is the plan's seat price times the seats.
 */
export function presentPreview(
  preview: Pick<Stripe.Invoice, "total" | "amount_due" | "currency" | "lines">,
  change: { plan: Plan; seats: number; prorationDate: number; nextPaymentAt: Date | null },
): PreviewOut {
  return {
    plan: presentPlan(change.plan),
    seats: change.seats,
    amount_due_cents: preview.total < 0 ? preview.total : preview.amount_due,
    currency: preview.currency,
    proration_date: change.prorationDate,
    lines: preview.lines.data.map((line) => ({ description: line.description ?? "", amount_cents: line.amount })),
    next_amount_cents: change.plan.seatPriceCents * change.seats,
    next_payment_at: iso(change.nextPaymentAt),
  };
}
