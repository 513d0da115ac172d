import type Stripe from "stripe";
import type { PortalInput } from "../../../core/contracts/billing";
import type { Database } from "../../db/client";
import { Conflict } from "../../lib/errors";
import { stripeCall } from "./billing-errors";
import { billingAccountOf } from "./entitlements";

/**
 * A Stripe Customer Portal session: `payment_method` opens straight on updating the card,
 * `manage` on the portal's home (invoices, plan, cancellation). It comes back to the billing page.
 */
export async function openBillingPortal(db: Database, stripe: Stripe, input: { workspaceId: number; flow: PortalInput["flow"]; origin: string }): Promise<{ url: string }> {
  const account = await billingAccountOf(db, input.workspaceId);
  if (!account?.stripeCustomerId) throw new Conflict("Subscribe first: the billing portal is for a workspace that has subscribed.");
  const customer = account.stripeCustomerId;
  const session = await stripeCall(() =>
    stripe.billingPortal.sessions.create({
      customer,
      return_url: `${input.origin}/workspaces/${input.workspaceId}/billing`,
      ...(input.flow === "payment_method" && { flow_data: { type: "payment_method_update" as const } }),
    }),
  );
  return { url: session.url };
}
