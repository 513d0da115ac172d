import Stripe from "stripe";
import { HttpError } from "../../lib/errors";
import { BILLING_NOT_CONFIGURED, billingConfig, type BillingConfig, type BillingEnv } from "./stripe-client";

/** 409 for every billing write while the server has no Stripe keys. */
export class BillingNotConfigured extends HttpError {
  constructor() {
    super(409, BILLING_NOT_CONFIGURED, "billing_not_configured");
  }
}

/** The Stripe configuration, or 409 `billing_not_configured`: what every billing write starts with. */
export function configuredBilling(env: BillingEnv): BillingConfig {
  const config = billingConfig(env);
  if (!config) throw new BillingNotConfigured();
  return config;
}

/**
 * Runs a Stripe call, turning the failures a person can act on into answers: a declined card
 * is 402 with Stripe's words; Stripe out of reach (after the client's own retries) is 503.
 * Anything else (a bad key, a request we built wrong) stays unexpected and is reported.
 */
export async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw new HttpError(402, error.message, "payment_failed");
    if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError) {
      throw new HttpError(503, "Stripe could not be reached, so nothing changed. Try again in a moment.", "stripe_unavailable");
    }
    throw error;
  }
}
