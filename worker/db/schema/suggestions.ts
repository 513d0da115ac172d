import { sql } from "drizzle-orm";
import { sqliteTable, integer, text, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { suggestionKinds, suggestionStates } from "../../../core/contracts/suggestions";
import { documentStatuses } from "../../../core/enums";
import { timestamps } from "./columns";
import { users } from "./identity";
import { workspaces } from "./workspaces";
import { articles } from "./documents";

/**
 * A suggestion: tracked changes in a document's body, by uuid, that someone who may not edit
 * proposed (a commenter's edits, or an AI revision). The body holds the changes themselves;
 * this row groups them, follows them through saves, and records how they ended.
 */
export const suggestions = sqliteTable(
  "suggestions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    /** The commenter whose changes these are; for an AI revision, who asked for it. */
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: suggestionKinds }).notNull().default("suggestion"),
    state: text("state", { enum: suggestionStates }).notNull().default("open"),
    /** The uuids of the tracked changes it holds, as the last saved body has them. */
    changeUuids: text("change_uuids", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** The document's status before suggestions opened, put back when the last one closes. */
    previousStatus: text("previous_status", { enum: documentStatuses }),
    settledAt: integer("settled_at", { mode: "timestamp_ms" }),
    settledById: integer("settled_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("suggestions_article").on(t.articleId, t.state),
    // One open suggestion per commenter and document: two saves at once cannot open two.
    uniqueIndex("suggestions_open_author")
      .on(t.articleId, t.authorId)
      .where(sql`state = 'open' AND kind = 'suggestion'`),
  ],
);

export type Suggestion = typeof suggestions.$inferSelect;
