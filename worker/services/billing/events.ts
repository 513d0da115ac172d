import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import * as z from "zod";
import { GRACE_DAYS, plans, TRIAL_PLAN } from "../../../core/billing/plans";
import { DAY_MS } from "../../../core/counting";
import type { Database } from "../../db/client";
import { billingAccounts, billingInvoices, stripeEvents, workspaces, type StripeEventRow } from "../../db/schema";
import { reportError } from "../../lib/reporter";
import { sendCardExpiringNotice, sendPaymentFailedNotice, sendTrialEndingNotice } from "./notices";
import { billingConfig, planOfPrice, type BillingConfig } from "./stripe-client";
import {
  checkoutSessionObject,
  customerObject,
  expiringSourceObject,
  invoiceObject,
  paymentMethodObject,
  setupIntentObject,
  subscriptionObject,
  workspaceIdFrom,
  type CardDetails,
  type InvoiceObject,
  type StripeEventEnvelope,
} from "./stripe-objects";
import { applySubscription, UnusableEvent } from "./subscription-state";

/**
 * Stripe's events, processed in the queue one at a time (the webhook only stores them). Each
 * event's object is its state when the event was made; `billing_accounts.state_at` and
 * `billing_invoices.state_at` keep the `created` of the event that wrote them, so an older
 * event arriving late changes nothing.
 */

export interface StripeEventMessage {
  kind: "stripe_event";
  eventId: string;
}

export interface BillingEventDeps {
  db: Database;
  env: Env;
  /** The queue's context, for reporting; tests may leave it out. */
  ctx?: Pick<ExecutionContext, "waitUntil">;
  now?: () => Date;
}

interface EventContext {
  db: Database;
  env: Env;
  config: BillingConfig;
  event: StripeEventEnvelope;
  now: Date;
}

/** No workspace is linked to the event's customer yet (its checkout event may still be on its way): retried. */
class NoWorkspaceYet extends Error {}

/** Events that describe the subscription as it now is. */
const SUBSCRIPTION_STATE_EVENTS = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "customer.subscription.pending_update_applied",
]);

const INVOICE_EVENTS = new Set([
  "invoice.created",
  "invoice.finalized",
  "invoice.paid",
  "invoice.payment_succeeded",
  "invoice.payment_failed",
  "invoice.voided",
  "invoice.marked_uncollectible",
  "invoice.updated",
]);

/**
 * Processes one stored event, once: nothing if it is already processed; otherwise its type's
 * handler, then `processed_at`. A failure records the error and attempt and is rethrown so the
 * queue retries it (the cron re-sends what stays unprocessed); an event this server cannot use
 * (a price it does not sell, an object not shaped as documented) is recorded as processed with
 * its reason, and reported.
 */
export async function processStripeEvent(deps: BillingEventDeps, eventId: string): Promise<void> {
  const { db, env } = deps;
  const [row] = await db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId));
  if (!row || row.processedAt) return;
  const now = deps.now?.() ?? new Date();
  try {
    const config = billingConfig(env);
    if (!config) throw new Error("Billing is not configured on this server: the event waits until it is");
    await dispatch({ db, env, config, event: JSON.parse(row.payload) as StripeEventEnvelope, now });
    await markProcessed(db, row, now, null);
  } catch (caught) {
    // An object not shaped as we read it will not become so on a retry.
    const error = caught instanceof z.ZodError ? new UnusableEvent(`The ${row.type} event's object is not as expected: ${z.prettifyError(caught)}`) : caught;
    if (error instanceof UnusableEvent) {
      reportError({ env, ctx: deps.ctx ?? { waitUntil: () => undefined } }, error, { surface: "billing", event: row.id, type: row.type });
      await markProcessed(db, row, now, error.message);
      return;
    }
    await db
      .update(stripeEvents)
      .set({ attempts: sql`${stripeEvents.attempts} + 1`, error: error instanceof Error ? error.message : String(error) })
      .where(eq(stripeEvents.id, row.id));
    throw error;
  }
}

function markProcessed(db: Database, row: StripeEventRow, now: Date, error: string | null) {
  return db
    .update(stripeEvents)
    .set({ processedAt: now, attempts: sql`${stripeEvents.attempts} + 1`, error })
    .where(and(eq(stripeEvents.id, row.id), isNull(stripeEvents.processedAt)));
}

async function dispatch(context: EventContext) {
  const type = context.event.type;
  if (SUBSCRIPTION_STATE_EVENTS.has(type)) return subscriptionChanged(context);
  if (INVOICE_EVENTS.has(type)) return invoiceChanged(context);
  switch (type) {
    case "checkout.session.completed":
      return checkoutCompleted(context);
    case "customer.subscription.trial_will_end":
      return trialWillEnd(context);
    case "payment_method.attached":
      return cardOfPaymentMethod(context);
    case "customer.updated":
      return cardOfCustomer(context);
    case "setup_intent.succeeded":
      return cardOfSetupIntent(context);
    case "customer.source.expiring":
      return sourceExpiring(context);
    default:
      // Stripe sends what the endpoint subscribes to; anything else is acknowledged and ignored.
      return;
  }
}

