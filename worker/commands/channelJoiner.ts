import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { channelMemberships, type Channel } from "../db/schema";
import { channelEvent, type CommandContext } from "./channelEvents";

/** Puts `userId` in the group as a member (the actor themselves, or someone a manager adds). */
export async function channelJoiner(
  db: Database,
  { context, channel, userId }: { context: CommandContext; channel: Channel; userId: number },
) {
  await db.batch([
    db.insert(channelMemberships).values({ channelId: channel.id, userId, role: "member" }).onConflictDoNothing(),
    channelEvent(db, context, "channels.join", { channel_id: channel.id }, userId),
  ]);
  const [membership] = await db
    .select()
    .from(channelMemberships)
    .where(and(eq(channelMemberships.channelId, channel.id), eq(channelMemberships.userId, userId)));
  return membership!;
}
