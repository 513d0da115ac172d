import type { SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { events } from "../db/schema";
import type { Actor } from "../policies";
import type { PublicPagePurger } from "../services/public-cache";
import type { InboxEnv } from "../services/inbox";
import type { RoomNotices } from "../services/room-notices";

/** Who is acting and from where, recorded with every event a command writes. */
export interface CommandContext {
  actor: Actor;
  sessionUuid: string | null;
  ip: string | null;
  /** Tells live document rooms about committed changes to bodies and access (absent for the rooms' own saves). */
  rooms?: RoomNotices;
  /**
   * Drops cached public pages after a committed change that affects them. Every command that
   * bumps `public_version` purges the same pages through it (a cache hit reads no database).
   */
  publicPages?: PublicPagePurger;
  /** Where `notify` reaches people's inbox hubs and which origin its email links use (absent: nobody is told). */
  inbox?: { env: InboxEnv; origin: string };
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
