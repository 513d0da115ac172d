import * as Y from "yjs";
import type { TodoNotice, TodoNoticeAnswer } from "../../core/collab";
import { todoCheckUpdate } from "../../core/editor/todos";

/** Marks the box's change as the Worker's, not a connection's: it credits nobody as an editor. */
export const TODO_ORIGIN = "todo";

/**
 * A todo completed or reopened on its page, in the room: its check-list item's box is ticked
 * (or cleared) by a headless editor, as one Yjs edit that every open editor receives and that
 * merges with what they type meanwhile. Then the room saves at once (`saveNow`: whether the
 * Worker stored the room's document), so the stored body has the box too. When the item is
 * not here, or the save was not stored (nobody connected had edits to credit it to), the
 * Worker writes the stored body itself, and its notice brings this room up to that body.
 */
export async function applyTodoNotice(doc: Y.Doc, notice: TodoNotice, saveNow: () => Promise<boolean>): Promise<TodoNoticeAnswer> {
  const { found, update } = await todoCheckUpdate(doc, notice.todo_id, notice.checked);
  if (!found) return { applied: false, saved: false };
  if (update) Y.applyUpdate(doc, update, TODO_ORIGIN);
  return { applied: true, saved: await saveNow() };
}
