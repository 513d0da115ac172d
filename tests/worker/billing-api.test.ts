import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TRIAL_DAYS } from "../../core/billing/plans";
import { billingOut, invoiceOut, planOut, previewOut } from "../../core/contracts/billing";
import { billingAccounts, billingInvoices, users, workspaces, type BillingAccount, type Workspace } from "../../worker/db/schema";
import { AUTH_COOKIE_NAME, authStateFor, encodeAuthState } from "../../app/lib/auth-cookie";
import worker from "../../worker/index";
import { createWorkspaceKey } from "../../worker/services/api-keys/keys";
import { BILLING_NOT_CONFIGURED } from "../../worker/services/billing/stripe-client";
import { addMember, buildMember, buildUser, buildWorkspace, db, tokenFor } from "../factories";

const ORIGIN = "https://app.test";
const PRICES = { pro_monthly: "price_pro_monthly", pro_annual: "price_pro_annual", team: "price_team" };
const configured: Env = {
  ...env,
  STRIPE_SECRET_KEY: "sk_test_billing",
  STRIPE_WEBHOOK_SECRET: "whsec_test",
  STRIPE_PRICE_PRO_MONTHLY: PRICES.pro_monthly,
  STRIPE_PRICE_PRO_ANNUAL: PRICES.pro_annual,
  STRIPE_PRICE_TEAM: PRICES.team,
};

