import type { Context } from "hono";
import { planIds, plans } from "../../core/billing/plans";
import { changeSchema, checkoutSchema, portalSchema } from "../../core/contracts/billing";
import { workspaceParam } from "../../core/contracts/common";
import { createApp, type AppEnv } from "../lib/create-app";
import { validate } from "../lib/validate";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentPlan } from "../presenters/billing";
import { configuredBilling } from "../services/billing/billing-errors";
import { startCheckout } from "../services/billing/checkout";
import { invoicesOf } from "../services/billing/invoices";
import { billingOverview } from "../services/billing/overview";
import { openBillingPortal } from "../services/billing/portal";
import { stripeClient } from "../services/billing/stripe-client";
import { CONFIRMING_CANCEL, CONFIRMING_CHANGE, CONFIRMING_RESUME, changeSubscription, previewChange, setCancelAtPeriodEnd } from "../services/billing/subscription-changes";
import { startTrial } from "../services/billing/trial";

/**
 * For a billing write: an admin of the workspace (403 otherwise), on a server with Stripe keys
 * (409 `billing_not_configured` otherwise), and the Stripe client to call.
 */
function billingWrite(c: Context<AppEnv>) {
  const actor = c.get("actor");
  authorize(actor, "billing.manage");
  const config = configuredBilling(c.env);
  return { actor, db: c.get("db"), config, stripe: stripeClient(config) };
}

const origin = (c: Context<AppEnv>) => new URL(c.req.url).origin;

/**
 * Billing: the plans, and a workspace's plan, usage, subscription and invoices. Not part of
 * the public API (no `publicRoute`), so API keys are refused here: money is moved by people.
 * The plan, seats and status change only through Stripe's events (api/webhooks), so a write
 * answers where things stand now, with a notice while Stripe confirms.
 */
export const billingApi = createApp()
  .get("/billing/plans", (c) => c.json({ data: planIds.map((id) => presentPlan(plans[id])) }))

  .get("/w/:ws/billing", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "billing.read");
    return c.json({ data: await billingOverview(c.get("db"), c.env, actor) });
  })

  .post("/w/:ws/billing/trial", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const { actor, db } = billingWrite(c);
    return c.json({ data: await startTrial(db, c.env, actor.workspaceId, actor) });
  })

  .post("/w/:ws/billing/checkout", requireWorkspace, validate("param", workspaceParam), validate("json", checkoutSchema), async (c) => {
    const { db, config, stripe } = billingWrite(c);
    const { plan, seats } = c.req.valid("json");
    const admin = c.get("session").user;
    return c.json({ data: await startCheckout(db, stripe, config, { workspace: c.get("workspace"), admin, plan, seats, origin: origin(c) }) });
  })

  .post("/w/:ws/billing/portal", requireWorkspace, validate("param", workspaceParam), validate("json", portalSchema), async (c) => {
    const { actor, db, stripe } = billingWrite(c);
    const { flow } = c.req.valid("json");
    return c.json({ data: await openBillingPortal(db, stripe, { workspaceId: actor.workspaceId, flow, origin: origin(c) }) });
  })

  .post("/w/:ws/billing/preview", requireWorkspace, validate("param", workspaceParam), validate("json", changeSchema), async (c) => {
    const { actor, db, config, stripe } = billingWrite(c);
    return c.json({ data: await previewChange(db, stripe, config, actor.workspaceId, c.req.valid("json")) });
  })

  .put("/w/:ws/billing/subscription", requireWorkspace, validate("param", workspaceParam), validate("json", changeSchema), async (c) => {
    const { actor, db, config, stripe } = billingWrite(c);
    await changeSubscription(db, stripe, config, actor.workspaceId, c.req.valid("json"));
    return c.json({ data: await billingOverview(db, c.env, actor, new Date(), CONFIRMING_CHANGE) });
  })

  .post("/w/:ws/billing/cancel", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const { actor, db, stripe } = billingWrite(c);
    await setCancelAtPeriodEnd(db, stripe, actor.workspaceId, true);
    return c.json({ data: await billingOverview(db, c.env, actor, new Date(), CONFIRMING_CANCEL) });
  })

  .post("/w/:ws/billing/resume", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const { actor, db, stripe } = billingWrite(c);
    await setCancelAtPeriodEnd(db, stripe, actor.workspaceId, false);
    return c.json({ data: await billingOverview(db, c.env, actor, new Date(), CONFIRMING_RESUME) });
  })

  .get("/w/:ws/billing/invoices", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "billing.manage");
    return c.json({ data: await invoicesOf(c.get("db"), actor.workspaceId) });
  });
