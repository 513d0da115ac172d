import { and, desc, eq, inArray } from "drizzle-orm";
import type { BranchStatus } from "../../../core/contracts/history";
import type { AccessLevel } from "../../../core/enums";
import type { Database } from "../../db/client";
import { articleBranches, articleVersions, reviewers, type Article, type ArticleBranch } from "../../db/schema";
import { NotFound } from "../../lib/errors";
import { can, type Actor, type BranchResource } from "../../policies";

/** Whether a branch is still being worked on (its body may change). */
export const branchIsOpen = (branch: Pick<ArticleBranch, "status">) => branch.status === "open" || branch.status === "in_review";

/** A branch by id; its document's loader then decides who may see it. */
export async function findBranch(db: Database, id: number): Promise<ArticleBranch> {
  const [branch] = await db.select().from(articleBranches).where(eq(articleBranches.id, id));
  if (!branch) throw new NotFound("Branch not found");
  return branch;
}

/** Whether the actor was asked to review the branch (its approval review names them). */
async function reviewsBranch(db: Database, actor: Actor, branch: Pick<ArticleBranch, "reviewId">): Promise<boolean> {
  if (!branch.reviewId || !actor.userId) return false;
  const [row] = await db
    .select({ id: reviewers.id })
    .from(reviewers)
    .where(and(eq(reviewers.reviewId, branch.reviewId), eq(reviewers.userId, actor.userId)))
    .limit(1);
  return Boolean(row);
}

/** The branch as policies see it: the actor's level on its document, theirs or not, asked to review it or not. */
export async function branchResource(db: Database, actor: Actor, level: AccessLevel | null, branch: ArticleBranch): Promise<BranchResource> {
  return { level, isAuthor: Boolean(actor.userId) && branch.authorId === actor.userId, isReviewer: await reviewsBranch(db, actor, branch) };
}

/** The document's branches (one status or all), newest first, that the actor may see. */
export async function branchesOf(db: Database, actor: Actor, article: Article, level: AccessLevel | null, status?: BranchStatus) {
  const rows = await db
    .select()
    .from(articleBranches)
    .where(and(eq(articleBranches.articleId, article.id), status ? eq(articleBranches.status, status) : undefined))
    .orderBy(desc(articleBranches.id))
    .limit(200);
  const reviewIds = rows.flatMap((branch) => (branch.reviewId ? [branch.reviewId] : []));
  const reviewing = new Set(
    reviewIds.length && actor.userId
      ? (
          await db
            .select({ reviewId: reviewers.reviewId })
            .from(reviewers)
            .where(and(inArray(reviewers.reviewId, reviewIds), eq(reviewers.userId, actor.userId)))
        ).map((row) => row.reviewId)
      : [],
  );
  return rows.filter((branch) =>
    can(actor, "branches.read", {
      level,
      isAuthor: Boolean(actor.userId) && branch.authorId === actor.userId,
      isReviewer: branch.reviewId !== null && reviewing.has(branch.reviewId),
    } satisfies BranchResource),
  );
}

export type StoredVersion = typeof articleVersions.$inferSelect;

/** A version of this document (an id in a URL or a body), else 404 as if it did not exist. */
export async function versionOf(db: Database, article: Pick<Article, "id">, versionId: number): Promise<StoredVersion> {
  const [version] = await db
    .select()
    .from(articleVersions)
    .where(and(eq(articleVersions.id, versionId), eq(articleVersions.articleId, article.id)));
  if (!version) throw new NotFound("Version not found");
  return version;
}
