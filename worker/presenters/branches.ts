import type { BranchAbilities } from "../../core/contracts/branches";
import type { BranchSummary } from "../../core/contracts/history";
import { articleSlug } from "../../core/slug";
import type { Article, ArticleBranch, User } from "../db/schema";
import { can, type Actor, type BranchResource } from "../policies";
import { branchIsOpen } from "../services/branches/load";
import { fullName } from "./users";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export type BranchAuthor = Pick<User, "id" | "firstName" | "lastName" | "email"> | null;

/** A branch in a list (no body): what it is, whose, where it stands. */
export function presentBranchSummary(branch: ArticleBranch, author: BranchAuthor): BranchSummary {
  return {
    id: branch.id,
    article_id: branch.articleId,
    name: branch.name,
    status: branch.status,
    author: author ? { id: author.id, name: fullName(author) } : null,
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
export function presentBranch(actor: Actor, branch: ArticleBranch, author: BranchAuthor, article: Article, resource: BranchResource) {
  return {
    ...presentBranchSummary(branch, author),
    title: branch.title,
    body: branch.body,
    edited_at: iso(branch.editedAt),
    article: { id: article.id, title: article.title, slug: articleSlug(article.title, article.id), status: article.status },
    can: branchAbilities(actor, branch, article, resource),
  };
}
