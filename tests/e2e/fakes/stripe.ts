import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import Stripe from "stripe";
import { plans, type PaidPlanId } from "../../../core/billing/plans";
import { escapeHtml, readBody } from "./http";

/**
 * A local stand-in for Stripe's API and its hosted pages, so the end-to-end suite runs the
 * whole Payment flow in Chromium: the calls the Worker's billing makes (customers, Checkout
 * and portal sessions, subscription retrieve and update, invoice previews), answered with
 * Stripe-shaped JSON from Stripe's form-encoded requests; a Checkout page with a card form
 * whose "Pay" creates the subscription, sends the signed webhook events Stripe would
 * (checkout.session.completed, customer.subscription.created, payment_method.attached,
 * invoice.paid) to the app's /v1/webhooks/stripe and goes back to success_url; a portal page
 * that updates the card; and subscription updates that send customer.subscription.updated.
 * It refuses what Stripe refuses (a wrong key, an unknown price or object). `GET /__fake/events`
 * lists what was sent.
 */

export const FAKE_STRIPE = {
  secretKey: "sk_test_fake_e2e",
  webhookSecret: "whsec_fake_e2e_signing_secret",
  prices: { pro_monthly: "price_fake_pro_monthly", pro_annual: "price_fake_pro_annual", team: "price_fake_team" } satisfies Record<PaidPlanId, string>,
};

type Json = Record<string, unknown>;

interface Item {
  id: string;
  price: string;
  quantity: number;
  periodStart: number;
  periodEnd: number;
}

interface Subscription {
  id: string;
  customer: string;
  status: "trialing" | "active" | "past_due" | "canceled";
  cancelAtPeriodEnd: boolean;
  trialEnd: number | null;
  metadata: Record<string, string>;
  created: number;
  item: Item;
  paymentMethod: string | null;
}

interface Session {
  id: string;
  customer: string;
  clientReferenceId: string | null;
  price: string;
  quantity: number;
  subscriptionMetadata: Record<string, string>;
  trialEnd: number | null;
  successUrl: string;
  cancelUrl: string;
  status: "open" | "complete";
  subscription: string | null;
}