const DAY_MS = 24 * 60 * 60 * 1000;
let sequence = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++sequence).toString(36)}`;

interface StripeCall {
  method: string;
  path: string;
  /** The form Stripe's client sent (the body of a POST, the query of a GET). */
  form: URLSearchParams;
  idempotencyKey: string | null;
}

/**
 * Stripe's API, answered locally with Stripe-shaped JSON: the endpoints the billing API calls.
 * A subscription is `sub_*` with one item on `subscription.price` and `quantity`.
 */
function fakeStripe(subscription: { price: string; quantity: number; periodEnd?: number } = { price: PRICES.pro_monthly, quantity: 3 }) {
  const calls: StripeCall[] = [];
  const periodEnd = subscription.periodEnd ?? Math.floor((Date.now() + 20 * DAY_MS) / 1000);
  const subscriptionJson = (id: string, customer = "cus_fake") => ({
    id,
    object: "subscription",
    customer,
    status: "active",
    cancel_at_period_end: false,
    items: {
      object: "list",
      data: [{ id: "si_fake", object: "subscription_item", price: { id: subscription.price, object: "price" }, quantity: subscription.quantity, current_period_end: periodEnd }],
    },
  });
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.host !== "api.stripe.com") return new Response("unexpected host", { status: 500 });
    expect(request.headers.get("Authorization")).toBe("Bearer sk_test_billing");
    const form = request.method === "GET" ? url.searchParams : new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
    if (request.method !== "GET") expect(request.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    const path = url.pathname;
    calls.push({ method: request.method, path, form, idempotencyKey: request.headers.get("Idempotency-Key") });
    if (request.method === "POST" && path === "/v1/customers") {
      return Response.json({ id: unique("cus"), object: "customer", email: form.get("email"), name: form.get("name") });
    }
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      return Response.json({ id: "cs_test_1", object: "checkout.session", mode: "subscription", url: "https://checkout.stripe.com/c/pay/cs_test_1" });
    }
    if (request.method === "POST" && path === "/v1/billing_portal/sessions") {
      return Response.json({ id: "bps_1", object: "billing_portal.session", customer: form.get("customer"), url: "https://billing.stripe.com/p/session/bps_1" });
    }
    const subscriptionPath = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
    if (subscriptionPath && (request.method === "GET" || request.method === "POST")) return Response.json(subscriptionJson(subscriptionPath[1]!));
    if (request.method === "POST" && path === "/v1/invoices/create_preview") {
      const annual = form.get("subscription_details[items][0][price]") === PRICES.pro_annual;
      const start = Number(form.get("subscription_details[proration_date]"));
      const seats = Number(form.get("subscription_details[items][0][quantity]"));
      const lines = annual
        ? [
            { amount: -1900, description: "Unused time on 3 × Pro after 2 Dec 2026", period: { start, end: periodEnd }, proration: true },
            { amount: 29000 * seats, description: `${seats} × Pro (annual) (at $290.00 / year)`, period: { start, end: start + 365 * 86400 }, proration: false },
          ]
        : [{ amount: 1800, description: "Remaining time on 1 × Pro after 2 Dec 2026", period: { start, end: periodEnd }, proration: true }];
      const total = lines.reduce((sum, line) => sum + line.amount, 0);
      return Response.json({
        id: "upcoming_in_1",
        object: "invoice",
        currency: "usd",
        total,
        amount_due: Math.max(total, 0),
        lines: {
          object: "list",
          data: lines.map((line, index) => ({
            id: `il_${index}`,
            object: "line_item",
            amount: line.amount,
            description: line.description,
            period: line.period,
            parent: { type: "subscription_item_details", subscription_item_details: { subscription_item: "si_fake", proration: line.proration, subscription: "sub_fake" } },
          })),
        },
      });
    }
    return Response.json({ error: { type: "invalid_request_error", message: `No fake for ${request.method} ${path}` } }, { status: 404 });
  });
  return calls;
}

async function send(path: string, { method = "GET", token, body, billing = true }: { method?: string; token?: string; body?: unknown; billing?: boolean } = {}) {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}/v1${path}`, {
    method,
    headers: { ...(token && { Authorization: `Bearer ${token}` }), ...(body !== undefined && { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, billing ? configured : env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (response: Response) => response.json<any>();

/** A workspace with its admin's token, and optionally a billing row as Stripe's events would have written it. */
async function billedWorkspace(account: Partial<typeof billingAccounts.$inferInsert> | null = null) {
  const { workspace, owner } = await buildWorkspace();
  if (account) await db.insert(billingAccounts).values({ workspaceId: workspace.id, ...account });
  return { workspace, owner, token: await tokenFor(owner) };
}

/** A workspace paying for Pro monthly with 3 seats: its customer and subscription at Stripe. */
const subscribed = () =>
  billedWorkspace({ stripeCustomerId: unique("cus"), stripeSubscriptionId: unique("sub"), plan: "pro_monthly", status: "active", seats: 3 });

async function accountOf(workspace: Pick<Workspace, "id">): Promise<BillingAccount | undefined> {
  const [account] = await db.select().from(billingAccounts).where(eq(billingAccounts.workspaceId, workspace.id));
  return account;
}

beforeEach(() => {
  vi.useRealTimers();
});
afterEach(() => vi.restoreAllMocks());

describe("GET /v1/billing/plans", () => {
  it("lists the four plans with their prices and limits, to anyone", async () => {
    const response = await send("/billing/plans", { billing: false });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.map((plan: { id: string }) => plan.id)).toEqual(["free", "pro_monthly", "pro_annual", "team"]);
    for (const plan of data) planOut.parse(plan);
    expect(data[2]).toMatchObject({ name: "Pro (annual)", interval: "year", seat_price_cents: 29000, limits: { seats: 10 } });
    expect(data[3].limits.seats).toBeNull();
  });
});

describe("billing not configured", () => {
  it("GET shows the default plan and says billing is not configured", async () => {
    const { workspace, token } = await billedWorkspace();
    const response = await send(`/w/${workspace.id}/billing`, { token, billing: false });
    expect(response.status).toBe(200);
    const data = billingOut.parse((await json(response)).data);
    expect(data).toMatchObject({ configured: false, status: "unconfigured", notice: BILLING_NOT_CONFIGURED, can_start_free_trial: false, paying: false });
    expect(data.plan.id).toBe("pro_monthly");
    expect(data.usage.seats).toEqual({ used: 1, limit: 10 });
  });

  it("refuses every write with 409 billing_not_configured", async () => {
    const { workspace, token } = await billedWorkspace();
    const writes: [string, string, unknown][] = [
      ["POST", "trial", undefined],
      ["POST", "checkout", { plan: "pro_monthly", seats: 1 }],
      ["POST", "portal", {}],
      ["POST", "preview", { plan: "pro_annual" }],
      ["PUT", "subscription", { seats: 2 }],
      ["POST", "cancel", undefined],
      ["POST", "resume", undefined],
    ];
    for (const [method, path, body] of writes) {
      const response = await send(`/w/${workspace.id}/billing/${path}`, { method, token, body, billing: false });
      expect(response.status, path).toBe(409);
      expect(await json(response)).toEqual({ error: "billing_not_configured", message: BILLING_NOT_CONFIGURED });
    }
    expect(await accountOf(workspace)).toBeUndefined();
  });
});

describe("GET /v1/w/:ws/billing", () => {
  it("shows a member the plan and usage, without the right to manage it or the card", async () => {
    const { workspace } = await subscribed();
    await db.update(billingAccounts).set({ cardBrand: "visa", cardLast4: "4242", cardExpMonth: 4, cardExpYear: 2030 }).where(eq(billingAccounts.workspaceId, workspace.id));
    const member = await buildMember(workspace);
    const response = await send(`/w/${workspace.id}/billing`, { token: member.token });
    expect(response.status).toBe(200);
    const data = billingOut.parse((await json(response)).data);
    expect(data).toMatchObject({ configured: true, status: "active", paying: true, seats: 3, notice: null, card: null, policies: { "billing.manage": false } });
    expect(data.usage.seats).toEqual({ used: 2, limit: 3 });
  });

  it("shows the admin what the subscription's events recorded (period end, cancellation, card)", async () => {
    const periodEnd = new Date(Date.now() + 10 * DAY_MS);
    const { workspace, token } = await billedWorkspace({
      stripeCustomerId: unique("cus"),
      stripeSubscriptionId: unique("sub"),
      plan: "team",
      status: "active",
      seats: 12,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: true,
      cardBrand: "visa",
      cardLast4: "4242",
      cardExpMonth: 4,
      cardExpYear: 2030,
    });
    const data = billingOut.parse((await json(await send(`/w/${workspace.id}/billing`, { token }))).data);
    expect(data).toMatchObject({
      plan: { id: "team" },
      seats: 12,
      current_period_end: periodEnd.toISOString(),
      cancel_at_period_end: true,
      card: { brand: "visa", last4: "4242", exp_month: 4, exp_year: 2030 },
      policies: { "billing.manage": true },
    });
  });

  it("is 404 for another workspace's admin", async () => {
    const { workspace } = await subscribed();
    const stranger = await billedWorkspace();
    expect((await send(`/w/${workspace.id}/billing`, { token: stranger.token })).status).toBe(404);
    expect((await send(`/w/${workspace.id}/billing/invoices`, { token: stranger.token })).status).toBe(404);
    expect((await send(`/w/${workspace.id}/billing/checkout`, { method: "POST", token: stranger.token, body: { plan: "team" } })).status).toBe(404);
  });

  it("refuses API keys: billing is not part of the public API", async () => {
    const { workspace, owner } = await subscribed();
    const { token } = await createWorkspaceKey(db, workspace.id, owner, { name: "Zapier", scopes: ["read", "write", "publish", "admin"] });
    for (const [method, path] of [["GET", ""], ["GET", "/invoices"], ["POST", "/cancel"]] as const) {
      const response = await send(`/w/${workspace.id}/billing${path}`, { method, token });
      expect(response.status, path).toBe(403);
      expect((await json(response)).error).toBe("not_public");
    }
  });
});

describe("billing.manage routes", () => {
  it("are 403 for a member", async () => {
    const { workspace } = await subscribed();
    const member = await buildMember(workspace);
    const calls = fakeStripe();
    const writes: [string, string, unknown][] = [
      ["POST", "trial", undefined],
      ["POST", "checkout", { plan: "team" }],
      ["POST", "portal", {}],
      ["POST", "preview", { seats: 4 }],
      ["PUT", "subscription", { seats: 4 }],
      ["POST", "cancel", undefined],
      ["POST", "resume", undefined],
      ["GET", "invoices", undefined],
    ];
    for (const [method, path, body] of writes) {
      expect((await send(`/w/${workspace.id}/billing/${path}`, { method, token: member.token, body })).status, path).toBe(403);
    }
    expect(calls).toEqual([]);
  });
});

describe("POST /v1/w/:ws/billing/checkout", () => {
  it("creates the customer once and a subscription Checkout session for the plan and seats", async () => {
    const { workspace, owner, token } = await billedWorkspace();
    await addMember(workspace, await buildUser(), "member");
    const calls = fakeStripe();
    const response = await send(`/w/${workspace.id}/billing/checkout`, { method: "POST", token, body: { plan: "pro_annual", seats: 2 } });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toEqual({ url: "https://checkout.stripe.com/c/pay/cs_test_1" });

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["POST /v1/customers", "POST /v1/checkout/sessions"]);
    const [customer, session] = calls;
    expect(customer!.idempotencyKey).toBe(`customer-ws-${workspace.id}`);
    expect(Object.fromEntries(customer!.form)).toEqual({ email: owner.email, name: workspace.name, "metadata[workspace_id]": String(workspace.id) });
    const account = await accountOf(workspace);
    expect(account).toMatchObject({ ownerId: owner.id, stripeSubscriptionId: null, plan: "free", status: "none" });
    expect(account!.stripeCustomerId).toMatch(/^cus_/);
    expect(Object.fromEntries(session!.form)).toEqual({
      mode: "subscription",
      customer: account!.stripeCustomerId,
      client_reference_id: String(workspace.id),
      "line_items[0][price]": PRICES.pro_annual,
      "line_items[0][quantity]": "2",
      "subscription_data[metadata][workspace_id]": String(workspace.id),
      allow_promotion_codes: "true",
      success_url: `${ORIGIN}/workspaces/${workspace.id}/billing?checkout=success`,
      cancel_url: `${ORIGIN}/workspaces/${workspace.id}/plans?checkout=canceled`,
    });

    // Back from a canceled Checkout and trying again: the same customer, no second one.
    const again = fakeStripe();
    expect((await send(`/w/${workspace.id}/billing/checkout`, { method: "POST", token, body: { plan: "team", seats: 2 } })).status).toBe(200);
    expect(again.map((call) => call.path)).toEqual(["/v1/checkout/sessions"]);
    expect(again[0]!.form.get("customer")).toBe(account!.stripeCustomerId);
    expect(again[0]!.form.get("line_items[0][price]")).toBe(PRICES.team);
  });

  it("passes what is left of our trial to Stripe, unless it ends within 48 hours", async () => {
    const trialEndsAt = new Date(Date.now() + 5 * DAY_MS);
    const { workspace, token } = await billedWorkspace({ trialStartedAt: new Date(Date.now() - 9 * DAY_MS), trialEndsAt });
    const calls = fakeStripe();
    expect((await send(`/w/${workspace.id}/billing/checkout`, { method: "POST", token, body: { plan: "pro_monthly" } })).status).toBe(200);
    const session = calls.find((call) => call.path === "/v1/checkout/sessions")!;
    expect(session.form.get("subscription_data[trial_end]")).toBe(String(Math.floor(trialEndsAt.getTime() / 1000)));
    expect(session.form.get("line_items[0][quantity]")).toBe("1");

    const soon = await billedWorkspace({ trialStartedAt: new Date(Date.now() - 13 * DAY_MS), trialEndsAt: new Date(Date.now() + DAY_MS) });
    const later = fakeStripe();
    expect((await send(`/w/${soon.workspace.id}/billing/checkout`, { method: "POST", token: soon.token, body: { plan: "pro_monthly" } })).status).toBe(200);
    expect(later.find((call) => call.path === "/v1/checkout/sessions")!.form.has("subscription_data[trial_end]")).toBe(false);
  });

  it("answers 400 naming the field for a plan that cannot be bought or seats that do not fit", async () => {
    const { workspace, token } = await billedWorkspace();
    await addMember(workspace, await buildUser(), "member");
    await addMember(workspace, await buildUser(), "admin", "invited");
    const calls = fakeStripe();
    const cases: [unknown, string, string][] = [
      [{ plan: "free" }, "plan", "must be one of pro_monthly, pro_annual, team"],
      [{ plan: "enterprise", seats: 3 }, "plan", "must be one of pro_monthly, pro_annual, team"],
      [{ plan: "team", seats: 0 }, "seats", "must be at least 1"],
      [{ plan: "team", seats: "3" }, "seats", "must be a number"],
      [{ plan: "team", seats: 2 }, "seats", "must be at least 3, the seats in use"],
      [{ plan: "pro_monthly", seats: 11 }, "seats", "must be at most 10 on Pro"],
    ];
    for (const [body, field, message] of cases) {
      const response = await send(`/w/${workspace.id}/billing/checkout`, { method: "POST", token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json(response)).fields[field]).toEqual([message]);
    }
    expect(calls).toEqual([]);
    expect(await accountOf(workspace)).toBeUndefined();
  });

  it("refuses with 409 when the workspace already has a subscription", async () => {
    const { workspace, token } = await subscribed();
    const calls = fakeStripe();
    const response = await send(`/w/${workspace.id}/billing/checkout`, { method: "POST", token, body: { plan: "team", seats: 3 } });
    expect(response.status).toBe(409);
    expect((await json(response)).message).toMatch(/already has a subscription: change its plan or seats instead/);
    expect(calls).toEqual([]);
  });
});

describe("POST /v1/w/:ws/billing/portal", () => {
  it("opens the Customer Portal on the card update, or its home, coming back to the billing page", async () => {
    const { workspace, token } = await subscribed();
    const customer = (await accountOf(workspace))!.stripeCustomerId!;
    const calls = fakeStripe();
    const response = await send(`/w/${workspace.id}/billing/portal`, { method: "POST", token, body: { flow: "payment_method" } });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toEqual({ url: "https://billing.stripe.com/p/session/bps_1" });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe("/v1/billing_portal/sessions");
    expect(Object.fromEntries(calls[0]!.form)).toEqual({
      customer,
      return_url: `${ORIGIN}/workspaces/${workspace.id}/billing`,
      "flow_data[type]": "payment_method_update",
    });

    const home = fakeStripe();
    expect((await send(`/w/${workspace.id}/billing/portal`, { method: "POST", token, body: {} })).status).toBe(200);
    expect(Object.fromEntries(home[0]!.form)).toEqual({ customer, return_url: `${ORIGIN}/workspaces/${workspace.id}/billing` });
  });

  it("is 409 before the workspace has subscribed, and 400 for an unknown flow", async () => {
    const { workspace, token } = await billedWorkspace();
    const calls = fakeStripe();
    const response = await send(`/w/${workspace.id}/billing/portal`, { method: "POST", token, body: { flow: "payment_method" } });
    expect(response.status).toBe(409);
    expect((await json(response)).message).toMatch(/^Subscribe first/);
    const bad = await send(`/w/${workspace.id}/billing/portal`, { method: "POST", token, body: { flow: "refund" } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).fields.flow).toEqual(["must be payment_method or manage"]);
    expect(calls).toEqual([]);
  });
});

describe("changing a subscription", () => {
  it("previews the annual upgrade: what is charged now, each line, and the next regular charge", async () => {
    const { workspace, token } = await subscribed();
    const customer = "cus_fake";
    const calls = fakeStripe();
    const response = await send(`/w/${workspace.id}/billing/preview`, { method: "POST", token, body: { plan: "pro_annual" } });
    expect(response.status).toBe(200);
    const preview = previewOut.parse((await json(response)).data);

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET /v1/subscriptions/${(await accountOf(workspace))!.stripeSubscriptionId}`, "POST /v1/invoices/create_preview"]);
    const form = Object.fromEntries(calls[1]!.form);
    expect(form).toEqual({
      customer,
      subscription: (await accountOf(workspace))!.stripeSubscriptionId,
      "subscription_details[items][0][id]": "si_fake",
      "subscription_details[items][0][price]": PRICES.pro_annual,
      "subscription_details[items][0][quantity]": "3",
      "subscription_details[proration_behavior]": "always_invoice",
      "subscription_details[proration_date]": String(preview.proration_date),
    });
    expect(Math.abs(preview.proration_date - Date.now() / 1000)).toBeLessThan(30);
    expect(preview).toMatchObject({
      plan: { id: "pro_annual" },
      seats: 3,
      amount_due_cents: 3 * 29000 - 1900,
      currency: "usd",
      next_amount_cents: 3 * 29000,
      next_payment_at: new Date((preview.proration_date + 365 * 86400) * 1000).toISOString(),
    });
    expect(preview.lines).toEqual([
      { description: "Unused time on 3 × Pro after 2 Dec 2026", amount_cents: -1900 },
      { description: "3 × Pro (annual) (at $290.00 / year)", amount_cents: 87000 },
    ]);
  });

  it("previews more seats on the same plan, with the next charge at the period's end", async () => {
    const periodEnd = Math.floor((Date.now() + 12 * DAY_MS) / 1000);
    const { workspace, token } = await subscribed();
    const calls = fakeStripe({ price: PRICES.pro_monthly, quantity: 3, periodEnd });
    const shown = Math.floor(Date.now() / 1000) - 600;
    const response = await send(`/w/${workspace.id}/billing/preview`, { method: "POST", token, body: { seats: 4, proration_date: shown } });
    expect(response.status).toBe(200);
    const preview = previewOut.parse((await json(response)).data);
    expect(calls[1]!.form.get("subscription_details[items][0][price]")).toBe(PRICES.pro_monthly);
    expect(calls[1]!.form.get("subscription_details[items][0][quantity]")).toBe("4");
    expect(calls[1]!.form.get("subscription_details[proration_date]")).toBe(String(shown));
    expect(preview).toMatchObject({ plan: { id: "pro_monthly" }, seats: 4, amount_due_cents: 1800, proration_date: shown, next_amount_cents: 4 * 2900 });
    expect(preview.next_payment_at).toBe(new Date(periodEnd * 1000).toISOString());
  });

  it("upgrades to annual at Stripe, charging at once, and leaves the plan to Stripe's event", async () => {
    const { workspace, token } = await subscribed();
    const subscription = (await accountOf(workspace))!.stripeSubscriptionId!;
    const calls = fakeStripe();
    const shown = Math.floor(Date.now() / 1000) - 120;
    const response = await send(`/w/${workspace.id}/billing/subscription`, { method: "PUT", token, body: { plan: "pro_annual", proration_date: shown } });
    expect(response.status).toBe(200);
    const data = billingOut.parse((await json(response)).data);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET /v1/subscriptions/${subscription}`, `POST /v1/subscriptions/${subscription}`]);
    expect(Object.fromEntries(calls[1]!.form)).toEqual({
      "items[0][id]": "si_fake",
      "items[0][price]": PRICES.pro_annual,
      "items[0][quantity]": "3",
      proration_behavior: "always_invoice",
      proration_date: String(shown),
      payment_behavior: "error_if_incomplete",
    });
    // Nothing is written here: the plan changes when Stripe's event says so.
    expect(data).toMatchObject({ plan: { id: "pro_monthly" }, seats: 3, notice: "Stripe is confirming your change…" });
    expect(await accountOf(workspace)).toMatchObject({ plan: "pro_monthly", seats: 3, status: "active" });
  });

  it("changes seats at Stripe", async () => {
    const { workspace, token } = await subscribed();
    const calls = fakeStripe();
    const response = await send(`/w/${workspace.id}/billing/subscription`, { method: "PUT", token, body: { seats: 5 } });
    expect(response.status).toBe(200);
    const update = calls.find((call) => call.method === "POST")!;
    expect(update.form.get("items[0][price]")).toBe(PRICES.pro_monthly);
    expect(update.form.get("items[0][quantity]")).toBe("5");
    expect(update.form.get("payment_behavior")).toBe("error_if_incomplete");
    expect(Math.abs(Number(update.form.get("proration_date")) - Date.now() / 1000)).toBeLessThan(30);
    expect((await accountOf(workspace))!.seats).toBe(3);
  });

  it("refuses seats below those in use or above the plan's cap (400 naming seats), no change (plan), an expired preview (proration_date)", async () => {
    const { workspace, token } = await subscribed();
    await addMember(workspace, await buildUser(), "member");
    const calls = fakeStripe();
    const below = await send(`/w/${workspace.id}/billing/subscription`, { method: "PUT", token, body: { seats: 1 } });
    expect(below.status).toBe(400);
    expect((await json(below)).fields.seats).toEqual(["must be at least 2, the seats in use"]);
    const above = await send(`/w/${workspace.id}/billing/preview`, { method: "POST", token, body: { seats: 11 } });
    expect(above.status).toBe(400);
    expect((await json(above)).fields.seats).toEqual(["must be at most 10 on Pro"]);
    const same = await send(`/w/${workspace.id}/billing/subscription`, { method: "PUT", token, body: { seats: 3 } });
    expect(same.status).toBe(400);
    expect((await json(same)).fields.plan).toBeDefined();
    const stale = await send(`/w/${workspace.id}/billing/subscription`, { method: "PUT", token, body: { seats: 4, proration_date: Math.floor(Date.now() / 1000) - 2 * 3600 } });
    expect(stale.status).toBe(400);
    expect((await json(stale)).fields.proration_date).toEqual(["must be the moment of a preview made within the last hour"]);
    const empty = await send(`/w/${workspace.id}/billing/preview`, { method: "POST", token, body: {} });
    expect(empty.status).toBe(400);
    expect((await json(empty)).fields.plan).toEqual(["name a plan or a number of seats"]);
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("cancels at the period's end and resumes, at Stripe", async () => {
    const { workspace, token } = await subscribed();
    const subscription = (await accountOf(workspace))!.stripeSubscriptionId!;
    const calls = fakeStripe();
    const cancel = await send(`/w/${workspace.id}/billing/cancel`, { method: "POST", token });
    expect(cancel.status).toBe(200);
    expect(billingOut.parse((await json(cancel)).data).notice).toBe("Stripe is confirming the cancellation…");
    const resume = await send(`/w/${workspace.id}/billing/resume`, { method: "POST", token });
    expect(resume.status).toBe(200);
    expect(calls.map((call) => [call.method, call.path, Object.fromEntries(call.form)])).toEqual([
      ["POST", `/v1/subscriptions/${subscription}`, { cancel_at_period_end: "true" }],
      ["POST", `/v1/subscriptions/${subscription}`, { cancel_at_period_end: "false" }],
    ]);
    expect((await accountOf(workspace))!.cancelAtPeriodEnd).toBe(false);
  });

  it("is 409 without a live subscription", async () => {
    const never = await billedWorkspace();
    const ended = await billedWorkspace({ stripeCustomerId: unique("cus"), stripeSubscriptionId: unique("sub"), plan: "pro_monthly", status: "canceled" });
    const calls = fakeStripe();
    for (const { workspace, token } of [never, ended]) {
      for (const [method, path, body] of [
        ["POST", "preview", { plan: "pro_annual" }],
        ["PUT", "subscription", { plan: "pro_annual" }],
        ["POST", "cancel", undefined],
        ["POST", "resume", undefined],
      ] as const) {
        const response = await send(`/w/${workspace.id}/billing/${path}`, { method, token, body });
        expect(response.status, path).toBe(409);
        expect((await json(response)).message).toMatch(/no subscription/);
      }
    }
    expect(calls).toEqual([]);
  });

  it("answers 402 with Stripe's words when the card is declined", async () => {
    const { workspace, token } = await subscribed();
    fakeStripe();
    const stripeFetch = vi.mocked(globalThis.fetch).getMockImplementation()!;
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      if (request.method === "POST" && new URL(request.url).pathname.startsWith("/v1/subscriptions/")) {
        return Response.json({ error: { type: "card_error", code: "card_declined", message: "Your card was declined." } }, { status: 402 });
      }
      return stripeFetch(input, init);
    });
    const response = await send(`/w/${workspace.id}/billing/subscription`, { method: "PUT", token, body: { seats: 4 } });
    expect(response.status).toBe(402);
    expect(await json(response)).toEqual({ error: "payment_failed", message: "Your card was declined." });
  });
});

