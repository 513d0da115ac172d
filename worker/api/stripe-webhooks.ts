import Stripe from "stripe";
import { createApp } from "../lib/create-app";
import { HttpError, NotFound } from "../lib/errors";
import { reportError } from "../lib/reporter";
import { storeStripeEvent } from "../services/billing/events";
import { BILLING_NOT_CONFIGURED, billingConfig, stripeClient, webhookCrypto, type BillingConfig } from "../services/billing/stripe-client";
import { stripeEventEnvelope } from "../services/billing/stripe-objects";
import { enqueue } from "../services/publishing/queue";

/** Seconds a signature stays good: an older delivery (a replayed capture) is refused. */
const SIGNATURE_TOLERANCE_S = 300;

class RefusedWebhook extends HttpError {
  constructor(message: string) {
    super(400, message, "invalid_webhook");
  }
}

/** The event in `body`, if Stripe signed exactly these bytes with our secret less than 5 minutes ago. */
async function verifiedEvent(config: BillingConfig, body: string, signature: string | undefined) {
  if (!signature) throw new RefusedWebhook("The Stripe-Signature header is missing: only Stripe's signed events are accepted here");
  let event: unknown;
  try {
    event = await stripeClient(config).webhooks.constructEventAsync(body, signature, config.webhookSecret, SIGNATURE_TOLERANCE_S, webhookCrypto);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      const stale = /tolerance/i.test(error.message);
      throw new RefusedWebhook(stale ? "The Stripe signature's timestamp is more than 5 minutes old" : "The Stripe signature does not match this body and the webhook secret");
    }
    // Signed, but not JSON.
    throw new RefusedWebhook("The body is not a Stripe event");
  }
  const parsed = stripeEventEnvelope.safeParse(event);
  if (!parsed.success) throw new RefusedWebhook("The body is not a Stripe event");
  return parsed.data;
}

/**
 * Stripe's webhook (no session: the signature is the credential). A verified event is stored
 * once by id and handed to the queue; the answer goes back at once, the work happens there. A
 * replay is acknowledged and ignored. If the queue cannot take it, the cron re-sends it.
 */
export const stripeWebhooksApi = createApp().post("/webhooks/stripe", async (c) => {
  const config = billingConfig(c.env);
  if (!config) throw new NotFound(`${BILLING_NOT_CONFIGURED}: this server takes no Stripe webhooks`);
  const body = await c.req.text();
  const event = await verifiedEvent(config, body, c.req.header("Stripe-Signature"));
  const stored = await storeStripeEvent(c.get("db"), event, body, new Date());
  if (!stored) return c.json({ received: true, duplicate: true });
  await enqueue(c.env, [{ kind: "stripe_event", eventId: event.id }]).catch((error: unknown) =>
    reportError({ env: c.env, ctx: c.executionCtx, request: c.req.raw }, error, { surface: "billing-webhook" }),
  );
  return c.json({ received: true });
});
