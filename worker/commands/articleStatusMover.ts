import { and, eq } from "drizzle-orm";
import type { DocumentStatus } from "../../core/enums";
import type { Database } from "../db/client";
import { articles } from "../db/schema";
import { eventStatement, type CommandContext } from "./events";

/**
 * The statements that move a document's status on its own (reviews, suggestions), for the
 * caller's batch: only from the status it was read in, so a status someone set meanwhile
 * stays; the event names the cause (`articles.status_from_review`, `…_from_suggestions`).
 */
export function statusMoveStatements(
  db: Database,
  context: CommandContext,
  move: { articleId: number; from: DocumentStatus; to: DocumentStatus; cause: "review" | "suggestions" },
) {
  return [
    db.update(articles).set({ status: move.to }).where(and(eq(articles.id, move.articleId), eq(articles.status, move.from))),
    eventStatement(db, context, `articles.status_from_${move.cause}`, { articleId: move.articleId, properties: { from: move.from, to: move.to } }),
  ] as const;
}
