import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { channelJoinRequests, channelMemberships } from "../db/schema";
import { Conflict } from "../lib/errors";
import { notify } from "../services/inbox";
import { eventStatement, type CommandContext } from "./events";

type JoinRequest = typeof channelJoinRequests.$inferSelect;

/**
 * Accepts or denies a pending join request. The status only moves from pending, and the
 * membership is inserted only if this request ended up accepted, so a deny racing an
 * accept cannot leave the requester in the group.
 */
export async function channelJoinRequestDecider(
  db: Database,
  { context, request, decision }: { context: CommandContext; request: JoinRequest; decision: "accepted" | "denied" },
) {
  if (request.status !== "pending") throw new Conflict(`This request was already ${request.status}`);
  const now = sql<Date>`(unixepoch('subsec') * 1000)`;
  const [decided] = await db.batch([
    db
      .update(channelJoinRequests)
      .set({ status: decision, decidedById: context.actor.userId })
      .where(and(eq(channelJoinRequests.id, request.id), eq(channelJoinRequests.status, "pending")))
      .returning(),
    db
      .insert(channelMemberships)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            channelId: channelJoinRequests.channelId,
            userId: channelJoinRequests.userId,
            role: sql<"member">`'member'`.as("role"),
            createdAt: now.as("created_at"),
            updatedAt: now.as("updated_at"),
          })
          .from(channelJoinRequests)
          .where(and(eq(channelJoinRequests.id, request.id), eq(channelJoinRequests.status, "accepted"))),
      )
      .onConflictDoNothing(),
    eventStatement(db, context, decision === "accepted" ? "channels.join_request_accept" : "channels.join_request_deny", {
      userId: request.userId,
      properties: { channel_id: request.channelId, request_id: request.id },
    }),
  ]);
  if (!decided[0]) throw new Conflict("This request was already decided");
  if (context.inbox) {
    await notify(
      db,
      context.inbox.env,
      [
        {
          workspaceId: context.actor.workspaceId,
          recipientId: request.userId,
          actorId: context.actor.userId,
          type: "ChannelMembership",
          event: decision === "accepted" ? "join_accepted" : "join_denied",
          channelId: request.channelId,
        },
      ],
      { origin: context.inbox.origin },
    );
  }
  return decided[0];
}
