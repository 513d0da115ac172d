import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { articleBranches, reviews, type Article, type ArticleBranch } from "../db/schema";
import { Conflict } from "../lib/errors";
import { eventStatement, type CommandContext } from "./events";
import { reviewCloser } from "./reviewCommands";

/** Ends a branch's approval review if it is still open (its reviewers are told); nothing otherwise. */
export async function branchReviewEnder(db: Database, { context, article, branch, outcome }: { context: CommandContext; article: Article; branch: Pick<ArticleBranch, "reviewId">; outcome: "dismissed" | "closed" }) {
  if (!branch.reviewId) return;
  const [review] = await db.select().from(reviews).where(and(eq(reviews.id, branch.reviewId), eq(reviews.status, "open")));
  if (review) await reviewCloser(db, { context, review, article, outcome });
}

/**
 * Abandons a branch: it ends cancelled (kept, with its body, for `/ended`), with the event, and
 * its approval review, if still open, is dismissed. A branch that ended meanwhile is a 409.
 */
export async function branchCanceller(db: Database, { context, article, branch }: { context: CommandContext; article: Article; branch: ArticleBranch }): Promise<ArticleBranch> {
  const now = new Date();
  const [[ended]] = await db.batch([
    db
      .update(articleBranches)
      .set({ status: "cancelled", endedAt: now, endedById: context.actor.userId || null })
      .where(and(eq(articleBranches.id, branch.id), inArray(articleBranches.status, ["open", "in_review"])))
      .returning(),
    eventStatement(db, context, "branches.cancel", { articleId: article.id, properties: { branch_id: branch.id } }),
  ]);
  if (!ended) throw new Conflict("This branch ended meanwhile");
  await branchReviewEnder(db, { context, article, branch, outcome: "dismissed" });
  return ended;
}
