import * as Y from "yjs";
import type { ChangesNotice, ChangesNoticeAnswer, CommentNotice, RevisionNotice, TodoNotice, TodoNoticeAnswer } from "../../core/collab";
import { revisionUpdate } from "../../core/editor/ai-revision";
import { settleUpdate } from "../../core/editor/change-review";
import { commentMarkUpdate, type CommentMarkEdit } from "../../core/editor/comment-marks";
import { todoCheckUpdate } from "../../core/editor/todos";

/**
 * Edits the Worker asks a live room to make (a todo ticked on its page, tracked changes
 * settled through the API, an AI revision, a comment mark). Each is made by a headless editor as one Yjs edit
 * that every open editor receives and that merges with what they type meanwhile; then the room
 * saves at once (`saveNow`: whether the Worker stored the room's document). When what the
 * edit is about is not here, or the save was not stored (nobody connected had edits to credit
 * it to), the Worker writes the stored body itself, and its notice brings the room up to it.
 */

/** Marks the edit as the Worker's, not a connection's: it credits nobody as an editor. */
export const WORKER_EDIT_ORIGIN = "worker-edit";

type SaveNow = () => Promise<boolean>;

/** Applies an edit that found what it was about, then saves: whether the save was stored. */
async function applyAndSave(doc: Y.Doc, update: Uint8Array | null, saveNow: SaveNow): Promise<boolean> {
  if (update) Y.applyUpdate(doc, update, WORKER_EDIT_ORIGIN);
  return saveNow();
}

/** A todo completed or reopened on its page: its check-list item's box is ticked or cleared. */
export async function applyTodoNotice(doc: Y.Doc, notice: TodoNotice, saveNow: SaveNow): Promise<TodoNoticeAnswer> {
  const { found, update } = await todoCheckUpdate(doc, notice.todo_id, notice.checked);
  return found ? { applied: true, saved: await applyAndSave(doc, update, saveNow) } : { applied: false, saved: false };
}

/** Tracked changes accepted or rejected through the API: answers the uuids found here. */
export async function applyChangesNotice(doc: Y.Doc, notice: ChangesNotice, saveNow: SaveNow): Promise<ChangesNoticeAnswer> {
  const { settled, update } = await settleUpdate(doc, new Set(notice.uuids), notice.verdict);
  return settled.length > 0 ? { settled, saved: await applyAndSave(doc, update, saveNow) } : { settled, saved: false };
}

/** An AI revision: its words marked deleted and the new ones inserted after them, as the AI writer's changes. */
export async function applyRevisionNotice(doc: Y.Doc, notice: RevisionNotice, saveNow: SaveNow): Promise<TodoNoticeAnswer> {
  const revision = { exact: notice.exact, replacement: notice.replacement, deletionUuid: notice.deletion_uuid, insertionUuid: notice.insertion_uuid };
  const { found, update } = await revisionUpdate(doc, revision);
  return found ? { applied: true, saved: await applyAndSave(doc, update, saveNow) } : { applied: false, saved: false };
}

/** The comment mark edit a notice asks for (none for a `mark` without its quote). */
function commentEditOf(notice: CommentNotice): CommentMarkEdit | null {
  if (notice.action === "mark") return notice.quote ? { action: "mark", uuid: notice.uuid, quote: notice.quote } : null;
  if (notice.action === "remove") return { action: "remove", uuid: notice.uuid };
  return { action: "resolve", uuid: notice.uuid, resolved: notice.action === "resolve" };
}

/** A thread's comment mark placed, resolved, reopened or taken off; `saveNow` stores it as an annotation. */
export async function applyCommentNotice(doc: Y.Doc, notice: CommentNotice, saveNow: SaveNow): Promise<TodoNoticeAnswer> {
  const edit = commentEditOf(notice);
  const { found, update } = edit ? await commentMarkUpdate(doc, edit) : { found: false, update: null };
  return found ? { applied: true, saved: await applyAndSave(doc, update, saveNow) } : { applied: false, saved: false };
}
