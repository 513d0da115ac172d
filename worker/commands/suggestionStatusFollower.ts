import { and, desc, eq, ne } from "drizzle-orm";
import type { DocumentStatus } from "../../core/enums";
import type { Database } from "../db/client";
import { articles, suggestions } from "../db/schema";
import { statusMoveStatements } from "./articleStatusMover";
import type { CommandContext } from "./events";

/** A document leaving `suggestions` with nothing remembered goes back to draft. */
const FALLBACK_STATUS: DocumentStatus = "draft";

/**
 * While a document has open suggestions, the status it had before them (kept on the open
 * suggestions' rows), else null. Reviews that finish meanwhile change this, not the status.
 */
export async function rememberedStatus(db: Database, articleId: number): Promise<{ status: DocumentStatus } | null> {
  const open = await db
    .select({ previousStatus: suggestions.previousStatus })
    .from(suggestions)
    .where(and(eq(suggestions.articleId, articleId), eq(suggestions.state, "open")));
  if (open.length === 0) return null;
  return { status: open.find((row) => row.previousStatus !== null)?.previousStatus ?? FALLBACK_STATUS };
}

/** The statement that makes `status` the one a document returns to when its last suggestion closes. */
export const rememberStatusStatement = (db: Database, articleId: number, status: DocumentStatus) =>
  db
    .update(suggestions)
    .set({ previousStatus: status })
    .where(and(eq(suggestions.articleId, articleId), eq(suggestions.state, "open")));

/**
 * The document's status follows its suggestions: `suggestions` while any is open (the status
 * it had is remembered on their rows), back to that status when the last one closes, only if
 * it is still `suggestions` (someone may have set another meanwhile). Answers the status now.
 */
export async function suggestionStatusFollower(db: Database, context: CommandContext, articleId: number): Promise<DocumentStatus | null> {
  const [fresh] = await db.select({ status: articles.status }).from(articles).where(eq(articles.id, articleId));
  if (!fresh) return null;
  const remembered = await rememberedStatus(db, articleId);
  if (remembered && fresh.status !== "suggestions") {
    await db.batch([
      rememberStatusStatement(db, articleId, fresh.status),
      ...statusMoveStatements(db, context, { articleId, from: fresh.status, to: "suggestions", cause: "suggestions" }),
    ]);
    return "suggestions";
  }
  if (!remembered && fresh.status === "suggestions") {
    const [last] = await db
      .select({ previousStatus: suggestions.previousStatus })
      .from(suggestions)
      .where(and(eq(suggestions.articleId, articleId), ne(suggestions.state, "open")))
      .orderBy(desc(suggestions.settledAt), desc(suggestions.id))
      .limit(1);
    const to = last?.previousStatus ?? FALLBACK_STATUS;
    await db.batch(statusMoveStatements(db, context, { articleId, from: "suggestions", to, cause: "suggestions" }));
    return to;
  }
  return fresh.status;
}
