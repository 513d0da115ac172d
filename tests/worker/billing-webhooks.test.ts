import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { beforeEach, describe, expect, it } from "vitest";
import { GRACE_DAYS, plans } from "../../core/billing/plans";
import { cronTasks } from "../../worker/cron/tasks";
import { billingAccounts, billingInvoices, billingNotices, inboxItems, mailOutbox, stripeEvents, workspaces, type User, type Workspace } from "../../worker/db/schema";
import worker from "../../worker/index";
import { entitlementOf } from "../../worker/services/billing/entitlements";
import type { QueueMessage } from "../../worker/services/publishing/queue";
import { addMember, buildUser, buildWorkspace, db } from "../factories";
import checkoutCompleted from "./fixtures/stripe/checkout.session.completed.json";
import sourceExpiring from "./fixtures/stripe/customer.source.expiring.json";
import subscriptionCreated from "./fixtures/stripe/customer.subscription.created.json";
import subscriptionDeleted from "./fixtures/stripe/customer.subscription.deleted.json";
import trialWillEnd from "./fixtures/stripe/customer.subscription.trial_will_end.json";
import subscriptionUpdated from "./fixtures/stripe/customer.subscription.updated.json";
import customerUpdated from "./fixtures/stripe/customer.updated.json";
import invoiceFinalized from "./fixtures/stripe/invoice.finalized.json";
import invoicePaid from "./fixtures/stripe/invoice.paid.json";
import invoicePaymentFailed from "./fixtures/stripe/invoice.payment_failed.json";
import paymentMethodAttached from "./fixtures/stripe/payment_method.attached.json";

const SECRET = "whsec_test_brandwork_webhooks";
const PRICES = { pro_monthly: "price_1TestProMonthly", pro_annual: "price_1TestProAnnual", team: "price_1TestTeam" };
const DAY_MS = 86_400_000;

/** The queue, faked at its binding: what the webhook and the cron send is kept here (or refused). */
const queue = { sent: [] as QueueMessage[], failing: false };
const fakeQueue = {
  async send(body: QueueMessage) {
    await fakeQueue.sendBatch([{ body }]);
  },
  async sendBatch(messages: { body: QueueMessage }[]) {
    if (queue.failing) throw new Error("Queue send failed: 503");
    queue.sent.push(...messages.map((message) => message.body));
  },
};

/** The Worker's environment with Stripe configured (the suite's own runs with billing off). */
const billed = {
  ...env,
  STRIPE_SECRET_KEY: "sk_test_brandwork",
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_PRICE_PRO_MONTHLY: PRICES.pro_monthly,
  STRIPE_PRICE_PRO_ANNUAL: PRICES.pro_annual,
  STRIPE_PRICE_TEAM: PRICES.team,
  PUBLISH_QUEUE: fakeQueue as unknown as Env["PUBLISH_QUEUE"],
} as Env;

beforeEach(() => {
  queue.sent = [];
  queue.failing = false;
});

type StripeEvent = { id: string; type: string; created: number; data: { object: Record<string, any> } }; // eslint-disable-line @typescript-eslint/no-explicit-any

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(++serial).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A workspace with an admin owner, and the Stripe ids its events will carry. */
async function billedWorkspace() {
  const { workspace, owner } = await buildWorkspace();
  const suffix = unique();
  return { workspace, owner, customer: `cus_${suffix}`, subscription: `sub_${suffix}`, invoice: `in_${suffix}` };
}
type World = Awaited<ReturnType<typeof billedWorkspace>>;

/** Seconds, an hour back: each event of a test is `at(n)`, in order of n. */
const base = Math.floor(Date.now() / 1000) - 3600;
const at = (n: number) => base + n;

/**
 * A checked-in fixture as Stripe would send it for `world`: its own event id, `created`, and the
 * world's workspace, customer, subscription and invoice ids; `patch` changes the object.
 */
function eventFor(fixture: object, world: Pick<World, "workspace" | "customer" | "subscription" | "invoice">, created: number, patch: (object: Record<string, any>) => void = () => {}): StripeEvent { // eslint-disable-line @typescript-eslint/no-explicit-any
  const text = JSON.stringify(fixture)
    .replaceAll("cus_TestBrandwork01", world.customer)
    .replaceAll("sub_1TestBrandwork01", world.subscription)
    .replaceAll("in_1TestBrandwork01", world.invoice)
    .replaceAll('"workspace_id":"0"', `"workspace_id":"${world.workspace.id}"`)
    .replaceAll('"client_reference_id":"0"', `"client_reference_id":"${world.workspace.id}"`);
  const event = JSON.parse(text) as StripeEvent;
  event.id = `${event.id}_${unique()}`;
  event.created = created;
  patch(event.data.object);
  return event;
}

