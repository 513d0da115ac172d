import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { channelMemberships, type Channel } from "../db/schema";
import { notify } from "../services/inbox";
import { eventStatement, type CommandContext } from "./events";

/** Puts `userId` in the group as a member (the actor themselves, or someone a manager adds). */
export async function channelJoiner(
  db: Database,
  { context, channel, userId }: { context: CommandContext; channel: Channel; userId: number },
) {
  await db.batch([
    db.insert(channelMemberships).values({ channelId: channel.id, userId, role: "member" }).onConflictDoNothing(),
    eventStatement(db, context, "channels.join", { userId, properties: { channel_id: channel.id } }),
  ]);
  const [membership] = await db
    .select()
    .from(channelMemberships)
    .where(and(eq(channelMemberships.channelId, channel.id), eq(channelMemberships.userId, userId)));
  // Joining yourself tells nobody; being added by a manager lands in your inbox.
  if (context.inbox) {
    await notify(
      db,
      context.inbox.env,
      [{ workspaceId: channel.workspaceId, recipientId: userId, actorId: context.actor.userId, type: "ChannelMembership", event: "added", channelId: channel.id }],
      { origin: context.inbox.origin },
    );
  }
  return membership!;
}
