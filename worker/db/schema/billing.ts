import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { PlanId } from "../../../core/billing/plans";
import { timestamps } from "./columns";
import { users } from "./identity";
import { workspaces } from "./workspaces";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

/** Stripe's subscription statuses, as it sends them. */
export const subscriptionStatuses = ["none", "trialing", "active", "past_due", "unpaid", "canceled", "incomplete", "incomplete_expired", "paused"] as const;

/**
 * A workspace's billing: our trial, and the Stripe customer and subscription as Stripe's
 * events last described them (never the browser). `stateAt` is the `created` (seconds) of the
 * event that wrote the subscription fields: an older event arriving late changes nothing.
 */
export const billingAccounts = sqliteTable(
  "billing_accounts",
  {
    workspaceId: integer("workspace_id")
      .primaryKey()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    stripeCustomerId: text("stripe_customer_id").unique(),
    stripeSubscriptionId: text("stripe_subscription_id"),
    plan: text("plan").$type<PlanId>().notNull().default("free"),
    status: text("status", { enum: subscriptionStatuses }).notNull().default("none"),
    /** Seats bought: the subscription item's quantity. */
    seats: integer("seats"),
    currentPeriodEnd: ms("current_period_end"),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    /** Our own trial (no card): once per workspace. */
    trialStartedAt: ms("trial_started_at"),
    trialEndsAt: ms("trial_ends_at"),
    /** When a payment first failed on the current subscription; the grace period counts from here. */
    pastDueSince: ms("past_due_since"),
    stateAt: integer("state_at").notNull().default(0),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    cardExpMonth: integer("card_exp_month"),
    cardExpYear: integer("card_exp_year"),
    /** Who hears about billing (trial ending, payment failed, card expiring): whoever subscribed. */
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("billing_accounts_subscription").on(t.stripeSubscriptionId), index("billing_accounts_trial").on(t.trialEndsAt)],
);

/** Every Stripe event received, by id: a replay is acknowledged and ignored; processing happens once, in the queue. */
export const stripeEvents = sqliteTable(
  "stripe_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** Stripe's `created`, in seconds. */
    created: integer("created").notNull(),
    payload: text("payload").notNull(),
    receivedAt: ms("received_at").notNull(),
    processedAt: ms("processed_at"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
  },
  (t) => [index("stripe_events_unprocessed").on(t.processedAt, t.receivedAt)],
);

/** Invoices as Stripe's invoice events described them, for the billing page. */
export const billingInvoices = sqliteTable(
  "billing_invoices",
  {
    id: text("id").primaryKey(),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    number: text("number"),
    status: text("status").notNull(),
    amountDue: integer("amount_due").notNull().default(0),
    amountPaid: integer("amount_paid").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    hostedInvoiceUrl: text("hosted_invoice_url"),
    invoicePdf: text("invoice_pdf"),
    /** Stripe's `created` of the invoice (ms). */
    issuedAt: ms("issued_at").notNull(),
    stateAt: integer("state_at").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("billing_invoices_workspace").on(t.workspaceId, t.issuedAt)],
);

/** A billing notice sent once: the trial ending, a failed payment, a card expiring (`key` names which one). */
export const billingNotices = sqliteTable(
  "billing_notices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["trial_ending", "payment_failed", "card_expiring", "grace_ended"] }).notNull(),
    key: text("key").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("billing_notices_once").on(t.workspaceId, t.kind, t.key)],
);

export type BillingAccount = typeof billingAccounts.$inferSelect;
export type StripeEventRow = typeof stripeEvents.$inferSelect;
export type BillingInvoice = typeof billingInvoices.$inferSelect;