/** The subscription object's one item: its price (one of our plans) and quantity. */
function item(price: string, quantity: number, periodEnd?: number) {
  return (object: Record<string, any>) => { // eslint-disable-line @typescript-eslint/no-explicit-any
    const first = object.items.data[0];
    first.price.id = price;
    first.plan.id = price;
    first.quantity = quantity;
    if (periodEnd) first.current_period_end = periodEnd;
  };
}

/** POSTs the event to the real Worker the way Stripe does: pretty JSON, signed with `secret` at `timestamp`. */
async function post(event: StripeEvent | string, options: { secret?: string; timestamp?: number; signature?: string | null; environment?: Env } = {}) {
  const payload = typeof event === "string" ? event : JSON.stringify(event, null, 2);
  const signature =
    options.signature !== undefined
      ? options.signature
      : await Stripe.webhooks.generateTestHeaderStringAsync({
          payload,
          secret: options.secret ?? SECRET,
          timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
          cryptoProvider: Stripe.createSubtleCryptoProvider(),
        });
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request("https://app.test/v1/webhooks/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8", "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)", ...(signature ? { "Stripe-Signature": signature } : {}) },
      body: payload,
    }) as Request<unknown, IncomingRequestCfProperties>,
    options.environment ?? billed,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** Runs what the webhook queued through the Worker's queue handler, as Cloudflare Queues would; returns the acks. */
async function drainQueue() {
  const messages = queue.sent.splice(0);
  if (messages.length === 0) return [];
  const batch = createMessageBatch("brandwork-publish", messages.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })));
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<QueueMessage>, billed, ctx);
  const result = await getQueueResult(batch, ctx);
  return result.explicitAcks;
}

/** Stripe delivers the events one after the other, and each is processed before the next arrives. */
async function deliver(...events: StripeEvent[]) {
  for (const event of events) {
    const response = await post(event);
    expect(response.status, `${event.type} answered`).toBe(200);
    await drainQueue();
  }
}

const account = async (workspace: Pick<Workspace, "id">) => (await db.select().from(billingAccounts).where(eq(billingAccounts.workspaceId, workspace.id)))[0];
const paying = async (workspace: Pick<Workspace, "id">) => (await db.select({ paying: workspaces.paying }).from(workspaces).where(eq(workspaces.id, workspace.id)))[0]!.paying;
const storedEvent = async (id: string) => (await db.select().from(stripeEvents).where(eq(stripeEvents.id, id)))[0];
const billingItems = (user: Pick<User, "id">, workspace: Pick<Workspace, "id">) =>
  db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.recipientId, user.id), eq(inboxItems.workspaceId, workspace.id), eq(inboxItems.type, "billing")));
const mailsTo = (user: Pick<User, "email">) => db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)).orderBy(desc(mailOutbox.id));

