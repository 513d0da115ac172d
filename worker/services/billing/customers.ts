import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "../../db/client";
import { billingAccounts, type User, type Workspace } from "../../db/schema";
import { stripeCall } from "./billing-errors";
import { billingAccountOf } from "./entitlements";

/**
 * The workspace's Stripe customer, created once: the idempotency key makes two admins
 * subscribing at the same moment get the same customer. Whoever subscribes becomes the
 * account's owner, who hears about trials ending and failed payments.
 */
export async function ensureCustomer(db: Database, stripe: Stripe, workspace: Pick<Workspace, "id" | "name">, admin: Pick<User, "id" | "email">): Promise<string> {
  const account = await billingAccountOf(db, workspace.id);
  let customerId = account?.stripeCustomerId ?? null;
  if (!customerId) {
    const customer = await stripeCall(() =>
      stripe.customers.create(
        { email: admin.email, name: workspace.name, metadata: { workspace_id: String(workspace.id) } },
        { idempotencyKey: `customer-ws-${workspace.id}` },
      ),
    );
    customerId = customer.id;
  }
  await db
    .insert(billingAccounts)
    .values({ workspaceId: workspace.id, stripeCustomerId: customerId, ownerId: admin.id })
    .onConflictDoUpdate({
      target: billingAccounts.workspaceId,
      // A customer once stored stays the workspace's customer.
      set: { stripeCustomerId: sql`coalesce(${billingAccounts.stripeCustomerId}, excluded.stripe_customer_id)`, ownerId: admin.id, updatedAt: new Date() },
    });
  return account?.stripeCustomerId ?? customerId;
}
