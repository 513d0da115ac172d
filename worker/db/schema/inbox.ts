import { sql } from "drizzle-orm";
import { sqliteTable, integer, text, index, primaryKey } from "drizzle-orm/sqlite-core";
import { inboxEmailModes, inboxItemTypes } from "../../../core/contracts/inbox";
import { users } from "./identity";
import { workspaces } from "./workspaces";
import { channels } from "./channels";
import { accessRequests, articles } from "./documents";
import { reviews } from "./reviews";

/**
 * One notification for one person: who did what (`type` + `event`, e.g. Review/requested) to
 * what (a document, a review, a comment, a post, a group, an access request). Written by
 * `notify` (worker/services/inbox.ts) and nowhere else. `emailStatus` is the email's progress:
 * none (not wanted), pending (waiting for the daily digest), sent (at once or in a digest).
 */
export const inboxItems = sqliteTable(
  "inbox_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    recipientId: integer("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    type: text("type", { enum: inboxItemTypes }).notNull(),
    /** What happened within the type: `granted`, `requested`, `approved`, `failed`, … */
    event: text("event").notNull(),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "cascade" }),
    reviewId: integer("review_id").references(() => reviews.id, { onDelete: "cascade" }),
    channelId: integer("channel_id").references(() => channels.id, { onDelete: "cascade" }),
    accessRequestId: integer("access_request_id").references(() => accessRequests.id, { onDelete: "cascade" }),
    /** Comments and scheduled posts live in tables of their own areas; their ids are kept as is. */
    commentId: integer("comment_id"),
    postId: integer("post_id"),
    /** Small facts for the line on screen and the email (permission, message, answer). */
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    emailStatus: text("email_status", { enum: ["none", "pending", "sent"] }).notNull().default("none"),
    emailedAt: integer("emailed_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index("inbox_items_recipient").on(t.recipientId, t.workspaceId, t.archivedAt, t.readAt),
    index("inbox_items_digest").on(t.emailStatus, t.recipientId),
    index("inbox_items_review").on(t.reviewId),
  ],
);

/** A person's email choice per item type; a type without a row uses `defaultEmailModes`. */
export const inboxSettings = sqliteTable(
  "inbox_settings",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: inboxItemTypes }).notNull(),
    email: text("email", { enum: inboxEmailModes }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

export type InboxItem = typeof inboxItems.$inferSelect;
export type NewInboxItem = typeof inboxItems.$inferInsert;
