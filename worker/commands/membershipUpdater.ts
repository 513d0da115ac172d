import { and, eq, isNull } from "drizzle-orm";
import type { MemberRole } from "../../core/contracts/members";
import { inList } from "../db/batching";
import type { Database } from "../db/client";
import { memberships, userTokens, type Membership } from "../db/schema";
import { authorizeWithinPlanOf } from "../services/billing/entitlements";
import type { BillingEnv } from "../services/billing/stripe-client";
import { anActiveAdminRemains, memberEvent, seatActor, takesSeat, withLastAdminGuard, type MemberCommandContext, type MemberEventName } from "./memberEvents";

const isActiveAdmin = (state: Pick<Membership, "role" | "status">) => state.role === "admin" && state.status === "active";

/** Unused invitation links of a membership: they stop working when it is deactivated or removed. */
export const deletePendingInvitationTokens = (db: Database, membershipIds: number[]) =>
  db
    .delete(userTokens)
    .where(and(eq(userTokens.kind, "invitation"), inList(userTokens.membershipId, membershipIds), isNull(userTokens.usedAt)));

/**
 * Changes a membership's role and/or status (deactivate, reactivate), reversibly; asking for
 * what is already so writes nothing. Refuses with 422, changing nothing, when it would leave
 * the workspace without an active admin, and with 402 when it would take a seat (a guest made a
 * member, a deactivated member back) beyond the plan's.
 */
export async function membershipUpdater(
  db: Database,
  env: BillingEnv,
  props: {
    context: MemberCommandContext;
    membership: Membership;
    changes: { role?: MemberRole; status?: "active" | "deactivated" };
    event: MemberEventName;
  },
): Promise<Membership> {
  const { context, membership, changes } = props;
  const next = { role: changes.role ?? membership.role, status: changes.status ?? membership.status };
  if (next.role === membership.role && next.status === membership.status) return membership;
  const deactivating = next.status === "deactivated" && membership.status !== "deactivated";
  const reactivating = next.status === "active" && membership.status === "deactivated";
  if (takesSeat(next) && !takesSeat(membership)) await authorizeWithinPlanOf(db, env, seatActor(context), "seats", 1);
  const where = and(eq(memberships.id, membership.id), eq(memberships.workspaceId, context.workspaceId));

  await withLastAdminGuard(() =>
    db.batch([
      db
        .update(memberships)
        .set({
          ...next,
          ...(deactivating && { deactivatedAt: new Date() }),
          ...(reactivating && { deactivatedAt: null }),
        })
        .where(where),
      ...(deactivating ? [deletePendingInvitationTokens(db, [membership.id])] : []),
      memberEvent(db, context, {
        name: props.event,
        userId: membership.userId,
        properties: { from: { role: membership.role, status: membership.status }, to: next },
        ...(isActiveAdmin(membership) && !isActiveAdmin(next) && { onlyIf: anActiveAdminRemains(context.workspaceId) }),
      }),
    ]),
  );
  context.rooms?.accessChanged(context.workspaceId);
  const [updated] = await db.select().from(memberships).where(where);
  return updated!;
}
