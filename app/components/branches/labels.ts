import type { BranchStatus } from "../../../core/contracts/history";

/** A branch's status as its banner and lists show it. */
export const BRANCH_STATUS_LABELS: Record<BranchStatus, string> = {
  open: "Open",
  in_review: "In review",
  merged: "Merged",
  cancelled: "Cancelled",
};

/** The name people gave a branch, or one made from its number. */
export const branchName = (branch: { id: number; name: string }) => branch.name.trim() || `Branch ${branch.id}`;

/** `/docs/:slug/<page>?branch=<id>`: the branch sub-pages take the branch in the query. */
export const branchHref = (slug: string, branchId: number, page?: "submit" | "close" | "cancel" | "cancel_and_merge" | "ended") =>
  page ? `/docs/${slug}/${page}?branch=${branchId}` : `/docs/${slug}?branch=${branchId}`;
