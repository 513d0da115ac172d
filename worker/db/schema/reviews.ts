import { sqliteTable, integer, text, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { reviewAnswers, reviewKinds, reviewStatuses } from "../../../core/contracts/reviews";
import { timestamps } from "./columns";
import { users } from "./identity";
import { workspaces } from "./workspaces";
import { channels } from "./channels";
import { articles } from "./documents";

/**
 * A request for review of a document (SPEC section 3's four kinds). Open until every reviewer
 * has answered (completed), the requester dismisses it, or closes it early.
 */
export const reviews = sqliteTable(
  "reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: reviewKinds }).notNull(),
    requesterId: integer("requester_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull().default(""),
    dueAt: integer("due_at", { mode: "timestamp_ms" }),
    status: text("status", { enum: reviewStatuses }).notNull().default("open"),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [index("reviews_article").on(t.articleId, t.status), index("reviews_workspace").on(t.workspaceId, t.status)],
);

/** One reviewer of a review (asked in person or as a member of a group) and their answer. */
export const reviewers = sqliteTable(
  "reviewers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The group they were asked through, if any. */
    channelId: integer("channel_id").references(() => channels.id, { onDelete: "set null" }),
    answer: text("answer", { enum: reviewAnswers }),
    comment: text("comment"),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("reviewers_pair").on(t.reviewId, t.userId), index("reviewers_user").on(t.userId)],
);

export type Review = typeof reviews.$inferSelect;
export type Reviewer = typeof reviewers.$inferSelect;
