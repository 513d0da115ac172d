import type { SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { events } from "../db/schema";
import type { CommandContext } from "./channelEvents";

export type { CommandContext };

/** The event row a command batches with its change: what happened, by whom, from where. */
export function eventStatement(
  db: Database,
  context: CommandContext,
  name: string,
  { articleId, properties = {} }: { articleId?: number | SQL | null; properties?: Record<string, unknown> | SQL } = {},
) {
  return db.insert(events).values({
    name,
    workspaceId: context.actor.workspaceId,
    userId: context.actor.userId || null,
    actorId: context.actor.userId || null,
    articleId: articleId ?? null,
    sessionUuid: context.sessionUuid,
    ip: context.ip,
    properties,
  });
}