/**
 * The workspace an object belongs to: the workspace id we put in its metadata (checkout,
 * subscription), else the one linked to its Stripe customer.
 */
async function workspaceOf(db: Database, metadataWorkspaceId: number | null, customerId: string | null | undefined): Promise<number | null> {
  if (metadataWorkspaceId !== null) {
    const [workspace] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, metadataWorkspaceId));
    if (workspace) return workspace.id;
  }
  if (!customerId) return null;
  const [account] = await db.select({ workspaceId: billingAccounts.workspaceId }).from(billingAccounts).where(eq(billingAccounts.stripeCustomerId, customerId));
  return account?.workspaceId ?? null;
}

async function requireWorkspace(db: Database, metadataWorkspaceId: number | null, customerId: string | null | undefined, what: string) {
  const workspaceId = await workspaceOf(db, metadataWorkspaceId, customerId);
  if (workspaceId === null) throw new NoWorkspaceYet(`No workspace is linked to ${what} (customer ${customerId ?? "none"}) yet`);
  return workspaceId;
}

/** Checkout finished: its customer is the workspace's from now on (if it has none yet). */
async function checkoutCompleted({ db, event }: EventContext) {
  const session = checkoutSessionObject.parse(event.data.object);
  // Setup mode (a new card): the card is on the setup intent, not in this event; its own events carry it.
  if (session.mode !== "subscription" || !session.customer) return;
  const workspaceId = await requireWorkspace(db, workspaceIdFrom(session.client_reference_id, session.metadata?.workspace_id), session.customer, `checkout ${session.id}`);
  await db
    .insert(billingAccounts)
    .values({ workspaceId, stripeCustomerId: session.customer })
    .onConflictDoUpdate({ target: billingAccounts.workspaceId, set: { stripeCustomerId: session.customer }, setWhere: isNull(billingAccounts.stripeCustomerId) });
}

async function subscriptionChanged({ db, config, event, now }: EventContext) {
  const subscription = subscriptionObject.parse(event.data.object);
  const workspaceId = await requireWorkspace(db, workspaceIdFrom(subscription.metadata?.workspace_id), subscription.customer, `subscription ${subscription.id}`);
  await applySubscription(db, config, {
    workspaceId,
    customerId: subscription.customer,
    subscription,
    created: event.created,
    isCreatedEvent: event.type === "customer.subscription.created",
    now,
  });
}

/** Stripe tells us three days before a subscription's trial ends (ours passed on at checkout). */
async function trialWillEnd({ db, env, config, event }: EventContext) {
  const subscription = subscriptionObject.parse(event.data.object);
  if (subscription.status !== "trialing" || !subscription.trial_end) return;
  const workspaceId = await requireWorkspace(db, workspaceIdFrom(subscription.metadata?.workspace_id), subscription.customer, `subscription ${subscription.id}`);
  const plan = plans[planOfPrice(config, subscription.items.data[0]?.price.id) ?? TRIAL_PLAN];
  await sendTrialEndingNotice(db, env, workspaceId, {
    plan,
    endsAt: new Date(subscription.trial_end * 1000),
    then: subscription.cancel_at_period_end || subscription.cancel_at ? "free" : "charged",
  });
}

/** The workspace an invoice belongs to: its subscription's metadata, its own, or its customer's link. */
function invoiceWorkspace(db: Database, invoice: InvoiceObject) {
  const details = invoice.parent?.subscription_details;
  return requireWorkspace(db, workspaceIdFrom(details?.metadata?.workspace_id, invoice.metadata?.workspace_id), invoice.customer, `invoice ${invoice.id}`);
}

/** Keeps the invoice as the newest event describes it; a failed payment starts the grace period and is told once. */
async function invoiceChanged({ db, env, event }: EventContext) {
  const invoice = invoiceObject.parse(event.data.object);
  const workspaceId = await invoiceWorkspace(db, invoice);
  const values = {
    id: invoice.id,
    workspaceId,
    number: invoice.number ?? null,
    status: invoice.status ?? "draft",
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdf: invoice.invoice_pdf ?? null,
    issuedAt: new Date(invoice.created * 1000),
    stateAt: event.created,
  };
  const { id: _id, workspaceId: _workspace, ...changes } = values;
  await db
    .insert(billingInvoices)
    .values(values)
    .onConflictDoUpdate({ target: billingInvoices.id, set: changes, setWhere: lte(billingInvoices.stateAt, event.created) });
  if (event.type === "invoice.payment_failed") await paymentFailed(db, env, event, invoice, workspaceId);
  if (event.type === "invoice.paid" || event.type === "invoice.payment_succeeded") await paymentSucceeded(db, event, invoice, workspaceId);
}

