import { and, eq } from "drizzle-orm";
import type { ChannelMembershipResult } from "../../core/contracts/channels";
import { chunk, inList, rowsPerInsert, runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { channelMemberships, type Channel, type User, type Workspace } from "../db/schema";
import { authorize } from "../policies";
import { notify, type InboxEnv } from "../services/inbox";
import { membershipsOf, usersByEmail } from "../services/members";
import { eventStatement, type CommandContext } from "./events";
import { invitationPlan, userIdByEmail } from "./memberInviter";

/** A group membership row binds 3 parameters: the group, the user's email (in a subquery) and the role. */
const ROWS_PER_INSERT = rowsPerInsert(3);

async function channelMemberIds(db: Database, channelId: number, userIds: number[]) {
  const found = new Set<number>();
  const rows = await db
    .select({ userId: channelMemberships.userId })
    .from(channelMemberships)
    .where(and(eq(channelMemberships.channelId, channelId), inList(channelMemberships.userId, userIds)));
  for (const row of rows) found.add(row.userId);
  return found;
}

/**
 * Adds people to a group by email. Active and invited workspace members are added; anyone
 * else is invited to the workspace as a member, exactly as memberInviter invites (a user when
 * the email is new, an invited membership, a single-use token, an email with the link), and
 * added to the group too. Deactivated members are left out. The invitations and the group's
 * rows land in one batch; the emails go out after it commits.
 */
export async function channelMembersAdder(
  db: Database,
  env: InboxEnv,
  props: { context: CommandContext; inviter: User; channel: Channel; workspace: Workspace; emails: string[]; origin: string },
) {
  const { context, channel, workspace } = props;
  const emails = [...new Set(props.emails)];
  const known = await usersByEmail(db, emails);
  const knownIds = [...known.values()].map((user) => user.id);
  const [members, inGroup] = await Promise.all([
    membershipsOf(db, workspace.id, knownIds),
    channelMemberIds(db, channel.id, knownIds),
  ]);

  const outcome = new Map<string, ChannelMembershipResult>();
  for (const email of emails) {
    const user = known.get(email);
    const membership = user && members.get(user.id);
    if (!user || !membership) outcome.set(email, "invited");
    else if (membership.status === "deactivated") outcome.set(email, "deactivated");
    else if (inGroup.has(user.id)) outcome.set(email, "already_member");
    else outcome.set(email, "added");
  }
  const withOutcome = (wanted: ChannelMembershipResult) => emails.filter((email) => outcome.get(email) === wanted);
  const invited = withOutcome("invited");
  const joining = [...withOutcome("added"), ...invited];
  // Bringing someone new into the workspace is an invitation, whoever manages the group.
  if (invited.length > 0) authorize(context.actor, "members.invite");

  const invitations = await invitationPlan(db, env, {
    context: { workspaceId: workspace.id, actorId: context.actor.userId, actorRole: context.actor.role, sessionUuid: context.sessionUuid, ip: context.ip },
    inviter: props.inviter,
    workspace,
    invites: invited.map((email) => ({ email, role: "member", message: `You have been added to the group ${channel.name}.` })),
    origin: props.origin,
    renewPending: false,
  });
  await runBatch(db, [
    ...invitations.statements,
    ...chunk(joining, ROWS_PER_INSERT).map((part) =>
      db
        .insert(channelMemberships)
        .values(part.map((email) => ({ channelId: channel.id, userId: userIdByEmail(email), role: "member" as const })))
        .onConflictDoNothing(),
    ),
    ...(joining.length > 0
      ? [eventStatement(db, context, "channels.add_members", { properties: { channel_id: channel.id, added: withOutcome("added"), invited } })]
      : []),
  ]);

  const newcomers = new Map((await invitations.deliver()).map((result) => [result.email, result.user]));
  // People already in the workspace hear it in their inbox; newcomers got an invitation email.
  await notify(
    db,
    env,
    withOutcome("added").map((email) => ({
      workspaceId: workspace.id,
      recipientId: known.get(email)!.id,
      actorId: context.actor.userId,
      type: "ChannelMembership" as const,
      event: "added",
      channelId: channel.id,
    })),
    { origin: props.origin },
  );
  return emails.map((email) => ({ email, status: outcome.get(email)!, user: known.get(email) ?? newcomers.get(email) ?? null }));
}
