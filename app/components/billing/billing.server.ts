import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq } from "drizzle-orm";
import { planIds, plans } from "../../../core/billing/plans";
import { createDb, type Database } from "../../../worker/db/client";
import { memberships, users } from "../../../worker/db/schema";
import { can } from "../../../worker/policies";
import { presentPlan } from "../../../worker/presenters/billing";
import { fullName } from "../../../worker/presenters/users";
import { entitlementOf } from "../../../worker/services/billing/entitlements";
import { invoicesOf } from "../../../worker/services/billing/invoices";
import { billingOverview } from "../../../worker/services/billing/overview";
import { billingConfig } from "../../../worker/services/billing/stripe-client";
import { requireWorkspaceActor } from "~/lib/workspace.server";

/**
 * The billing pages' first paint: where the workspace stands (the same overview GET
 * /v1/w/:ws/billing answers), for members and admins; guests are refused as the API refuses
 * them. Members, who cannot change the plan, are told which admins can.
 */
export async function billingPageData(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, workspaceIdParam);
  if (!can(actor, "billing.read")) throw data("Billing is for workspace members", { status: 403 });
  const billing = await billingOverview(db, context.cloudflare.env, actor);
  const manages = billing.policies["billing.manage"];
  const admins = manages ? [] : await workspaceAdmins(db, workspace.id);
  // Read with the page (and again on every revalidation, as Stripe's events arrive), as GET …/billing/invoices answers them.
  const invoices = manages && billing.configured ? await invoicesOf(db, workspace.id) : [];
  return { workspace: { id: workspace.id, name: workspace.name }, billing, admins, invoices };
}

/** The plans page: every plan as GET /v1/billing/plans answers it, beside where the workspace stands. */
export async function plansPageData(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const page = await billingPageData(request, context, workspaceIdParam);
  return { ...page, plans: planIds.map((id) => presentPlan(plans[id])) };
}

/** Up to five active admins' names, for "ask … to change the plan". */
async function workspaceAdmins(db: Database, workspaceId: number) {
  const rows = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, "admin"), eq(memberships.status, "active")))
    .orderBy(asc(users.firstName))
    .limit(5);
  return rows.map(fullName);
}

/** How close the trial's end must be before every page says so. */
const TRIAL_WARNING_DAYS = 3;

/**
 * The shell's billing banner for the current workspace's admins: a failed payment (always,
 * until it is fixed) or our own trial's last days. One read of the billing row, and none at all
 * where billing is off.
 */
export async function billingBanner(context: AppLoadContext, workspace: { id: number; role: string | null } | null, now = new Date()) {
  const env = context.cloudflare.env;
  if (!workspace || (workspace.role !== "admin" && workspace.role !== "super_admin") || !billingConfig(env)) return null;
  const entitlement = await entitlementOf(createDb(env.DB), env, workspace.id, now);
  if (entitlement.status === "past_due" && entitlement.graceEndsAt) return { kind: "past_due" as const, until: entitlement.graceEndsAt.toISOString(), stillPaid: entitlement.paying };
  const ends = entitlement.trialEndsAt;
  if (entitlement.status === "trialing" && !entitlement.paying && ends && ends.getTime() - now.getTime() <= TRIAL_WARNING_DAYS * 86_400_000) {
    return { kind: "trial_ending" as const, until: ends.toISOString(), stillPaid: false };
  }
  return null;
}
export type BillingBannerData = Awaited<ReturnType<typeof billingBanner>>;