interface Card {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** Stripe's form encoding (`items[0][price]=…`, `metadata[workspace_id]=3`) read back into objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Json | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? "");
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else node = (container[part] ??= nextIsIndex ? [] : {}) as Json;
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_fake${randomBytes(9).toString("hex")}`;
const seconds = () => Math.floor(Date.now() / 1000);

/** The end of one billing interval after `start` (calendar months and years, as Stripe counts them). */
function periodEnd(start: number, interval: "month" | "year") {
  const date = new Date(start * 1000);
  if (interval === "year") date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (at: number) => new Date(at * 1000).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** A card number's brand as Stripe names it, from its first digits. */
function brandOf(number: string) {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  return "unknown";
}

export interface FakeStripe {
  url: string;
  server: Server;
  /** Where the app is, so the fake knows where to send webhook events. */
  setAppUrl(url: string): void;
  /** The environment that points the Worker's billing at this fake. */
  vars: Record<string, string>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  let appUrl: string | null = null;
  let selfUrl = "";
  const customers = new Map<string, Json & { id: string; default_payment_method: string | null }>();
  const idempotent = new Map<string, Json>();
  const sessions = new Map<string, Session>();
  const subscriptions = new Map<string, Subscription>();
  const paymentMethods = new Map<string, { id: string; customer: string; card: Card }>();
  const portalSessions = new Map<string, { id: string; customer: string; returnUrl: string; flow: string | null }>();
  const sent: { id: string; type: string; status: number }[] = [];
  let lastCreated = 0;

  const planOfPrice = (price: string) => {
    const found = (Object.entries(FAKE_STRIPE.prices) as [PaidPlanId, string][]).find(([, id]) => id === price);
    return found ? plans[found[0]] : null;
  };

  const presentPrice = (price: string) => {
    const plan = planOfPrice(price)!;
    return { id: price, object: "price", active: true, currency: "usd", unit_amount: plan.seatPriceCents, recurring: { interval: plan.interval, interval_count: 1 }, product: `prod_fake_${plan.id}` };
  };

  const presentSubscription = (sub: Subscription) => ({
    id: sub.id,
    object: "subscription",
    customer: sub.customer,
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    cancel_at: sub.cancelAtPeriodEnd ? sub.item.periodEnd : null,
    canceled_at: null,
    trial_end: sub.trialEnd,
    created: sub.created,
    currency: "usd",
    livemode: false,
    metadata: sub.metadata,
    default_payment_method: sub.paymentMethod,
    items: {
      object: "list",
      has_more: false,
      url: `/v1/subscription_items?subscription=${sub.id}`,
      data: [
        {
          id: sub.item.id,
          object: "subscription_item",
          subscription: sub.id,
          price: presentPrice(sub.item.price),
          quantity: sub.item.quantity,
          current_period_start: sub.item.periodStart,
          current_period_end: sub.item.periodEnd,
        },
      ],
    },
  });

  const presentPaymentMethod = (pm: { id: string; customer: string; card: Card }) => ({ id: pm.id, object: "payment_method", type: "card", customer: pm.customer, card: pm.card });

  /** An invoice as Stripe sends it in events; its subscription is its parent's. */
  const invoiceFor = (sub: Subscription, amount: number, lines: Json[]) => {
    const created = seconds();
    const id = newId("in");
    return {
      id,
      object: "invoice",
      customer: sub.customer,
      number: `FAKE-${String(sent.length + 1).padStart(4, "0")}`,
      status: "paid",
      amount_due: amount,
      amount_paid: amount,
      total: amount,
      currency: "usd",
      created,
      hosted_invoice_url: `${selfUrl}/i/${id}`,
      invoice_pdf: `${selfUrl}/i/${id}/pdf`,
      metadata: {},
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: { object: "list", has_more: false, data: lines },
    };
  };

  /** Signs and sends one event to the app, as Stripe does (retrying a refused delivery a few times). */
  async function sendEvent(type: string, object: Json, previousAttributes?: Json) {
    if (!appUrl) throw new Error("The fake Stripe does not know the app's URL yet (setAppUrl)");
    // Each event strictly after the last: the app orders subscription events by `created`.
    lastCreated = Math.max(seconds(), lastCreated + 1);
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: lastCreated,
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    };
    const payload = JSON.stringify(event);
    let status = 0;
    for (let attempt = 0; attempt < 3 && !(status >= 200 && status < 300); attempt++) {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE.webhookSecret });
      try {
        const response = await fetch(`${appUrl}/v1/webhooks/stripe`, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body: payload });
        status = response.status;
        await response.body?.cancel();
      } catch {
        status = 0;
      }
      if (!(status >= 200 && status < 300)) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    sent.push({ id: event.id, type, status });
  }

  function lineOf(sub: Subscription, amount: number, description: string, period: { start: number; end: number }, proration: boolean) {
    return {
      id: newId("il"),
      object: "line_item",
      amount,
      currency: "usd",
      description,
      quantity: sub.item.quantity,
      period,
      parent: { type: "subscription_item_details", subscription_item_details: { subscription: sub.id, subscription_item: sub.item.id, proration, invoice_item: null } },
    };
  }

  /**
   * What moving `sub` to `price` × `quantity` at `at` charges at once (proration_behavior
   * always_invoice): the unused time of the old item credited, and either the rest of the
   * period on the new one or, for a new interval, a whole new period from now.
   */
  function prorate(sub: Subscription, price: string, quantity: number, at: number) {
    const oldPlan = planOfPrice(sub.item.price)!;
    const newPlan = planOfPrice(price)!;
    const { periodStart, periodEnd: end } = sub.item;
    if (sub.status === "trialing") {
      // In a trial nothing is charged now: the new price starts when the trial ends.
      const line = { ...lineOf(sub, 0, `Trial period for ${newPlan.name}`, { start: at, end }, false), quantity };
      return { lines: [line] as Json[], total: 0, nextPeriod: { start: periodStart, end } };
    }
    const share = Math.max(0, Math.min(1, (end - at) / Math.max(1, end - periodStart)));
    const lines: Json[] = [];
    const credit = -Math.round(oldPlan.seatPriceCents * sub.item.quantity * share);
    lines.push(lineOf(sub, credit, `Unused time on ${sub.item.quantity} × ${oldPlan.name} after ${day(at)}`, { start: at, end }, true));
    const newInterval = oldPlan.interval !== newPlan.interval;
    let nextPeriod = { start: periodStart, end };
    if (newInterval) {
      nextPeriod = { start: at, end: periodEnd(at, newPlan.interval!) };
      const amount = newPlan.seatPriceCents * quantity;
      lines.push({ ...lineOf(sub, amount, `${quantity} × ${newPlan.name} (at ${money(newPlan.seatPriceCents)} / ${newPlan.interval})`, nextPeriod, false), quantity });
    } else {
      const amount = Math.round(newPlan.seatPriceCents * quantity * share);
      lines.push({ ...lineOf(sub, amount, `Remaining time on ${quantity} × ${newPlan.name} after ${day(at)}`, { start: at, end }, true), quantity });
    }
    const total = lines.reduce((sum, line) => sum + (line.amount as number), 0);
    return { lines, total, nextPeriod };
  }

  function checkoutPage(session: Session, problem?: string) {
    const plan = planOfPrice(session.price)!;
    const total = plan.seatPriceCents * session.quantity;
    const trial = session.trialEnd ? `<p>Free until ${escapeHtml(day(session.trialEnd))}; then ${escapeHtml(money(total))} per ${plan.interval}.</p>` : `<p>${escapeHtml(money(total))} per ${plan.interval}</p>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Checkout · Stripe (fake)</title></head><body><main>
      <h1>Subscribe to ${escapeHtml(plan.name)}</h1>
      <p>${session.quantity} × ${escapeHtml(plan.name)} at ${escapeHtml(money(plan.seatPriceCents))} per seat</p>
      ${trial}
      ${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ""}
      <form method="post">
        <label>Card number <input name="card_number" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242"></label>
        <label>Expiry (MM/YY) <input name="expiry" autocomplete="cc-exp" value="12/30"></label>
        <label>CVC <input name="cvc" inputmode="numeric" autocomplete="cc-csc" value="123"></label>
        <label>Name on card <input name="name" autocomplete="cc-name" value=""></label>
        <button type="submit">Pay</button>
      </form>
      <p><a href="${escapeHtml(session.cancelUrl)}">Back</a></p>
    </main></body></html>`;
  }

  /** Reads the card form; a number that is not 16 digits, or a past expiry, is refused as Stripe's form refuses it. */
  function cardFrom(form: URLSearchParams): Card | string {
    const number = (form.get("card_number") ?? "").replace(/\s+/g, "");
    const [month, year] = (form.get("expiry") ?? "").split("/").map((part) => Number(part.trim()));
    if (!/^\d{15,16}$/.test(number)) return "Your card number is incomplete.";
    if (!month || !year || month > 12) return "Your card's expiration date is incomplete.";
    return { brand: brandOf(number), last4: number.slice(-4), exp_month: month, exp_year: year < 100 ? 2000 + year : year };
  }

  async function pay(session: Session, card: Card) {
    const now = seconds();
    const pm = { id: newId("pm"), customer: session.customer, card };
    paymentMethods.set(pm.id, pm);
    customers.get(session.customer)!.default_payment_method = pm.id;
    const plan = planOfPrice(session.price)!;
    const trialing = session.trialEnd !== null && session.trialEnd > now;
    const start = now;
    const sub: Subscription = {
      id: newId("sub"),
      customer: session.customer,
      status: trialing ? "trialing" : "active",
      cancelAtPeriodEnd: false,
      trialEnd: trialing ? session.trialEnd : null,
      metadata: session.subscriptionMetadata,
      created: now,
      item: { id: newId("si"), price: session.price, quantity: session.quantity, periodStart: start, periodEnd: trialing ? session.trialEnd! : periodEnd(start, plan.interval!) },
      paymentMethod: pm.id,
    };
    subscriptions.set(sub.id, sub);
    session.status = "complete";
    session.subscription = sub.id;
    const amount = trialing ? 0 : plan.seatPriceCents * session.quantity;
    const invoice = invoiceFor(sub, amount, [lineOf(sub, amount, `${session.quantity} × ${plan.name}`, { start, end: sub.item.periodEnd }, false)]);
    await sendEvent("checkout.session.completed", {
      id: session.id,
      object: "checkout.session",
      mode: "subscription",
      status: "complete",
      payment_status: trialing ? "no_payment_required" : "paid",
      customer: session.customer,
      subscription: sub.id,
      client_reference_id: session.clientReferenceId,
      metadata: {},
    });
    await sendEvent("customer.subscription.created", presentSubscription(sub));
    await sendEvent("payment_method.attached", presentPaymentMethod(pm));
    await sendEvent("invoice.paid", invoice);
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const html = (status: number, body: string) => {
      response.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
      response.end(body);
    };
    const redirect = (location: string) => {
      response.writeHead(303, { Location: location });
      response.end();
    };
    const stripeError = (status: number, message: string, param?: string) => json(status, { error: { type: "invalid_request_error", message, ...(param ? { param } : {}) } });

    try {
      // The hosted pages (a browser), then the API (the Worker, with the secret key).
      const checkout = url.pathname.match(/^\/c\/pay\/([\w]+)$/);
      if (checkout) {
        const session = sessions.get(checkout[1]!);
        if (!session) return html(404, "<!doctype html><title>Not found</title><p>This Checkout session does not exist.</p>");
        if (session.status === "complete") return redirect(session.successUrl);
        if (request.method === "GET") return html(200, checkoutPage(session));
        const card = cardFrom(new URLSearchParams(await readBody(request)));
        if (typeof card === "string") return html(400, checkoutPage(session, card));
        await pay(session, card);
        return redirect(session.successUrl);
      }
      const portal = url.pathname.match(/^\/p\/session\/([\w]+)$/);
      if (portal) {
        const session = portalSessions.get(portal[1]!);
        if (!session) return html(404, "<!doctype html><title>Not found</title><p>This portal session has expired.</p>");
        if (request.method === "POST") {
          const card = cardFrom(new URLSearchParams(await readBody(request)));
          if (typeof card === "string") return html(400, `<!doctype html><title>Update card</title><p role="alert">${escapeHtml(card)}</p><a href="">Try again</a>`);
          const pm = { id: newId("pm"), customer: session.customer, card };
          paymentMethods.set(pm.id, pm);
          const customer = customers.get(session.customer)!;
          customer.default_payment_method = pm.id;
          for (const sub of subscriptions.values()) if (sub.customer === session.customer) sub.paymentMethod = pm.id;
          await sendEvent("payment_method.attached", presentPaymentMethod(pm));
          await sendEvent("customer.updated", { id: customer.id, object: "customer", metadata: customer.metadata ?? {}, invoice_settings: { default_payment_method: presentPaymentMethod(pm) } });
          return redirect(session.returnUrl);
        }
        return html(
          200,
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Billing portal · Stripe (fake)</title></head><body><main>
          <h1>Update your payment method</h1>
          <form method="post">
            <label>Card number <input name="card_number" value="5555 5555 5555 4444"></label>
            <label>Expiry (MM/YY) <input name="expiry" value="11/31"></label>
            <button type="submit">Save card</button>
          </form>
          <p><a href="${escapeHtml(session.returnUrl)}">Return to Brandwork</a></p></main></body></html>`,
        );
      }
      if (request.method === "GET" && url.pathname === "/__fake/events") return json(200, sent);
      if (url.pathname.startsWith("/i/")) return html(200, "<!doctype html><title>Invoice</title><p>Invoice (fake).</p>");

      if (!url.pathname.startsWith("/v1/")) return stripeError(404, `Unrecognized request URL (${request.method}: ${url.pathname}).`);
      if (request.headers.authorization !== `Bearer ${FAKE_STRIPE.secretKey}`) {
        return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
      }
      const params = request.method === "POST" ? parseStripeForm(await readBody(request)) : parseStripeForm(url.search.slice(1));
      const key = request.headers["idempotency-key"];
      const remembered = typeof key === "string" ? idempotent.get(key) : undefined;
      if (remembered) return json(200, remembered);
      const answer = (body: Json) => {
        if (typeof key === "string") idempotent.set(key, body);
        json(200, body);
      };

      if (request.method === "POST" && url.pathname === "/v1/customers") {
        const customer = { id: newId("cus"), object: "customer", email: params.email ?? null, name: params.name ?? null, metadata: params.metadata ?? {}, default_payment_method: null, created: seconds() };
        customers.set(customer.id, customer);
        return answer(customer);
      }

      if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const item = (params.line_items as Json[] | undefined)?.[0];
        const price = String(item?.price ?? "");
        if (!planOfPrice(price)) return stripeError(400, `No such price: '${price}'`, "line_items[0][price]");
        const customer = String(params.customer ?? "");
        if (!customers.has(customer)) return stripeError(400, `No such customer: '${customer}'`, "customer");
        if (params.mode !== "subscription") return stripeError(400, "This fake only sells subscriptions.", "mode");
        const data = (params.subscription_data ?? {}) as Json;
        const trialEnd = data.trial_end ? Number(data.trial_end) : null;
        if (trialEnd !== null && trialEnd < seconds() + 48 * 3600) return stripeError(400, "trial_end must be at least 48 hours in the future.", "subscription_data[trial_end]");
        const session: Session = {
          id: newId("cs_test"),
          customer,
          clientReferenceId: (params.client_reference_id as string | undefined) ?? null,
          price,
          quantity: Number(item?.quantity ?? 1),
          subscriptionMetadata: (data.metadata as Record<string, string> | undefined) ?? {},
          trialEnd,
          successUrl: String(params.success_url),
          cancelUrl: String(params.cancel_url),
          status: "open",
          subscription: null,
        };
        sessions.set(session.id, session);
        return answer({ id: session.id, object: "checkout.session", mode: "subscription", status: "open", customer, client_reference_id: session.clientReferenceId, url: `${selfUrl}/c/pay/${session.id}`, success_url: session.successUrl, cancel_url: session.cancelUrl });
      }

      if (request.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
        const customer = String(params.customer ?? "");
        if (!customers.has(customer)) return stripeError(400, `No such customer: '${customer}'`, "customer");
        const session = { id: newId("bps"), customer, returnUrl: String(params.return_url ?? ""), flow: ((params.flow_data as Json | undefined)?.type as string | undefined) ?? null };
        portalSessions.set(session.id, session);
        return answer({ id: session.id, object: "billing_portal.session", customer, return_url: session.returnUrl, url: `${selfUrl}/p/session/${session.id}`, flow: session.flow ? { type: session.flow } : null });
      }

      const subscriptionPath = url.pathname.match(/^\/v1\/subscriptions\/([\w]+)$/);
      if (subscriptionPath) {
        const sub = subscriptions.get(subscriptionPath[1]!);
        if (!sub) return stripeError(404, `No such subscription: '${subscriptionPath[1]}'`, "id");
        if (request.method === "GET") return answer(presentSubscription(sub));
        const before = presentSubscription(sub);
        if (params.cancel_at_period_end !== undefined) sub.cancelAtPeriodEnd = params.cancel_at_period_end === "true";
        const change = (params.items as Json[] | undefined)?.[0];
        if (change) {
          if (change.id !== sub.item.id) return stripeError(400, `Invalid subscription item: '${String(change.id)}'`, "items[0][id]");
          const price = String(change.price ?? sub.item.price);
          if (!planOfPrice(price)) return stripeError(400, `No such price: '${price}'`, "items[0][price]");
          const quantity = Number(change.quantity ?? sub.item.quantity);
          const at = Number(params.proration_date ?? seconds());
          const { lines, total, nextPeriod } = prorate(sub, price, quantity, at);
          sub.item = { ...sub.item, price, quantity, periodStart: nextPeriod.start, periodEnd: nextPeriod.end };
          await sendEvent("customer.subscription.updated", presentSubscription(sub), { items: before.items });
          if (params.proration_behavior === "always_invoice") await sendEvent("invoice.paid", invoiceFor(sub, Math.max(0, total), lines));
        } else {
          await sendEvent("customer.subscription.updated", presentSubscription(sub), { cancel_at_period_end: before.cancel_at_period_end });
        }
        return answer(presentSubscription(sub));
      }

      if (request.method === "POST" && url.pathname === "/v1/invoices/create_preview") {
        const sub = subscriptions.get(String(params.subscription ?? ""));
        if (!sub) return stripeError(400, `No such subscription: '${String(params.subscription)}'`, "subscription");
        const details = (params.subscription_details ?? {}) as Json;
        const change = (details.items as Json[] | undefined)?.[0] ?? {};
        const price = String(change.price ?? sub.item.price);
        if (!planOfPrice(price)) return stripeError(400, `No such price: '${price}'`, "subscription_details[items][0][price]");
        const quantity = Number(change.quantity ?? sub.item.quantity);
        const at = Number(details.proration_date ?? seconds());
        const { lines, total } = prorate(sub, price, quantity, at);
        return answer({
          id: `upcoming_${sub.id}`,
          object: "invoice",
          customer: sub.customer,
          currency: "usd",
          status: "draft",
          total,
          subtotal: total,
          amount_due: Math.max(0, total),
          amount_paid: 0,
          created: seconds(),
          lines: { object: "list", has_more: false, url: "/v1/invoices/upcoming/lines", data: lines },
          parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
        });
      }

      return stripeError(404, `Unrecognized request URL (${request.method}: ${url.pathname}).`);
    } catch (error) {
      json(500, { error: { type: "api_error", message: String(error) } });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("The fake Stripe server did not get a port");
  selfUrl = `http://127.0.0.1:${address.port}`;
  return {
    url: selfUrl,
    server,
    setAppUrl: (url) => {
      appUrl = url;
    },
    vars: {
      STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
      STRIPE_PRICE_PRO_MONTHLY: FAKE_STRIPE.prices.pro_monthly,
      STRIPE_PRICE_PRO_ANNUAL: FAKE_STRIPE.prices.pro_annual,
      STRIPE_PRICE_TEAM: FAKE_STRIPE.prices.team,
      STRIPE_API_BASE: selfUrl,
    },
  };
}
