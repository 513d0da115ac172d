import { and, eq, sql } from "drizzle-orm";
import type { DocumentStatus } from "../../core/enums";
import type { Database } from "../db/client";
import { articles, articleVersions } from "../db/schema";
import { eventStatement, type CommandContext } from "./events";

/**
 * The statements that move a document's status on its own (reviews, suggestions), for the
 * caller's batch: only from the status it was read in, so a status someone set meanwhile
 * stays; the event names the cause (`articles.status_from_review`, `…_from_suggestions`).
 * History keeps a version of the document as it is when the move happened.
 */
export function statusMoveStatements(
  db: Database,
  context: CommandContext,
  move: { articleId: number; from: DocumentStatus; to: DocumentStatus; cause: "review" | "suggestions" },
) {
  const moved = and(eq(articles.id, move.articleId), eq(articles.status, move.to));
  return [
    db.update(articles).set({ status: move.to }).where(and(eq(articles.id, move.articleId), eq(articles.status, move.from))),
    // Kept only when the document is now in the new status (the move above applied).
    db.insert(articleVersions).select(
      db
        .select({
          // Every column in the table's order, as insert…select wants; a null id is the next one.
          id: sql<number>`NULL`.as("id"),
          articleId: articles.id,
          body: articles.body,
          title: articles.title,
          createdById: sql<number | null>`${context.actor.userId || null}`.as("created_by_id"),
          kind: sql<"status">`'status'`.as("kind"),
          branchId: sql<number | null>`NULL`.as("branch_id"),
          createdAt: sql<Date>`(unixepoch('subsec') * 1000)`.as("created_at"),
        })
        .from(articles)
        .where(moved),
    ),
    // The version just kept, if one was (`changes()` counts the insert right before).
    eventStatement(db, context, `articles.status_from_${move.cause}`, {
      articleId: move.articleId,
      properties: sql`json_set(${JSON.stringify({ from: move.from, to: move.to })}, '$.version_id', CASE WHEN changes() > 0 THEN last_insert_rowid() END)`,
    }),
  ] as const;
}
