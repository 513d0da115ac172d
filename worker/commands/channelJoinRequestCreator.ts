import { and, eq } from "drizzle-orm";
import { randomToken, sha256Hex } from "../auth/secrets";
import type { Database } from "../db/client";
import { channelJoinRequests, channelMemberships, memberships, users, type Channel, type User, type Workspace } from "../db/schema";
import { Conflict } from "../lib/errors";
import { fullName } from "../presenters/users";
import { reserveOutboundMail } from "../services/mail-quota";
import { channelJoinRequestMail } from "../services/mail-templates";
import { notify, type InboxEnv } from "../services/inbox";
import { eventStatement, type CommandContext } from "./events";

/** The group's page, opened on the request; the token in it is what accepting requires. */
export const joinRequestLink = (origin: string, channel: Channel, requestId: number, token: string) =>
  `${origin}/workspaces/${channel.workspaceId}/groups/${channel.id}?join_request=${requestId}&token=${encodeURIComponent(token)}`;

/** Who is told about a request: the group's owners still active in the workspace, else its admins. */
async function joinRequestRecipients(db: Database, channel: Channel) {
  const activeIn = and(eq(memberships.userId, users.id), eq(memberships.workspaceId, channel.workspaceId), eq(memberships.status, "active"));
  const owners = await db
    .select({ id: users.id, email: users.email })
    .from(channelMemberships)
    .innerJoin(users, eq(users.id, channelMemberships.userId))
    .innerJoin(memberships, activeIn)
    .where(and(eq(channelMemberships.channelId, channel.id), eq(channelMemberships.role, "owner")));
  if (owners.length > 0) return owners;
  return db.select({ id: users.id, email: users.email }).from(memberships).innerJoin(users, activeIn).where(eq(memberships.role, "admin"));
}

/**
 * Asks to join a closed group: records the request with only the hash of a random token and
 * tells the owners, by email as they chose, with a link carrying the token. One pending request
 * per person and group; the mails count against the requester's hourly limit (429, nothing
 * written, when over it).
 */
export async function channelJoinRequestCreator(
  db: Database,
  env: InboxEnv,
  props: { context: CommandContext; channel: Channel; workspace: Workspace; requester: User; origin: string },
) {
  const { context, channel, requester } = props;
  const [pending] = await db
    .select({ id: channelJoinRequests.id })
    .from(channelJoinRequests)
    .where(
      and(
        eq(channelJoinRequests.channelId, channel.id),
        eq(channelJoinRequests.userId, requester.id),
        eq(channelJoinRequests.status, "pending"),
      ),
    );
  if (pending) throw new Conflict("You have already asked to join this group; its owners have not answered yet");

  // Each request mails every owner (or admin): counted against the requester's hourly mail
  // limit before anything is written, so asking to join group after group ends in 429.
  const recipients = await joinRequestRecipients(db, channel);
  await reserveOutboundMail(db, { userId: requester.id, workspaceId: channel.workspaceId, recipients: recipients.length });
  const token = randomToken();
  const [[request]] = await db.batch([
    db
      .insert(channelJoinRequests)
      .values({ channelId: channel.id, userId: requester.id, tokenHash: await sha256Hex(token) })
      .returning(),
    eventStatement(db, context, "channels.join_request", { userId: requester.id, properties: { channel_id: channel.id } }),
  ]);

  const url = joinRequestLink(props.origin, channel, request!.id, token);
  // The email carries the token that accepting needs; it goes as each owner chose (see `notify`).
  await notify(
    db,
    env,
    recipients.map(({ id, email }) => ({
      workspaceId: channel.workspaceId,
      recipientId: id,
      actorId: requester.id,
      type: "ChannelMembership" as const,
      event: "join_requested",
      channelId: channel.id,
      mail: channelJoinRequestMail({
        to: email,
        requesterName: fullName(requester),
        requesterEmail: requester.email,
        channelName: channel.name,
        workspaceName: props.workspace.name,
        url,
      }),
    })),
    { origin: props.origin },
  );
  return request!;
}
