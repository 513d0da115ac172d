import type { SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { events } from "../db/schema";
import type { Actor } from "../policies";

/** Who is acting and from where, recorded with every event a group command writes. */
export interface CommandContext {
  actor: Actor;
  sessionUuid: string | null;
  ip: string | null;
}

/** The event row for a change to a group, for the command to batch with the change itself. */
export function channelEvent(
  db: Database,
  context: CommandContext,
  name: `channels.${string}`,
  properties: Record<string, unknown> | SQL,
  userId: number = context.actor.userId,
) {
  return db.insert(events).values({
    name,
    workspaceId: context.actor.workspaceId,
    userId,
    actorId: context.actor.userId,
    sessionUuid: context.sessionUuid,
    ip: context.ip,
    properties,
  });
}