describe("POST /v1/webhooks/stripe", () => {
  it("answers 404 saying billing is not configured when the server has no Stripe keys", async () => {
    const world = await billedWorkspace();
    const event = eventFor(subscriptionCreated, world, at(1));
    const response = await post(event, { environment: env });
    expect(response.status).toBe(404);
    expect((await response.json<{ message: string }>()).message).toMatch(/Billing is not configured on this server/);
    expect(await storedEvent(event.id)).toBeUndefined();
  });

  it("refuses a forged signature with 400: nothing stored, queued or changed", async () => {
    const world = await billedWorkspace();
    const event = eventFor(subscriptionCreated, world, at(1), item(PRICES.team, 50));
    const forged = await post(event, { secret: "whsec_someone_else" });
    expect(forged.status).toBe(400);
    expect((await forged.json<{ message: string }>()).message).toMatch(/signature does not match/);
    const unsigned = await post(event, { signature: null });
    expect(unsigned.status).toBe(400);
    expect((await unsigned.json<{ message: string }>()).message).toMatch(/Stripe-Signature header is missing/);
    // A genuine signature over other bytes (the body changed in transit) is no better.
    const genuine = await Stripe.webhooks.generateTestHeaderStringAsync({ payload: "{}", secret: SECRET, cryptoProvider: Stripe.createSubtleCryptoProvider() });
    expect((await post(event, { signature: genuine })).status).toBe(400);

    expect(await storedEvent(event.id)).toBeUndefined();
    expect(queue.sent).toEqual([]);
    expect(await account(world.workspace)).toBeUndefined();
    expect(await paying(world.workspace)).toBe(false);
  });

  it("refuses a signature more than 5 minutes old with 400 (a replayed capture)", async () => {
    const world = await billedWorkspace();
    const event = eventFor(subscriptionCreated, world, at(1));
    const stale = await post(event, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(stale.status).toBe(400);
    expect((await stale.json<{ message: string }>()).message).toMatch(/more than 5 minutes old/);
    expect(await storedEvent(event.id)).toBeUndefined();
    // Four minutes is within the tolerance.
    expect((await post(event, { timestamp: Math.floor(Date.now() / 1000) - 4 * 60 })).status).toBe(200);
  });

  it("refuses a signed body that is not a Stripe event with 400", async () => {
    expect((await post("not json at all")).status).toBe(400);
    const response = await post(JSON.stringify({ hello: "world" }));
    expect(response.status).toBe(400);
    expect((await response.json<{ message: string }>()).message).toBe("The body is not a Stripe event");
  });

  it("stores a new event, queues it and answers 200 at once; a replay is acknowledged as a duplicate and processed once", async () => {
    const world = await billedWorkspace();
    const event = eventFor(subscriptionCreated, world, at(1), item(PRICES.pro_monthly, 2));

    const first = await post(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    expect(queue.sent).toEqual([{ kind: "stripe_event", eventId: event.id }]);
    const stored = await storedEvent(event.id);
    expect(stored).toMatchObject({ type: "customer.subscription.created", created: at(1), processedAt: null, attempts: 0 });
    expect(JSON.parse(stored!.payload).data.object.id).toBe(world.subscription);

    expect(await drainQueue()).toEqual(["m0"]);
    const processed = await storedEvent(event.id);
    expect(processed!.processedAt).not.toBeNull();
    expect(processed!.attempts).toBe(1);

    const replay = await post(event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(queue.sent).toEqual([]);
    expect(await storedEvent(event.id)).toEqual(processed);

    // The same message delivered twice by the queue changes nothing the second time.
    const before = await account(world.workspace);
    queue.sent.push({ kind: "stripe_event", eventId: event.id });
    expect(await drainQueue()).toEqual(["m0"]);
    expect(await storedEvent(event.id)).toEqual(processed);
    expect(await account(world.workspace)).toEqual(before);
  });

  it("answers 200 when the queue cannot take the event: it stays unprocessed for the cron to re-send", async () => {
    const world = await billedWorkspace();
    const event = eventFor(subscriptionCreated, world, at(1), item(PRICES.pro_monthly, 2));
    queue.failing = true;
    const response = await post(event);
    expect(response.status).toBe(200);
    expect(await storedEvent(event.id)).toMatchObject({ processedAt: null, attempts: 0 });
    expect(await account(world.workspace)).toBeUndefined();
  });
});

describe("a subscription's life, from Stripe's events", () => {
  it("trialing → active → past due (grace, then Free limits) → active → set to cancel → deleted: Free", async () => {
    const world = await billedWorkspace();
    const { workspace } = world;
    const trialEnd = Math.floor(Date.now() / 1000) + 10 * 86_400;

    await deliver(eventFor(checkoutCompleted, world, at(0)));
    expect(await account(workspace)).toMatchObject({ stripeCustomerId: world.customer, stripeSubscriptionId: null, status: "none" });
    expect(await paying(workspace)).toBe(false);

    await deliver(
      eventFor(subscriptionCreated, world, at(1), (object) => {
        item(PRICES.pro_monthly, 3, trialEnd)(object);
        object.trial_end = trialEnd;
      }),
    );
    expect(await account(workspace)).toMatchObject({
      stripeSubscriptionId: world.subscription,
      plan: "pro_monthly",
      status: "trialing",
      seats: 3,
      trialEndsAt: new Date(trialEnd * 1000),
      currentPeriodEnd: new Date(trialEnd * 1000),
      stateAt: at(1),
    });
    let entitlement = await entitlementOf(db, billed, workspace.id);
    expect(entitlement).toMatchObject({ status: "trialing", paying: true, plan: { id: "pro_monthly" } });
    expect(entitlement.limits.seats).toBe(3);
    expect(await paying(workspace)).toBe(true);

    // The customer starts paying early: Stripe's trial_end becomes the moment the trial really ended.
    const periodEnd = at(2) + 30 * 86_400;
    await deliver(
      eventFor(subscriptionUpdated, world, at(2), (object) => {
        item(PRICES.pro_monthly, 3, periodEnd)(object);
        object.trial_end = at(2);
      }),
    );
    expect(await account(workspace)).toMatchObject({ status: "active", currentPeriodEnd: new Date(periodEnd * 1000), trialEndsAt: new Date(at(2) * 1000), pastDueSince: null });
    expect(await entitlementOf(db, billed, workspace.id)).toMatchObject({ status: "active", paying: true });

    await deliver(eventFor(subscriptionUpdated, world, at(3), (object) => ((object.status = "past_due"), item(PRICES.pro_monthly, 3, periodEnd)(object))));
    expect(await account(workspace)).toMatchObject({ status: "past_due", pastDueSince: new Date(at(3) * 1000) });
    entitlement = await entitlementOf(db, billed, workspace.id);
    expect(entitlement).toMatchObject({ status: "past_due", paying: true, plan: { id: "pro_monthly" }, graceEndsAt: new Date(at(3) * 1000 + GRACE_DAYS * DAY_MS) });
    expect(await paying(workspace)).toBe(true);
    // Past the grace period the Free plan's limits apply (to what is added; nothing is removed).
    const afterGrace = await entitlementOf(db, billed, workspace.id, new Date(at(3) * 1000 + (GRACE_DAYS + 1) * DAY_MS));
    expect(afterGrace).toMatchObject({ status: "past_due", paying: false, plan: { id: "free" } });
    expect(afterGrace.limits).toEqual(plans.free.limits);
    // Stripe retries and says past_due again: the grace period still counts from the first failure.
    await deliver(eventFor(subscriptionUpdated, world, at(4), (object) => ((object.status = "past_due"), item(PRICES.pro_monthly, 3, periodEnd)(object))));
    expect((await account(workspace))!.pastDueSince).toEqual(new Date(at(3) * 1000));

    await deliver(eventFor(subscriptionUpdated, world, at(5), item(PRICES.pro_monthly, 3, periodEnd)));
    expect(await account(workspace)).toMatchObject({ status: "active", pastDueSince: null });
    expect(await entitlementOf(db, billed, workspace.id)).toMatchObject({ status: "active", paying: true, graceEndsAt: null });

    await deliver(eventFor(subscriptionUpdated, world, at(6), (object) => ((object.cancel_at_period_end = true), item(PRICES.pro_monthly, 3, periodEnd)(object))));
    expect(await account(workspace)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(await paying(workspace)).toBe(true);

    await deliver(eventFor(subscriptionDeleted, world, at(7), item(PRICES.pro_monthly, 3, periodEnd)));
    expect(await account(workspace)).toMatchObject({ status: "canceled", plan: "free", cancelAtPeriodEnd: false, stripeSubscriptionId: world.subscription });
    entitlement = await entitlementOf(db, billed, workspace.id);
    expect(entitlement).toMatchObject({ status: "canceled", paying: false, plan: { id: "free" } });
    expect(entitlement.limits).toEqual(plans.free.limits);
    expect(await paying(workspace)).toBe(false);
  });

  it("a plan change from monthly to annual and a change of seats arrive as updated events", async () => {
    const world = await billedWorkspace();
    await deliver(eventFor(subscriptionCreated, world, at(1), (object) => ((object.status = "active"), (object.trial_end = null), item(PRICES.pro_monthly, 2)(object))));
    expect(await account(world.workspace)).toMatchObject({ plan: "pro_monthly", seats: 2, status: "active" });

    const yearEnd = at(2) + 365 * 86_400;
    await deliver(eventFor(subscriptionUpdated, world, at(2), item(PRICES.pro_annual, 2, yearEnd)));
    expect(await account(world.workspace)).toMatchObject({ plan: "pro_annual", seats: 2, currentPeriodEnd: new Date(yearEnd * 1000) });

    await deliver(eventFor(subscriptionUpdated, world, at(3), item(PRICES.pro_annual, 7, yearEnd)));
    const entitlement = await entitlementOf(db, billed, world.workspace.id);
    expect(entitlement).toMatchObject({ plan: { id: "pro_annual" }, status: "active", paying: true });
    expect(entitlement.limits.seats).toBe(7);
  });

  it("events arriving out of order: updated@t2 then created@t1 leaves the t2 state", async () => {
    const world = await billedWorkspace();
    const later = eventFor(subscriptionUpdated, world, at(2), item(PRICES.team, 5));
    const earlier = eventFor(subscriptionCreated, world, at(1), (object) => ((object.trial_end = at(1) + 14 * 86_400), item(PRICES.pro_monthly, 1)(object)));
    await deliver(later, earlier);
    expect(await account(world.workspace)).toMatchObject({ plan: "team", seats: 5, status: "active", stateAt: at(2) });
    expect(await paying(world.workspace)).toBe(true);
    // Both were processed: the older one simply changed nothing.
    expect((await storedEvent(earlier.id))!.processedAt).not.toBeNull();
    // A created event of the same second is the earliest state of it, so it does not win a tie either.
    await deliver(eventFor(subscriptionCreated, world, at(2), item(PRICES.pro_monthly, 1)));
    expect(await account(world.workspace)).toMatchObject({ plan: "team", seats: 5, status: "active" });
  });

  it("a canceled subscription is not revived by a late updated event; a new subscription replaces it", async () => {
    const world = await billedWorkspace();
    await deliver(
      eventFor(subscriptionCreated, world, at(1), (object) => ((object.status = "active"), (object.trial_end = null), item(PRICES.pro_monthly, 2)(object))),
      eventFor(subscriptionDeleted, world, at(3), item(PRICES.pro_monthly, 2)),
    );
    expect(await account(world.workspace)).toMatchObject({ status: "canceled", plan: "free" });

    // An update of the same subscription (even one stamped later) cannot bring it back.
    await deliver(eventFor(subscriptionUpdated, world, at(2), item(PRICES.pro_monthly, 2)), eventFor(subscriptionUpdated, world, at(4), item(PRICES.pro_monthly, 2)));
    expect(await account(world.workspace)).toMatchObject({ status: "canceled", plan: "free", stripeSubscriptionId: world.subscription });
    expect(await paying(world.workspace)).toBe(false);

    const renewed = { ...world, subscription: `sub_new_${unique()}` };
    await deliver(eventFor(subscriptionCreated, renewed, at(5), (object) => ((object.status = "active"), (object.trial_end = null), item(PRICES.team, 4)(object))));
    expect(await account(world.workspace)).toMatchObject({ stripeSubscriptionId: renewed.subscription, status: "active", plan: "team", seats: 4 });
    expect(await paying(world.workspace)).toBe(true);

    // The old subscription's deletion, delivered again later, does not end the new one.
    await deliver(eventFor(subscriptionDeleted, world, at(6), item(PRICES.pro_monthly, 2)));
    expect(await account(world.workspace)).toMatchObject({ stripeSubscriptionId: renewed.subscription, status: "active", plan: "team" });
  });

  it("a price this server does not sell grants nothing: the event is kept with the reason", async () => {
    const world = await billedWorkspace();
    const event = eventFor(subscriptionCreated, world, at(1), item("price_someone_elses", 9));
    await deliver(event);
    expect(await account(world.workspace)).toBeUndefined();
    expect(await paying(world.workspace)).toBe(false);
    expect(await storedEvent(event.id)).toMatchObject({ processedAt: expect.any(Date), error: expect.stringMatching(/price_someone_elses.*not one of this server's plans/) });
  });

  it("an object not shaped as Stripe documents it is recorded with the reason, not retried", async () => {
    const world = await billedWorkspace();
    const event = eventFor(subscriptionCreated, world, at(1), (object) => delete object.items);
    await deliver(event);
    expect(await storedEvent(event.id)).toMatchObject({ processedAt: expect.any(Date), attempts: 1, error: expect.stringMatching(/not as expected.*items/s) });
    expect(await account(world.workspace)).toBeUndefined();
  });

  it("an event for a customer no workspace knows yet is retried, then applies once the checkout linked it", async () => {
    const world = await billedWorkspace();
    const orphan = eventFor(subscriptionCreated, world, at(2), (object) => ((object.metadata = {}), item(PRICES.pro_monthly, 2)(object)));
    await post(orphan);
    const [message] = queue.sent.splice(0);
    const batch = createMessageBatch("brandwork-publish", [{ id: "orphan", timestamp: new Date(), attempts: 1, body: message! }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<QueueMessage>, billed, ctx);
    expect((await getQueueResult(batch, ctx)).retryMessages).toEqual([expect.objectContaining({ msgId: "orphan" })]);
    expect(await storedEvent(orphan.id)).toMatchObject({ processedAt: null, attempts: 1, error: expect.stringMatching(/No workspace is linked/) });

    await deliver(eventFor(checkoutCompleted, world, at(1)));
    queue.sent.push(message!);
    await drainQueue();
    expect(await account(world.workspace)).toMatchObject({ stripeCustomerId: world.customer, status: "trialing", plan: "pro_monthly" });
  });
});

describe("invoices and cards", () => {
  it("keeps each invoice as its newest event describes it, for the billing page's list", async () => {
    const world = await billedWorkspace();
    const issued = (object: Record<string, any>) => (object.created = at(1)); // eslint-disable-line @typescript-eslint/no-explicit-any
    await deliver(eventFor(checkoutCompleted, world, at(0)), eventFor(invoiceFinalized, world, at(1), issued), eventFor(invoicePaid, world, at(2), issued));
    // The finalized event again, late: the invoice stays paid.
    await deliver(eventFor(invoiceFinalized, world, at(1), issued));
    const second = { ...world, invoice: `in_second_${unique()}` };
    await deliver(eventFor(invoiceFinalized, second, at(3), (object) => ((object.created = at(3)), (object.number = "BW-0002"))));

    const listed = await db.select().from(billingInvoices).where(eq(billingInvoices.workspaceId, world.workspace.id)).orderBy(desc(billingInvoices.issuedAt));
    expect(listed.map(({ id, number, status, amountDue, amountPaid }) => ({ id, number, status, amountDue, amountPaid }))).toEqual([
      { id: second.invoice, number: "BW-0002", status: "open", amountDue: 8700, amountPaid: 0 },
      { id: world.invoice, number: "BW-0001", status: "paid", amountDue: 8700, amountPaid: 8700 },
    ]);
    expect(listed[1]).toMatchObject({ currency: "usd", hostedInvoiceUrl: expect.stringMatching(/^https:\/\/invoice\.stripe\.com\//), invoicePdf: expect.stringMatching(/pdf/) });
  });

  it("stores the card from payment_method.attached and from customer.updated's default payment method", async () => {
    const world = await billedWorkspace();
    await deliver(eventFor(checkoutCompleted, world, at(0)), eventFor(paymentMethodAttached, world, at(1)));
    expect(await account(world.workspace)).toMatchObject({ cardBrand: "visa", cardLast4: "4242", cardExpMonth: 12, cardExpYear: 2030 });
    await deliver(
      eventFor(customerUpdated, world, at(2), (object) => {
        Object.assign(object.invoice_settings.default_payment_method.card, { brand: "mastercard", last4: "4444", exp_month: 3, exp_year: 2031 });
      }),
    );
    expect(await account(world.workspace)).toMatchObject({ cardBrand: "mastercard", cardLast4: "4444", cardExpMonth: 3, cardExpYear: 2031 });
  });
});

describe("billing notices", () => {
  /** A workspace with its billing owner, a second admin and a member. */
  async function team() {
    const world = await billedWorkspace();
    const otherAdmin = await buildUser();
    await addMember(world.workspace, otherAdmin, "admin");
    const member = await buildUser();
    await addMember(world.workspace, member, "member");
    return { ...world, otherAdmin, member };
  }

  it("a failed payment tells the billing owner once, in the inbox and by email: the grace end, and that nothing is deleted", async () => {
    const world = await team();
    await deliver(
      eventFor(checkoutCompleted, world, at(0)),
      eventFor(subscriptionCreated, world, at(1), (object) => ((object.status = "active"), (object.trial_end = null), item(PRICES.pro_monthly, 3)(object))),
    );
    await db.update(billingAccounts).set({ ownerId: world.owner.id }).where(eq(billingAccounts.workspaceId, world.workspace.id));

    await deliver(eventFor(invoicePaymentFailed, world, at(2)));
    const graceEnd = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(at(2) * 1000 + GRACE_DAYS * DAY_MS));
    expect(await account(world.workspace)).toMatchObject({ pastDueSince: new Date(at(2) * 1000), status: "active" });
    const [notice] = await billingItems(world.owner, world.workspace);
    expect(notice).toMatchObject({ type: "billing", event: "payment_failed", actorId: null, emailStatus: "sent" });
    expect(notice!.data.summary).toBe(`A payment of $87.00 failed: update your card by ${graceEnd}`);
    const [mail] = await mailsTo(world.owner);
    expect(mail).toMatchObject({ kind: "billing_payment_failed", subject: notice!.data.summary });
    expect(mail!.text).toContain("nothing is deleted");
    expect(mail!.text).toContain(`/workspaces/${world.workspace.id}/billing`);
    expect(mail!.html).toContain("Update your card");
    // Only the owner hears: not the other admin, not a member.
    expect(await billingItems(world.otherAdmin, world.workspace)).toHaveLength(0);
    expect(await billingItems(world.member, world.workspace)).toHaveLength(0);

    // Stripe's retry fails again (another event, the same invoice), then the subscription turns past_due: still one notice.
    await deliver(eventFor(invoicePaymentFailed, world, at(3)), eventFor(subscriptionUpdated, world, at(4), (object) => ((object.status = "past_due"), item(PRICES.pro_monthly, 3)(object))));
    expect(await billingItems(world.owner, world.workspace)).toHaveLength(1);
    expect(await mailsTo(world.owner)).toHaveLength(1);
    expect(await account(world.workspace)).toMatchObject({ status: "past_due", pastDueSince: new Date(at(2) * 1000) });
  });

  it("a failed payment that a retry pays before the subscription turns past due starts no grace period for later", async () => {
    const world = await team();
    await deliver(
      eventFor(checkoutCompleted, world, at(0)),
      eventFor(subscriptionCreated, world, at(1), (object) => ((object.status = "active"), (object.trial_end = null), item(PRICES.pro_monthly, 3)(object))),
      eventFor(invoicePaymentFailed, world, at(2)),
    );
    expect((await account(world.workspace))!.pastDueSince).toEqual(new Date(at(2) * 1000));
    await deliver(eventFor(invoicePaid, world, at(3)));
    expect(await account(world.workspace)).toMatchObject({ status: "active", pastDueSince: null });
    // Months later a renewal fails: its grace period counts from then, not from the old failure.
    await deliver(eventFor(subscriptionUpdated, world, at(9), (object) => ((object.status = "past_due"), item(PRICES.pro_monthly, 3)(object))));
    expect((await account(world.workspace))!.pastDueSince).toEqual(new Date(at(9) * 1000));
  });

  it("trial_will_end tells every admin when nobody owns billing (or the owner is no longer an admin), once per trial end", async () => {
    const world = await team();
    await deliver(eventFor(checkoutCompleted, world, at(0)));
    // The owner who subscribed was made a member since: the admins hear instead.
    await db.update(billingAccounts).set({ ownerId: world.member.id }).where(eq(billingAccounts.workspaceId, world.workspace.id));
    const trialEnd = at(0) + 3 * 86_400;
    const warning = () => eventFor(trialWillEnd, world, at(1), (object) => ((object.trial_end = trialEnd), item(PRICES.pro_monthly, 3)(object)));
    await deliver(warning(), warning());

    const when = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(trialEnd * 1000));
    for (const admin of [world.owner, world.otherAdmin]) {
      const items = await billingItems(admin, world.workspace);
      expect(items).toHaveLength(1);
      expect(items[0]!.data.summary).toBe(`Your Pro trial ends on ${when}`);
      expect(await mailsTo(admin)).toHaveLength(1);
    }
    expect(await billingItems(world.member, world.workspace)).toHaveLength(0);
  });

  it("customer.source.expiring tells of the card once", async () => {
    const world = await team();
    await deliver(eventFor(checkoutCompleted, world, at(0)), eventFor(sourceExpiring, world, at(1)), eventFor(sourceExpiring, world, at(2)));
    const items = await billingItems(world.owner, world.workspace);
    expect(items.map((item) => item.data.summary)).toEqual(["The Visa card ending 4242 expires at the end of December 2026"]);
  });
});

describe("the billing cron", () => {
  const runBillingCron = (now = new Date()) => cronTasks.find((task) => task.name === "billing")!.run(db, now, billed);
  const noticesOf = (workspace: Pick<Workspace, "id">) => db.select().from(billingNotices).where(eq(billingNotices.workspaceId, workspace.id));

  it("does nothing while billing is not configured", async () => {
    const world = await billedWorkspace();
    await db.insert(billingAccounts).values({ workspaceId: world.workspace.id, trialStartedAt: new Date(Date.now() - 12 * DAY_MS), trialEndsAt: new Date(Date.now() + DAY_MS) });
    await cronTasks.find((task) => task.name === "billing")!.run(db, new Date(), env);
    expect(await noticesOf(world.workspace)).toHaveLength(0);
  });

  it("re-sends an event the queue never took, five minutes on, and it is processed", async () => {
    const world = await billedWorkspace();
    const event = eventFor(subscriptionCreated, world, at(1), (object) => ((object.status = "active"), item(PRICES.pro_monthly, 2)(object)));
    queue.failing = true;
    expect((await post(event)).status).toBe(200);
    queue.failing = false;

    await runBillingCron();
    expect(queue.sent.filter((message) => message.kind === "stripe_event" && message.eventId === event.id)).toHaveLength(0);

    await db.update(stripeEvents).set({ receivedAt: new Date(Date.now() - 6 * 60 * 1000) }).where(eq(stripeEvents.id, event.id));
    await runBillingCron();
    expect(queue.sent).toContainEqual({ kind: "stripe_event", eventId: event.id });
    queue.sent = queue.sent.filter((message) => message.kind === "stripe_event" && message.eventId === event.id);
    await drainQueue();
    expect(await account(world.workspace)).toMatchObject({ status: "active", plan: "pro_monthly", seats: 2 });
    expect((await storedEvent(event.id))!.processedAt).not.toBeNull();

    // Processed: the next run leaves it alone.
    await runBillingCron();
    expect(queue.sent.filter((message) => message.kind === "stripe_event" && message.eventId === event.id)).toHaveLength(0);
  });

  it("tells of our own trial ending within 3 days, once", async () => {
    const world = await billedWorkspace();
    const endsAt = new Date(Date.now() + 2 * DAY_MS);
    await db.insert(billingAccounts).values({ workspaceId: world.workspace.id, trialStartedAt: new Date(endsAt.getTime() - 14 * DAY_MS), trialEndsAt: endsAt, ownerId: world.owner.id });
    await runBillingCron();
    await runBillingCron();
    const items = await billingItems(world.owner, world.workspace);
    expect(items).toHaveLength(1);
    expect(items[0]!.data.summary).toMatch(/^Your Pro trial ends on /);
    const [mail] = await mailsTo(world.owner);
    expect(mail).toMatchObject({ kind: "billing_trial_ending" });
    expect(mail!.text).toContain("nothing is deleted");
  });

  it("does not tell of a trial ending more than 3 days away", async () => {
    const world = await billedWorkspace();
    await db.insert(billingAccounts).values({ workspaceId: world.workspace.id, trialStartedAt: new Date(), trialEndsAt: new Date(Date.now() + 10 * DAY_MS) });
    await runBillingCron();
    expect(await billingItems(world.owner, world.workspace)).toHaveLength(0);
  });

  it("when the grace period ends: Free limits now apply, nothing was deleted; paying is cleared; once", async () => {
    const world = await billedWorkspace();
    const since = new Date(Date.now() - (GRACE_DAYS + 1) * DAY_MS);
    await db.insert(billingAccounts).values({ workspaceId: world.workspace.id, stripeCustomerId: world.customer, stripeSubscriptionId: world.subscription, plan: "pro_monthly", status: "past_due", seats: 3, pastDueSince: since });
    await db.update(workspaces).set({ paying: true }).where(eq(workspaces.id, world.workspace.id));
    await runBillingCron();
    await runBillingCron();
    expect(await paying(world.workspace)).toBe(false);
    const items = await billingItems(world.owner, world.workspace);
    expect(items.map((item) => item.event)).toEqual(["grace_ended"]);
    expect(items[0]!.data.summary).toMatch(/Free limits now apply/);
    const [mail] = await mailsTo(world.owner);
    expect(mail!.text).toContain("Nothing was deleted");
    expect(mail!.text).toMatch(/update.*card|Update your card/i);
  });

  it("tells of the stored card expiring at the end of this month or next, once per card month", async () => {
    const now = new Date();
    const world = await billedWorkspace();
    const later = await billedWorkspace();
    const card = { cardBrand: "visa", cardLast4: "1881", cardExpMonth: now.getUTCMonth() + 1, cardExpYear: now.getUTCFullYear() };
    await db.insert(billingAccounts).values({ workspaceId: world.workspace.id, stripeSubscriptionId: world.subscription, plan: "pro_monthly", status: "active", ...card });
    await db.insert(billingAccounts).values({ workspaceId: later.workspace.id, stripeSubscriptionId: later.subscription, plan: "pro_monthly", status: "active", ...card, cardExpYear: now.getUTCFullYear() + 1 });
    await runBillingCron(now);
    await runBillingCron(now);
    const key = `${card.cardExpYear}-${String(card.cardExpMonth).padStart(2, "0")}`;
    expect((await noticesOf(world.workspace)).map(({ kind, key }) => ({ kind, key }))).toEqual([{ kind: "card_expiring", key }]);
    expect((await billingItems(world.owner, world.workspace))[0]!.data.summary).toMatch(/^The Visa card ending 1881 expires at the end of /);
    expect(await noticesOf(later.workspace)).toHaveLength(0);
  });
});
