import { sqliteTable, integer, text, index } from "drizzle-orm/sqlite-core";
import type { SerializedDocument } from "../../../core/document/types";
import { branchStatuses } from "../../../core/contracts/history";
import { timestamps } from "./columns";
import { users } from "./identity";
import { workspaces } from "./workspaces";
import { articles, articleVersions } from "./documents";
import { reviews } from "./reviews";

/**
 * A branch of a document (version-control mode): a copy of the body, taken from a version
 * (`baseVersionId`, the merge's common ancestor), that its author edits in its own room
 * (`branch-<id>`) while readers keep seeing the main body. Submitting it opens an approval
 * review (`reviewId`); `/close` merges it three-way into main, making version
 * `mergedVersionId`; `/cancel` ends it unmerged. Ended branches keep their body for `/ended`.
 */
export const articleBranches = sqliteTable(
  "article_branches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    baseVersionId: integer("base_version_id")
      .notNull()
      .references(() => articleVersions.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body", { mode: "json" }).$type<SerializedDocument>().notNull(),
    bodyText: text("body_text").notNull().default(""),
    status: text("status", { enum: branchStatuses }).notNull().default("open"),
    reviewId: integer("review_id").references(() => reviews.id, { onDelete: "set null" }),
    mergedVersionId: integer("merged_version_id").references(() => articleVersions.id, { onDelete: "set null" }),
    /** When the body was last written (the branch room's revision, like `articles.edited_at`). */
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
    endedById: integer("ended_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("article_branches_article").on(t.articleId, t.status), index("article_branches_author").on(t.workspaceId, t.authorId, t.status)],
);

export type ArticleBranch = typeof articleBranches.$inferSelect;