describe("the free trial", () => {
  it("starts once: the second is 409, and GET /v1/w stops offering it", async () => {
    const { workspace, owner, token } = await billedWorkspace();
    const listed = async () => ((await json(await send("/w", { token }))).data as { id: number; can_start_free_trial: boolean }[]).find((ws) => ws.id === workspace.id)!;
    expect((await listed()).can_start_free_trial).toBe(true);
    expect((await json(await send(`/w/${workspace.id}`, { token }))).data.can_start_free_trial).toBe(true);

    const before = Date.now();
    const response = await send(`/w/${workspace.id}/billing/trial`, { method: "POST", token });
    expect(response.status).toBe(200);
    const data = billingOut.parse((await json(response)).data);
    expect(data).toMatchObject({ status: "trialing", paying: false, can_start_free_trial: false, plan: { id: "pro_monthly" } });
    const endsAt = new Date(data.trial_ends_at!).getTime();
    expect(endsAt - before).toBeGreaterThanOrEqual(TRIAL_DAYS * DAY_MS - 1000);
    expect(endsAt - before).toBeLessThan(TRIAL_DAYS * DAY_MS + 60_000);
    expect(await accountOf(workspace)).toMatchObject({ ownerId: owner.id, stripeCustomerId: null });

    const second = await send(`/w/${workspace.id}/billing/trial`, { method: "POST", token });
    expect(second.status).toBe(409);
    expect((await json(second)).message).toBe("This workspace has already had its free trial.");
    expect((await accountOf(workspace))!.trialEndsAt!.getTime()).toBe(endsAt);
    expect((await listed()).can_start_free_trial).toBe(false);
    expect((await json(await send(`/w/${workspace.id}`, { token }))).data.can_start_free_trial).toBe(false);
  });

  it("starts once when two requests race", async () => {
    const { workspace, token } = await billedWorkspace();
    const answers = await Promise.all([1, 2, 3].map(() => send(`/w/${workspace.id}/billing/trial`, { method: "POST", token })));
    expect(answers.map((response) => response.status).sort()).toEqual([200, 409, 409]);
  });

  it("is not offered after it ended, nor to a paying workspace, nor where billing is off", async () => {
    const ended = await billedWorkspace({ trialStartedAt: new Date(Date.now() - 20 * DAY_MS), trialEndsAt: new Date(Date.now() - 6 * DAY_MS) });
    const data = billingOut.parse((await json(await send(`/w/${ended.workspace.id}/billing`, { token: ended.token }))).data);
    expect(data).toMatchObject({ status: "free", plan: { id: "free" }, can_start_free_trial: false, trial_ends_at: null });
    expect((await send(`/w/${ended.workspace.id}/billing/trial`, { method: "POST", token: ended.token })).status).toBe(409);

    const paying = await subscribed();
    await db.update(workspaces).set({ paying: true }).where(eq(workspaces.id, paying.workspace.id));
    const listed = (await json(await send(`/w/${paying.workspace.id}`, { token: paying.token }))).data;
    expect(listed).toMatchObject({ paying: true, can_start_free_trial: false });
    const refused = await send(`/w/${paying.workspace.id}/billing/trial`, { method: "POST", token: paying.token });
    expect(refused.status).toBe(409);

    const off = await billedWorkspace();
    expect((await json(await send(`/w/${off.workspace.id}`, { token: off.token, billing: false }))).data.can_start_free_trial).toBe(false);
  });

  it("starts with the first workspace of a sign-up when billing is configured; a workspace made later does not start one", async () => {
    const email = `${unique("signup")}@example.com`;
    const signUp = await send("/users", { method: "POST", body: { user: { first_name: "Ada", last_name: "Byron", email, password: "password123", company: "Analytical Engines" } } });
    expect(signUp.status).toBe(201);
    const token = signUp.headers.get("Authorization")!.replace("Bearer ", "");
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const [first] = await db.select().from(workspaces).where(eq(workspaces.createdById, user!.id));
    const data = billingOut.parse((await json(await send(`/w/${first!.id}/billing`, { token }))).data);
    expect(data).toMatchObject({ status: "trialing", plan: { id: "pro_monthly" }, can_start_free_trial: false });
    expect(await accountOf(first!)).toMatchObject({ ownerId: user!.id });

    const created = await send("/w", { method: "POST", token, body: { company: { name: "Second shop" } } });
    expect(created.status).toBe(201);
    const second = (await json(created)).data;
    expect(second.can_start_free_trial).toBe(true);
    expect(billingOut.parse((await json(await send(`/w/${second.id}/billing`, { token }))).data)).toMatchObject({ status: "free", plan: { id: "free" } });
  });

  it("the sign-in page's free-trial step names the workspace and starts its trial (where billing is on)", async () => {
    for (const billing of [true, false]) {
      const user = await buildUser();
      const ctx = createExecutionContext();
      const form = new URLSearchParams({ intent: "start_trial", name: "Compiler Co", company_size: "11-50" });
      const request = new Request(`${ORIGIN}/login_or_signup?step=start_free_trial`, {
        method: "POST",
        body: form,
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Sec-Fetch-Site": "same-origin",
          Cookie: `${AUTH_COOKIE_NAME}=${encodeAuthState(authStateFor(`Bearer ${await tokenFor(user)}`))}`,
        },
      });
      const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, billing ? configured : env, ctx);
      await waitOnExecutionContext(ctx);
      expect(response.status, `billing ${billing}: ${await response.clone().text()}`).toBe(302);
      const [created] = await db.select().from(workspaces).where(eq(workspaces.createdById, user.id));
      expect(created!.name).toBe("Compiler Co");
      const account = await accountOf(created!);
      if (billing) expect(account!.trialEndsAt!.getTime()).toBeGreaterThan(Date.now() + (TRIAL_DAYS - 1) * DAY_MS);
      else expect(account).toBeUndefined();
    }
  });

  it("a sign-up where billing is off starts no trial", async () => {
    const email = `${unique("signup")}@example.com`;
    const signUp = await send("/users", { method: "POST", billing: false, body: { user: { first_name: "Ada", last_name: "Byron", email, password: "password123", company: "Self-hosted" } } });
    expect(signUp.status).toBe(201);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const [first] = await db.select().from(workspaces).where(eq(workspaces.createdById, user!.id));
    expect(await accountOf(first!)).toBeUndefined();
  });
});

