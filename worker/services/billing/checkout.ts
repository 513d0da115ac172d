import type Stripe from "stripe";
import { plans, type PaidPlanId } from "../../../core/billing/plans";
import type { Database } from "../../db/client";
import type { User, Workspace } from "../../db/schema";
import { Conflict } from "../../lib/errors";
import { stripeCall } from "./billing-errors";
import { ensureCustomer } from "./customers";
import { billingAccountOf } from "./entitlements";
import type { BillingConfig } from "./stripe-client";
import { checkSeats, liveSubscriptionId } from "./subscription-changes";

const HOUR_MS = 60 * 60 * 1000;
/** Stripe refuses a Checkout trial that ends sooner than this. */
const MIN_CHECKOUT_TRIAL_MS = 48 * HOUR_MS;

/**
 * A Stripe Checkout session for a new subscription. What is left of our own trial goes with it
 * (`trial_end`), so nobody pays for days they were already given. The subscription's metadata
 * names the workspace, which is how its events find their way back.
 */
export async function startCheckout(
  db: Database,
  stripe: Stripe,
  config: BillingConfig,
  input: { workspace: Pick<Workspace, "id" | "name">; admin: Pick<User, "id" | "email">; plan: PaidPlanId; seats: number; origin: string; now?: Date },
): Promise<{ url: string }> {
  const { workspace, admin, plan, seats, origin, now = new Date() } = input;
  const account = await billingAccountOf(db, workspace.id);
  if (liveSubscriptionId(account)) throw new Conflict("This workspace already has a subscription: change its plan or seats instead.");
  await checkSeats(db, workspace.id, plans[plan], seats, now);
  const customer = await ensureCustomer(db, stripe, workspace, admin);
  const trialEnd = account?.trialEndsAt && account.trialEndsAt.getTime() - now.getTime() >= MIN_CHECKOUT_TRIAL_MS ? Math.floor(account.trialEndsAt.getTime() / 1000) : undefined;
  const session = await stripeCall(() =>
    stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: String(workspace.id),
      line_items: [{ price: config.prices[plan], quantity: seats }],
      subscription_data: { metadata: { workspace_id: String(workspace.id) }, ...(trialEnd && { trial_end: trialEnd }) },
      allow_promotion_codes: true,
      success_url: `${origin}/workspaces/${workspace.id}/billing?checkout=success`,
      cancel_url: `${origin}/workspaces/${workspace.id}/plans?checkout=canceled`,
    }),
  );
  if (!session.url) throw new Error(`Stripe answered Checkout session ${session.id} without a URL`);
  return { url: session.url };
}
