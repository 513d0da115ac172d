import { and, eq, inArray, sql } from "drizzle-orm";
import type { ConflictChoice } from "../../core/contracts/history";
import type { SerializedDocument } from "../../core/document/types";
import { settleInDocument } from "../../core/editor/change-review";
import { mergeDocuments, previewMerge, UnresolvedConflicts } from "../../core/history/merge";
import type { AccessLevel } from "../../core/enums";
import type { Database } from "../db/client";
import { articleBranches, articleVersions, reviewers, reviews, type Article, type ArticleBranch } from "../db/schema";
import { HttpError } from "../lib/errors";
import { articleBody } from "../services/article-bodies";
import { versionOf } from "../services/branches/load";
import { bodyRevision } from "../services/collab";
import { articleUpdater } from "./articleUpdater";
import { branchReviewEnder } from "./branchCanceller";
import { eventStatement, type CommandContext } from "./events";

/** The three bodies of a branch's merge: its base version's, main's now, and the branch's. */
export async function mergeInputs(db: Database, article: Article, branch: ArticleBranch) {
  const base = await versionOf(db, article, branch.baseVersionId);
  return { base: base.body, main: article.body, branch: branch.body, baseTitle: base.title };
}

/** 409s a merge answers: each with its own code so the client knows what to do next. */
const refuse = (message: string, code: string, details: Record<string, unknown> = {}) => new HttpError(409, message, code, details);

/** Whether the branch's approval review ended with everyone approving. */
async function approved(db: Database, branch: ArticleBranch): Promise<boolean> {
  if (!branch.reviewId) return false;
  const [review] = await db.select().from(reviews).where(eq(reviews.id, branch.reviewId));
  if (review?.status !== "completed") return false;
  const [row] = await db
    .select({ pending: sql<number>`sum(CASE WHEN ${reviewers.answer} IS NULL OR ${reviewers.answer} <> 'approved' THEN 1 ELSE 0 END)`, total: sql<number>`count(*)` })
    .from(reviewers)
    .where(eq(reviewers.reviewId, review.id));
  return Number(row?.total ?? 0) > 0 && Number(row?.pending ?? 0) === 0;
}

/**
 * Merges a branch into main (`/close`; `/cancel_and_merge` with `dropPending`: the branch's
 * pending tracked changes are rejected first, so only what was accepted goes in). Refused with
 * 409 while its approval review has not approved it (the document's owners may merge anyway),
 * when main changed since the preview the merger resolved (`mainRevision`), and while a
 * conflict has no resolution (listed). The merged body goes through articleUpdater (rooms,
 * todos, suggestions, the public cache follow) with, in the same batch, a `merge` version, the
 * branch's end and the event; the branch's review, if still open, is closed.
 */
export async function branchMerger(
  db: Database,
  props: {
    context: CommandContext;
    article: Article;
    level: AccessLevel | null;
    branch: ArticleBranch;
    resolutions: { conflict: number; choose: ConflictChoice }[];
    mainRevision?: number;
    dropPending?: boolean;
  },
): Promise<{ article: Article; branch: ArticleBranch }> {
  const { context, article, level, branch } = props;
  if (level !== "owner" && !(await approved(db, branch))) {
    throw refuse("This branch is waiting for approval: its approval review must approve it before it is merged", "waiting_for_approval");
  }
  if (props.mainRevision !== undefined && props.mainRevision !== bodyRevision(article)) {
    throw refuse("The document changed since this merge was previewed: preview the merge again and resolve its conflicts", "main_changed", { main_revision: bodyRevision(article) });
  }
  const inputs = await mergeInputs(db, article, branch);
  const branchBody: SerializedDocument = props.dropPending ? settleInDocument(inputs.branch, null, "reject").document : inputs.branch;
  const preview = previewMerge(inputs.base, inputs.main, branchBody);
  let merged: SerializedDocument;
  try {
    merged = mergeDocuments(inputs.base, inputs.main, branchBody, new Map(props.resolutions.map((entry) => [entry.conflict, entry.choose])));
  } catch (error) {
    if (!(error instanceof UnresolvedConflicts)) throw error;
    throw refuse(`${error.message}: choose main, branch or both for each`, "merge_conflicts", { conflicts: error.conflicts });
  }
  const content = articleBody({ body: merged });
  // A title the branch changed comes along; otherwise main keeps its own.
  const title = branch.title !== inputs.baseTitle ? branch.title : article.title;
  const newestVersion = sql`(SELECT max(${articleVersions.id}) FROM ${articleVersions} WHERE ${articleVersions.articleId} = ${article.id})`;
  const now = new Date();
  const updated = await articleUpdater(db, {
    context,
    article,
    changes: { content, ...(title !== article.title && { title }) },
    versionControl: "merge",
    alsoWrite: [
      db.insert(articleVersions).values({ articleId: article.id, body: content.body, title, createdById: context.actor.userId || null, kind: "merge", branchId: branch.id }),
      db
        .update(articleBranches)
        .set({ status: "merged", mergedVersionId: newestVersion, endedAt: now, endedById: context.actor.userId || null })
        .where(and(eq(articleBranches.id, branch.id), inArray(articleBranches.status, ["open", "in_review"]))),
      eventStatement(db, context, "branches.merge", {
        articleId: article.id,
        properties: sql`json_object('branch_id', ${branch.id}, 'version_id', ${newestVersion}, 'conflicts', ${preview.conflicts.length}, 'dropped_pending', json(${props.dropPending ? "true" : "false"}))`,
      }),
    ],
  });
  await branchReviewEnder(db, { context, article, branch, outcome: "closed" });
  const [ended] = await db.select().from(articleBranches).where(eq(articleBranches.id, branch.id));
  return { article: updated, branch: ended! };
}
