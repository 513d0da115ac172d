import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { READ_PROGRESS_EVENT } from "../../core/contracts/home";
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

/** The events of this person (of `e`): a user, else the anonymous visitor's uuid, the tab's session, the address. */
function sameReader(context: CommandContext, anonymousUuid: string | null | undefined) {
  return context.actor.userId
    ? sql`e.user_id = ${context.actor.userId}`
    : anonymousUuid
      ? sql`json_extract(e.properties, '$.anonymous_uuid') = ${anonymousUuid}`
      : context.sessionUuid
        ? sql`e.session_uuid = ${context.sessionUuid}`
        : context.ip
          ? sql`e.ip = ${context.ip}`
          : null;
}

/** Whether this person already recorded this view a moment ago (reloads, re-renders, two tabs). */
async function seenJustNow(db: Database, context: CommandContext, event: ClientEvent) {
  const who = sameReader(context, event.anonymousUuid);
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

/** A reader-session ends after this long without progress: a later report starts a new one. */
export const READ_SESSION_IDLE_MS = 30 * 60_000;

/**
 * Records how far a reader got (`articles.read_progress`, reported every 15 s and on leaving):
 * one row per reader-session, so the table grows by one row per read, not per report. The
 * reader's latest row still in its session (progress within the last 30 minutes) keeps the
 * larger of its seconds and scroll depth; otherwise a new row starts. The row's `updated_at`
 * is its last report. Answers whether a new row was written.
 */
export async function readProgressRecorder(
  db: Database,
  { context, articleId, anonymousUuid, progress }: { context: CommandContext; articleId: number; anonymousUuid: string | null; progress: { seconds: number; scroll_depth: number } },
) {
  const who = sameReader(context, anonymousUuid);
  const now = Date.now();
  if (who) {
    // The article's recent events only (events_article_created), then this reader's open session.
    const updated = await db.all<{ id: number }>(sql`
      UPDATE events SET
        properties = json_set(properties,
          '$.seconds', MAX(COALESCE(json_extract(properties, '$.seconds'), 0), ${progress.seconds}),
          '$.scroll_depth', MAX(COALESCE(json_extract(properties, '$.scroll_depth'), 0), ${progress.scroll_depth})),
        updated_at = ${now}
      WHERE id = (
        SELECT e.id FROM events e
        WHERE e.article_id = ${articleId} AND e.created_at > ${now - 24 * 3600_000} AND e.name = ${READ_PROGRESS_EVENT}
          AND e.updated_at > ${now - READ_SESSION_IDLE_MS} AND ${who}
        ORDER BY e.id DESC LIMIT 1)
      RETURNING id`);
    if (updated.length > 0) return { recorded: false };
  }
  const properties = { seconds: progress.seconds, scroll_depth: progress.scroll_depth, ...(anonymousUuid ? { anonymous_uuid: anonymousUuid } : {}) };
  await eventStatement(db, context, READ_PROGRESS_EVENT, { articleId, properties });
  return { recorded: true };
}
