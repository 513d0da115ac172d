import type { BillingOut } from "../../../core/contracts/billing";
import type { Database } from "../../db/client";
import type { Actor } from "../../policies";
import { presentBilling } from "../../presenters/billing";
import { entitlementOf, usageOf } from "./entitlements";
import type { BillingEnv } from "./stripe-client";

/**
 * Where the workspace stands on billing, as GET /v1/w/:ws/billing answers it; the billing
 * pages' loaders call this directly. Permission is the caller's (billing.read).
 */
export async function billingOverview(db: Database, env: BillingEnv, actor: Actor, now = new Date(), notice: string | null = null): Promise<BillingOut> {
  const [entitlement, usage] = await Promise.all([entitlementOf(db, env, actor.workspaceId, now), usageOf(db, actor.workspaceId, now)]);
  return presentBilling(entitlement, usage, actor, now, notice);
}
