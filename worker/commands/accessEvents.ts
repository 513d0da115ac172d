import type { SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { events } from "../db/schema";
import type { CommandContext } from "./events";

export type AccessEventName = `${"accesses" | "access_requests"}.${string}`;

/**
 * The event row a sharing command batches with its change. Unlike most events, `userId` is
 * the person it concerns (the grantee, the owner asked for access), so an inbox can list a
 * user's items straight from `events`; the actor is `actorId`.
 */
export function accessEvent(
  db: Database,
  context: CommandContext,
  name: AccessEventName,
  { articleId, userId, properties }: { articleId: number | null; userId: number | SQL | null; properties: Record<string, unknown> | SQL }
) {
  return db.insert(events).values({
    name,
    workspaceId: context.actor.workspaceId,
    userId,
    actorId: context.actor.userId || null,
    articleId,
    sessionUuid: context.sessionUuid,
    ip: context.ip,
    properties,
  });
}
