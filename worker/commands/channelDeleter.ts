import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { channelJoinRequests, channelMemberships, channels, type Channel } from "../db/schema";
import { eventStatement, type CommandContext } from "./events";

/** Deletes a group with its memberships and join requests, and records who did it. */
export async function channelDeleter(db: Database, { context, channel }: { context: CommandContext; channel: Channel }) {
  await db.batch([
    db.delete(channelJoinRequests).where(eq(channelJoinRequests.channelId, channel.id)),
    db.delete(channelMemberships).where(eq(channelMemberships.channelId, channel.id)),
    db.delete(channels).where(eq(channels.id, channel.id)),
    eventStatement(db, context, "channels.delete", { properties: { channel_id: channel.id, name: channel.name } }),
  ]);
  context.rooms?.accessChanged(channel.workspaceId);
}
