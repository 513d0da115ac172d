import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { eventStatement, type CommandContext } from "./events";

/** A second view of the same item by the same person within this window is not counted again. */
export const VIEW_DEDUPE_MS = 60_000;

export interface ClientEvent {
  name: string;
  articleId?: number | null;
  folderId?: number | null;
  /** Who an anonymous visitor is (`X-Anonymous-User-Uuid`). */
  anonymousUuid?: string | null;
  properties: Record<string, unknown>;
}

/** Whether this person already recorded this view a moment ago (reloads, re-renders, two tabs). */
async function seenJustNow(db: Database, context: CommandContext, event: ClientEvent) {
  const who = context.actor.userId
    ? sql`e.user_id = ${context.actor.userId}`
    : event.anonymousUuid
      ? sql`json_extract(e.properties, '$.anonymous_uuid') = ${event.anonymousUuid}`
      : context.sessionUuid
        ? sql`e.session_uuid = ${context.sessionUuid}`
        : context.ip
          ? sql`e.ip = ${context.ip}`
          : null;
  if (!who) return false;
  const what = event.articleId
    ? sql`e.article_id = ${event.articleId}`
    : sql`CAST(json_extract(e.properties, '$.folder_id') AS INTEGER) = ${event.folderId ?? -1}`;
  const rows = await db.all<{ found: number }>(sql`
    SELECT 1 AS found FROM events e
    WHERE e.workspace_id = ${context.actor.workspaceId} AND e.name = ${event.name} AND ${what}
      AND e.created_at > ${Date.now() - VIEW_DEDUPE_MS} AND ${who}
    LIMIT 1`);
  return rows.length > 0;
}

/**
 * Records an event the client reports (views feed "recent" and "frequently viewed").
 * Views are counted once per person per minute; answers whether a row was written.
 */
export async function eventRecorder(db: Database, { context, event, dedupe }: { context: CommandContext; event: ClientEvent; dedupe: boolean }) {
  if (dedupe && (await seenJustNow(db, context, event))) return { recorded: false };
  const properties = {
    ...event.properties,
    ...(event.folderId ? { folder_id: event.folderId } : {}),
    ...(event.anonymousUuid ? { anonymous_uuid: event.anonymousUuid } : {}),
  };
  await eventStatement(db, context, event.name, { articleId: event.articleId ?? null, properties });
  return { recorded: true };
}