describe("GET /v1/w/:ws/billing/invoices", () => {
  it("lists the workspace's invoices newest first, at most 24, and none of another workspace's", async () => {
    const { workspace, token } = await subscribed();
    const other = await subscribed();
    const start = Date.UTC(2024, 0, 1);
    const rows = Array.from({ length: 26 }, (_, index) => ({
      id: unique("in"),
      workspaceId: workspace.id,
      number: `BW-${String(index + 1).padStart(4, "0")}`,
      status: index === 25 ? "open" : "paid",
      amountDue: 8700,
      amountPaid: index === 25 ? 0 : 8700,
      currency: "usd",
      hostedInvoiceUrl: `https://invoice.stripe.com/i/${index}`,
      invoicePdf: `https://pay.stripe.com/invoice/${index}/pdf`,
      issuedAt: new Date(start + index * 30 * DAY_MS),
    }));
    for (const row of rows) await db.insert(billingInvoices).values(row);
    await db.insert(billingInvoices).values({ ...rows[0]!, id: unique("in"), workspaceId: other.workspace.id, number: "OTHER-1", issuedAt: new Date() });

    const response = await send(`/w/${workspace.id}/billing/invoices`, { token });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toHaveLength(24);
    for (const invoice of data) invoiceOut.parse(invoice);
    expect(data[0]).toEqual({
      id: rows[25]!.id,
      number: "BW-0026",
      status: "open",
      amount_due_cents: 8700,
      amount_paid_cents: 0,
      currency: "usd",
      created_at: rows[25]!.issuedAt.toISOString(),
      hosted_invoice_url: "https://invoice.stripe.com/i/25",
      invoice_pdf: "https://pay.stripe.com/invoice/25/pdf",
    });
    expect(data.map((invoice: { number: string }) => invoice.number)).not.toContain("OTHER-1");
    expect(data.at(-1).number).toBe("BW-0003");
  });
});
