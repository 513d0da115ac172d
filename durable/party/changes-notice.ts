import * as Y from "yjs";
import type { ChangesNotice, ChangesNoticeAnswer } from "../../core/collab";
import { settleUpdate } from "../../core/editor/change-review";

/** Marks the settling edit as the Worker's, not a connection's: it credits nobody as an editor. */
export const CHANGES_ORIGIN = "changes";

/**
 * Tracked changes accepted or rejected through the API (a suggestion merged or rejected,
 * `bulk_accept`), in the room: a headless editor settles them as one Yjs edit that every
 * open editor receives and that merges with what they type meanwhile. Then the room saves at
 * once (`saveNow`: whether the Worker stored the room's document). When none of the uuids is
 * here, or the save was not stored (nobody connected had edits to credit it to), the Worker
 * settles the stored body itself, and its notice brings this room up to that body.
 */
export async function applyChangesNotice(doc: Y.Doc, notice: ChangesNotice, saveNow: () => Promise<boolean>): Promise<ChangesNoticeAnswer> {
  const { settled, update } = await settleUpdate(doc, new Set(notice.uuids), notice.verdict);
  if (settled.length === 0) return { settled, saved: false };
  if (update) Y.applyUpdate(doc, update, CHANGES_ORIGIN);
  return { settled, saved: await saveNow() };
}