/**
 * A retry went through before Stripe marked the subscription past due: the failure is behind
 * us, so the next one starts a grace period of its own. (A past-due subscription is cleared by
 * its own event when Stripe makes it active again.)
 */
async function paymentSucceeded(db: Database, event: StripeEventEnvelope, invoice: InvoiceObject, workspaceId: number) {
  const subscriptionId = invoice.parent?.subscription_details?.subscription;
  if (!subscriptionId) return;
  await db
    .update(billingAccounts)
    .set({ pastDueSince: null })
    .where(
      and(
        eq(billingAccounts.workspaceId, workspaceId),
        eq(billingAccounts.stripeSubscriptionId, subscriptionId),
        inArray(billingAccounts.status, ["active", "trialing"]),
        lte(billingAccounts.stateAt, event.created),
        isNotNull(billingAccounts.pastDueSince),
      ),
    );
}

async function paymentFailed(db: Database, env: Env, event: StripeEventEnvelope, invoice: InvoiceObject, workspaceId: number) {
  const subscriptionId = invoice.parent?.subscription_details?.subscription;
  const failedAt = new Date(event.created * 1000);
  // The grace period starts at the first failure, unless the subscription's state is newer than it (paid again since).
  const [account] = subscriptionId
    ? await db
        .update(billingAccounts)
        .set({ pastDueSince: sql`coalesce(${billingAccounts.pastDueSince}, ${failedAt.getTime()})` })
        .where(and(eq(billingAccounts.workspaceId, workspaceId), eq(billingAccounts.stripeSubscriptionId, subscriptionId), lte(billingAccounts.stateAt, event.created)))
        .returning()
    : [];
  const graceEndsAt = new Date((account?.pastDueSince ?? failedAt).getTime() + GRACE_DAYS * DAY_MS);
  await sendPaymentFailedNotice(db, env, workspaceId, { invoiceId: invoice.id, number: invoice.number ?? null, amountCents: invoice.amount_due, currency: invoice.currency, graceEndsAt });
}

/** Stores the card Stripe describes for a customer's workspace (brand, last 4, expiry): shown on the billing page. */
async function storeCard(db: Database, customerId: string | null | undefined, card: CardDetails | null | undefined, metadataWorkspaceId: number | null = null) {
  if (!card || !customerId) return;
  const workspaceId = await requireWorkspace(db, metadataWorkspaceId, customerId, "a card");
  await db
    .update(billingAccounts)
    .set({ cardBrand: card.brand, cardLast4: card.last4, cardExpMonth: card.exp_month, cardExpYear: card.exp_year })
    .where(eq(billingAccounts.workspaceId, workspaceId));
}

async function cardOfPaymentMethod({ db, event }: EventContext) {
  const method = paymentMethodObject.parse(event.data.object);
  await storeCard(db, method.customer, method.card);
}

async function cardOfCustomer({ db, event }: EventContext) {
  const customer = customerObject.parse(event.data.object);
  const method = customer.invoice_settings?.default_payment_method;
  // Only an expanded payment method carries its card; an id alone tells nothing to show.
  if (method && typeof method !== "string") await storeCard(db, customer.id, method.card, workspaceIdFrom(customer.metadata?.workspace_id));
}

async function cardOfSetupIntent({ db, event }: EventContext) {
  const intent = setupIntentObject.parse(event.data.object);
  const method = intent.payment_method;
  if (method && typeof method !== "string") await storeCard(db, intent.customer ?? method.customer, method.card);
}

async function sourceExpiring({ db, env, event }: EventContext) {
  const card = expiringSourceObject.parse(event.data.object);
  const workspaceId = await requireWorkspace(db, null, card.customer, "an expiring card");
  await sendCardExpiringNotice(db, env, workspaceId, card);
}

/** What stays unprocessed this long after arriving is sent to the queue again (its message was lost, or keeps failing). */
export const STUCK_AFTER_MS = 5 * 60 * 1000;
export const MAX_ATTEMPTS = 10;

/** The cron's pass over stuck events: re-sends up to 100 of them, oldest first. */
export async function resendStuckEvents(db: Database, now: Date, send: (messages: StripeEventMessage[]) => Promise<void>) {
  const stuck = await db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(and(isNull(stripeEvents.processedAt), lt(stripeEvents.receivedAt, new Date(now.getTime() - STUCK_AFTER_MS)), lt(stripeEvents.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(stripeEvents.receivedAt))
    .limit(100);
  if (stuck.length) await send(stuck.map(({ id }) => ({ kind: "stripe_event", eventId: id })));
  return stuck.length;
}

/**
 * Keeps a verified event, once: false when its id is already stored (Stripe retried or replayed
 * it), and nothing else happens then. The raw body is what is processed later.
 */
export async function storeStripeEvent(db: Database, event: StripeEventEnvelope, payload: string, now: Date): Promise<boolean> {
  const stored = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, created: event.created, payload, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return stored.length > 0;
}
