import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { channelMemberships, channels, memberships, type Membership } from "../db/schema";
import { anActiveAdminRemains, memberEvent, withLastAdminGuard, type MemberCommandContext, type MemberEventName } from "./memberEvents";
import { deletePendingInvitationTokens } from "./membershipUpdater";

/**
 * Removes someone from a workspace entirely: the membership, their place in the workspace's
 * groups and any pending invitation link go together. Refuses with 422, changing nothing,
 * when it would leave the workspace without an active admin.
 */
export async function membershipRemover(
  db: Database,
  props: { context: MemberCommandContext; membership: Membership; event: MemberEventName },
) {
  const { context, membership } = props;
  const workspaceChannels = db.select({ id: channels.id }).from(channels).where(eq(channels.workspaceId, context.workspaceId));
  await withLastAdminGuard(() =>
    db.batch([
      db.delete(memberships).where(and(eq(memberships.id, membership.id), eq(memberships.workspaceId, context.workspaceId))),
      db
        .delete(channelMemberships)
        .where(and(eq(channelMemberships.userId, membership.userId), inArray(channelMemberships.channelId, workspaceChannels))),
      deletePendingInvitationTokens(db, [membership.id]),
      memberEvent(db, context, {
        name: props.event,
        userId: membership.userId,
        properties: { role: membership.role, status: membership.status },
        ...(membership.role === "admin" && membership.status === "active" && { onlyIf: anActiveAdminRemains(context.workspaceId) }),
      }),
    ]),
  );
  context.rooms?.accessChanged(context.workspaceId);
}
