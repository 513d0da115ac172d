import Stripe from "stripe";
import { isPlanId, type PaidPlanId, type PlanId } from "../../../core/billing/plans";

/**
 * Stripe, configured by environment: the secret key, the webhook signing secret and one price
 * id per paid plan. Without all of them billing is off ("Billing is not configured on this
 * server") and every workspace has DEFAULT_PLAN. STRIPE_API_BASE points the client at another
 * host (the end-to-end suite's local fake); production leaves it unset.
 */
export type BillingEnv = Pick<
  Env,
  "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_PRICE_PRO_MONTHLY" | "STRIPE_PRICE_PRO_ANNUAL" | "STRIPE_PRICE_TEAM" | "STRIPE_API_BASE" | "DEFAULT_PLAN"
>;

export interface BillingConfig {
  secretKey: string;
  webhookSecret: string;
  prices: Record<PaidPlanId, string>;
  apiBase: string | undefined;
}

export const BILLING_NOT_CONFIGURED = "Billing is not configured on this server";

export function billingConfig(env: BillingEnv): BillingConfig | null {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO_MONTHLY, STRIPE_PRICE_PRO_ANNUAL, STRIPE_PRICE_TEAM } = env;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_PRO_MONTHLY || !STRIPE_PRICE_PRO_ANNUAL || !STRIPE_PRICE_TEAM) return null;
  return {
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    prices: { pro_monthly: STRIPE_PRICE_PRO_MONTHLY, pro_annual: STRIPE_PRICE_PRO_ANNUAL, team: STRIPE_PRICE_TEAM },
    apiBase: env.STRIPE_API_BASE || undefined,
  };
}

/** The plan every workspace has while billing is off: DEFAULT_PLAN ("pro" reads as pro_monthly), default Pro. */
export function defaultPlan(env: BillingEnv): PlanId {
  const wanted = env.DEFAULT_PLAN?.trim().toLowerCase();
  if (wanted === "pro") return "pro_monthly";
  return isPlanId(wanted) ? wanted : "pro_monthly";
}

/** Which of our plans a Stripe price id is (null: a price we do not sell). */
export function planOfPrice(config: BillingConfig, priceId: string | null | undefined): PaidPlanId | null {
  const found = (Object.entries(config.prices) as [PaidPlanId, string][]).find(([, id]) => id === priceId);
  return found ? found[0] : null;
}

/**
 * The one Stripe client: its worker build, on `fetch` (tests pass a fake one) and SubtleCrypto.
 * Requests retry twice on network errors, as Stripe's idempotency keys make safe.
 */
export function stripeClient(config: BillingConfig, fetchFn: typeof fetch = (input, init) => fetch(input, init)): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new Stripe(config.secretKey, {
    httpClient: Stripe.createFetchHttpClient(fetchFn),
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base ? { protocol: base.protocol.replace(":", "") as "http" | "https", host: base.hostname, port: base.port || (base.protocol === "https:" ? 443 : 80) } : {}),
  });
}

/** Verifies and parses a webhook's raw body (5 minutes' tolerance), with SubtleCrypto. */
export const webhookCrypto = Stripe.createSubtleCryptoProvider();
