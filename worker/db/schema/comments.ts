import { sql } from "drizzle-orm";
import { sqliteTable, integer, text, index, primaryKey, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { QuoteSelector } from "../../../core/contracts/comments";
import { timestamps } from "./columns";
import { users } from "./identity";
import { workspaces } from "./workspaces";
import { articles } from "./documents";

/**
 * Comments on documents, the source of truth. A thread is a first comment (`threadId` null)
 * and its replies; a thread holds its quote (none for the whole document), its resolution and
 * pin. Its words in the document carry a comment mark with its uuid (core/editor/comment-marks.ts),
 * which the Worker keeps in step with the thread.
 */
export const comments = sqliteTable(
  "comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The comment's uuid (SPEC's comment mark id), stable across exports and links. */
    uuid: text("uuid").notNull().unique(),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    threadId: integer("thread_id").references((): AnySQLiteColumn => comments.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    quote: text("quote", { mode: "json" }).$type<QuoteSelector>(),
    mentionIds: text("mention_ids", { mode: "json" }).$type<number[]>().notNull().default([]),
    pinned: integer("pinned", { mode: "boolean" }).notNull().default(false),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    resolvedById: integer("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [index("comments_article").on(t.articleId, t.threadId), index("comments_thread").on(t.threadId)],
);

export type Comment = typeof comments.$inferSelect;

/**
 * When each person last marked a thread read (SPEC 4: mark-read). A thread is unread for them
 * while someone else has commented in it since (or they never marked it); no row is never
 * marked. Keyed by the thread first so deleting a thread's comments finds its marks by key.
 */
export const commentReads = sqliteTable(
  "comment_reads",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The thread's first comment. */
    threadId: integer("thread_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    readAt: integer("read_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index("comment_reads_user").on(t.userId)],
);

export type CommentRead = typeof commentReads.$inferSelect;
