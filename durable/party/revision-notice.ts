import * as Y from "yjs";
import type { RevisionNotice, TodoNoticeAnswer } from "../../core/collab";
import { revisionUpdate } from "../../core/editor/ai-revision";

/** Marks the revision's edit as the Worker's, not a connection's: it credits nobody as an editor. */
export const REVISION_ORIGIN = "revision";

/**
 * An AI revision, in the room: a headless editor marks its words deleted and inserts the new
 * ones after them, as the AI writer's tracked changes, in one Yjs edit every open editor
 * receives. Then the room saves at once (`saveNow`: whether the Worker stored it). When the
 * words are not here, or the save was not stored, the Worker writes the stored body itself.
 */
export async function applyRevisionNotice(doc: Y.Doc, notice: RevisionNotice, saveNow: () => Promise<boolean>): Promise<TodoNoticeAnswer> {
  const revision = { exact: notice.exact, replacement: notice.replacement, deletionUuid: notice.deletion_uuid, insertionUuid: notice.insertion_uuid };
  const { found, update } = await revisionUpdate(doc, revision);
  if (!found) return { applied: false, saved: false };
  if (update) Y.applyUpdate(doc, update, REVISION_ORIGIN);
  return { applied: true, saved: await saveNow() };
}
