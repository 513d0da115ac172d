import { reviewAnswerLabels, reviewKindLabels } from "../../core/contracts/reviews";
import { articleSlug } from "../../core/slug";
import type { Article } from "../db/schema";
import { presentPolicies, type Actor, type ReviewResource } from "../policies";
import type { ReviewView } from "../services/reviews";
import { fullName } from "./users";

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** A review as its document's readers see it: who asked, who was asked, who answered what, and what this person may do. */
export function presentReview(actor: Actor, view: ReviewView, article: Pick<Article, "id" | "title" | "status">, resource: ReviewResource) {
  const { review } = view;
  const answered = view.reviewers.filter((entry) => entry.reviewer.answer !== null).length;
  return {
    id: review.id,
    kind: review.kind,
    kind_label: reviewKindLabels[review.kind],
    status: review.status,
    /** The branch this review approves, or null for a review of the document itself. */
    branch_id: view.branchId,
    message: review.message,
    due_at: iso(review.dueAt),
    created_at: iso(review.createdAt),
    closed_at: iso(review.closedAt),
    article: { id: article.id, title: article.title, slug: articleSlug(article.title, article.id), status: article.status },
    requester: view.requester ? { id: view.requester.id, name: fullName(view.requester) } : null,
    reviewers: view.reviewers.map(({ reviewer, user }) => ({
      user: { id: user.id, name: fullName(user) },
      channel_id: reviewer.channelId,
      answer: reviewer.answer,
      answer_label: reviewer.answer ? reviewAnswerLabels[reviewer.answer] : null,
      comment: reviewer.comment,
      answered_at: iso(reviewer.answeredAt),
    })),
    progress: { answered, total: view.reviewers.length },
    my_answer: view.reviewers.find((entry) => entry.user.id === actor.userId)?.reviewer.answer ?? null,
    policies: presentPolicies(actor, ["reviews.answer", "reviews.close"], resource),
  };
}
