import type { BranchAbilities } from "../../core/contracts/branches";
import type { BranchSummary, TimelinePerson } from "../../core/contracts/history";
import { articleSlug } from "../../core/slug";
import type { Article, ArticleBranch } from "../db/schema";
import { can, type Actor, type BranchResource } from "../policies";
import { branchIsOpen } from "../services/branches/load";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A person as history answers name them (services/history/people.ts `peopleNamed`). */
export type BranchAuthor = TimelinePerson | null;

/** A branch in a list (no body): what it is, whose, where it stands. */
export function presentBranchSummary(branch: ArticleBranch, author: BranchAuthor): BranchSummary {
  return {
    id: branch.id,
    article_id: branch.articleId,
    name: branch.name,
    status: branch.status,
    author,
    base_version_id: branch.baseVersionId,
    review_id: branch.reviewId,
    created_at: branch.createdAt.toISOString(),
    updated_at: branch.updatedAt.toISOString(),
    ended_at: iso(branch.endedAt),
    merged_version_id: branch.mergedVersionId,
  };
}

/** What the actor may do with the branch now: its rules, and only while it is open. */
export function branchAbilities(actor: Actor, branch: ArticleBranch, article: Pick<Article, "archivedAt">, resource: BranchResource): BranchAbilities {
  const open = branchIsOpen(branch) && !article.archivedAt;
  return {
    edit: open && can(actor, "branches.update", resource),
    submit: branch.status === "open" && !article.archivedAt && can(actor, "branches.submit", resource),
    merge: open && can(actor, "branches.merge", resource),
    cancel: open && can(actor, "branches.cancel", resource),
  };
}

/** A branch as its page shows it: the summary, its title and body, its document, and what the actor may do. */
export function presentBranch(actor: Actor, branch: ArticleBranch, author: BranchAuthor, article: Article, resource: BranchResource, endedBy: BranchAuthor = null) {
  return {
    ...presentBranchSummary(branch, author),
    /** Who merged or cancelled it. */
    ended_by: endedBy,
    title: branch.title,
    body: branch.body,
    edited_at: iso(branch.editedAt),
    article: { id: article.id, title: article.title, slug: articleSlug(article.title, article.id), status: article.status },
    can: branchAbilities(actor, branch, article, resource),
  };
}

/**
 * A guest's unmerged branch for the workspace's admins: the branch and its document, whose
 * title shows only to someone who may read it without a password (else "Locked document").
 */
export function presentUnmergedBranch(branch: ArticleBranch, author: BranchAuthor, article: Article, titleVisible: boolean) {
  return {
    ...presentBranchSummary(branch, author),
    article: titleVisible
      ? { id: article.id, title: article.title, slug: articleSlug(article.title, article.id), locked: false }
      : { id: article.id, title: "Locked document", slug: null, locked: true },
  };
}
