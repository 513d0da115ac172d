import { sql } from "drizzle-orm";
import type { CreateChannelInput } from "../../core/contracts/channels";
import type { Database } from "../db/client";
import { channelMemberships, channels } from "../db/schema";
import { eventStatement, type CommandContext } from "./events";

/**
 * Creates a group in the actor's workspace with the actor as its owner, in one batch: the
 * membership and the event find the new group through `last_insert_rowid()`, which in a
 * D1 batch (one transaction, one connection) is the row the statement before inserted.
 */
export async function channelCreator(db: Database, { context, input }: { context: CommandContext; input: CreateChannelInput }) {
  const { actor } = context;
  const [[channel]] = await db.batch([
    db
      .insert(channels)
      .values({
        workspaceId: actor.workspaceId,
        name: input.name,
        description: input.description ?? "",
        visibility: input.visibility,
        createdById: actor.userId,
      })
      .returning(),
    db.insert(channelMemberships).values({ channelId: sql`last_insert_rowid()`, userId: actor.userId, role: "owner" }),
    eventStatement(db, context, "channels.create", {
      properties: sql`json_object('channel_id', (SELECT channel_id FROM channel_memberships WHERE id = last_insert_rowid()), 'visibility', ${input.visibility})`,
    }),
  ]);
  return channel!;
}
