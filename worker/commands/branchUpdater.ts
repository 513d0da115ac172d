import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { articleBranches, type ArticleBranch } from "../db/schema";
import { assertStorableBody, type ArticleBody } from "../services/article-bodies";

export interface BranchChanges {
  title?: string;
  name?: string;
  content?: ArticleBody;
}

/**
 * Writes a branch's title, name or body while it is open or in review, and only if its body
 * is still the one read (its revision, `edited_at`): a write that lost a race, or reached a
 * branch that ended meanwhile, stores nothing and answers null. Branch edits are not the
 * document's: no contributor, no event (the merge is the document's change).
 */
export async function branchUpdater(db: Database, { branch, changes, now = new Date() }: { branch: ArticleBranch; changes: BranchChanges; now?: Date }): Promise<ArticleBranch | null> {
  if (changes.content) assertStorableBody(changes.content);
  const set: Partial<typeof articleBranches.$inferInsert> = {};
  if (changes.title !== undefined) set.title = changes.title || "Untitled";
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.content) {
    set.body = changes.content.body;
    set.bodyText = changes.content.bodyText;
    set.editedAt = now;
  }
  const [updated] = await db
    .update(articleBranches)
    .set(set)
    .where(
      and(
        eq(articleBranches.id, branch.id),
        inArray(articleBranches.status, ["open", "in_review"]),
        branch.editedAt ? eq(articleBranches.editedAt, branch.editedAt) : isNull(articleBranches.editedAt),
      ),
    )
    .returning();
  return updated ?? null;
}
