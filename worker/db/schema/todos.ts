import { sqliteTable, integer, text, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";
import { users } from "./identity";
import { workspaces } from "./workspaces";
import { articles } from "./documents";

/**
 * A check-list item made a todo: who must do it and by when. The item carries the todo's
 * `uuid` in its node state (core/editor/checkList.ts), so the document and this row find
 * each other both ways: a saved body sets `done` and `text` here, and completing the todo
 * here checks the item's box in the document. An item deleted from the document leaves its
 * todo `removedAt` (hidden from lists, back again if the deletion is undone), never deleted.
 */
export const todos = sqliteTable(
  "todos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The check-list item's todo id (a uuid in its node state); unique within its document. */
    uuid: text("uuid").notNull(),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    /** The item's words, as the document last saved them. */
    text: text("text").notNull().default(""),
    assigneeId: integer("assignee_id").references(() => users.id, { onDelete: "set null" }),
    creatorId: integer("creator_id").references(() => users.id, { onDelete: "set null" }),
    /** A calendar day (YYYY-MM-DD), not an instant: due "on Friday" wherever one is. */
    dueOn: text("due_on"),
    done: integer("done", { mode: "boolean" }).notNull().default(false),
    doneAt: integer("done_at", { mode: "timestamp_ms" }),
    doneById: integer("done_by_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * A tick sent to the document's live room and not yet in its saves: until then, a save from
     * the room that says otherwise was made before the room heard of the tick, and is not applied.
     */
    roomTickUntil: integer("room_tick_until", { mode: "timestamp_ms" }),
    /** When its item left the document (null while the item is there). */
    removedAt: integer("removed_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("todos_article_uuid").on(t.articleId, t.uuid),
    index("todos_assignee").on(t.workspaceId, t.assigneeId, t.done),
    index("todos_creator").on(t.workspaceId, t.creatorId, t.done),
  ],
);

export type Todo = typeof todos.$inferSelect;
