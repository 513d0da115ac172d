import * as z from "zod";
import { positiveId, tooLong } from "./common";
import type { InboxItemType } from "./inbox";

/** SPEC section 3's review kinds. */
export const reviewKinds = ["approval", "suggest_changes", "informal_feedback_request", "read_receipt"] as const;
export type ReviewKind = (typeof reviewKinds)[number];

export const reviewStatuses = ["open", "completed", "dismissed", "closed"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** What a reviewer can answer: approve, request changes (with a comment), give feedback, confirm read. */
export const reviewAnswers = ["approved", "changes_requested", "feedback", "read"] as const;
export type ReviewAnswer = (typeof reviewAnswers)[number];

/** The answers each kind takes. */
export const answersFor: Record<ReviewKind, readonly ReviewAnswer[]> = {
  approval: ["approved", "changes_requested"],
  suggest_changes: ["feedback", "changes_requested", "approved"],
  informal_feedback_request: ["feedback"],
  read_receipt: ["read"],
};

/** The inbox item type reviewers of each kind receive. */
export const inboxTypeForReview: Record<ReviewKind, InboxItemType> = {
  approval: "Review",
  suggest_changes: "Review",
  informal_feedback_request: "InformalFeedbackRequest",
  read_receipt: "ReadReceiptRequest",
};

export const reviewKindLabels: Record<ReviewKind, string> = {
  approval: "Approval",
  suggest_changes: "Suggest changes",
  informal_feedback_request: "Informal feedback",
  read_receipt: "Read receipt",
};

export const reviewAnswerLabels: Record<ReviewAnswer, string> = {
  approved: "Approved",
  changes_requested: "Requested changes",
  feedback: "Gave feedback",
  read: "Confirmed read",
};

/** What can wait for approval before it goes out (the workspace's "statuses" settings tab). */
export const approvalScopes = ["campaign_pieces", "scheduled_posts", "publishing"] as const;
export type ApprovalScope = (typeof approvalScopes)[number];

/** `POST /articles/:id/reviews` */
export const createReviewSchema = z
  .object({
    kind: z.enum(reviewKinds, { error: `must be one of ${reviewKinds.join(", ")}` }),
    user_ids: z.array(positiveId).max(100, "at most 100 people").default([]),
    channel_ids: z.array(positiveId).max(20, "at most 20 groups").default([]),
    message: z.string().trim().max(5000, tooLong(5000)).default(""),
    due_at: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date and time" }).nullable().optional(),
  })
  .refine((body) => body.user_ids.length + body.channel_ids.length > 0, { message: "name at least one person or group", path: ["user_ids"] });
export type CreateReviewInput = z.infer<typeof createReviewSchema>;

/** `POST /reviews/:id/answer` */
export const answerReviewSchema = z
  .object({
    answer: z.enum(reviewAnswers, { error: `must be one of ${reviewAnswers.join(", ")}` }),
    comment: z.string().trim().max(5000, tooLong(5000)).optional(),
  })
  .refine((body) => body.answer !== "changes_requested" || Boolean(body.comment), {
    message: "say what should change",
    path: ["comment"],
  });

export const reviewParam = z.object({ id: positiveId });
