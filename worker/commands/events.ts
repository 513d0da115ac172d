import type { SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { events } from "../db/schema";
import type { Actor } from "../policies";
import type { RoomNotices } from "../services/room-notices";

/** Who is acting and from where, recorded with every event a command writes. */
export interface CommandContext {
  actor: Actor;
  sessionUuid: string | null;
  ip: string | null;
  /** Tells live document rooms about committed changes to bodies and access (absent for the rooms' own saves). */
  rooms?: RoomNotices;
}

/** The event row a command batches with its change: what happened, by whom, from where. */
export function eventStatement(
  db: Database,
  context: CommandContext,
  name: string,
  {
    articleId,
    userId = context.actor.userId || null,
    properties = {},
  }: {
    articleId?: number | SQL | null;
    /** Whom the event is about when it is not the actor (the person who joins a group or asks to). */
    userId?: number | null;
    properties?: Record<string, unknown> | SQL;
  } = {},
) {
  return db.insert(events).values({
    name,
    workspaceId: context.actor.workspaceId,
    userId,
    actorId: context.actor.userId || null,
    articleId: articleId ?? null,
    sessionUuid: context.sessionUuid,
    ip: context.ip,
    properties,
  });
}
