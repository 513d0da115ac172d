import * as Y from "yjs";
import { type SerializedDocument } from "../document/types";
import { createDocumentEditor, editedDocument, exportDocument, loadDocument } from "./headless";
import { $acceptChanges, $changesBy, $rejectChanges, $trackedChanges, type TrackedChange } from "./track-changes";
import { editUpdate, yDocToDocument } from "./yjs";

/**
 * Tracked changes outside the browser: what a stored body holds, accepting or rejecting
 * some in a stored body (no room open) or in a room's Y.Doc (one Yjs edit every open editor
 * receives), and the room's check that a commenter's update only suggests.
 */

export type Verdict = "accept" | "reject";

const settle = (uuids: ReadonlySet<string> | null, verdict: Verdict) => (verdict === "accept" ? $acceptChanges(uuids) : $rejectChanges(uuids));

/** The tracked changes a stored document holds. */
export function changesInDocument(document: SerializedDocument): TrackedChange[] {
  const editor = createDocumentEditor();
  loadDocument(editor, document);
  return editor.getEditorState().read(() => $trackedChanges());
}

/** `document` with these changes (all when null) settled, and the uuids that were found. */
export function settleInDocument(document: SerializedDocument, uuids: ReadonlySet<string> | null, verdict: Verdict): { document: SerializedDocument; settled: string[] } {
  const { result, document: next } = editedDocument(document, () => settle(uuids, verdict));
  return { document: next, settled: result };
}

/** The Yjs edit that settles these changes in a room's document, and the uuids found. */
export async function settleUpdate(source: Y.Doc, uuids: ReadonlySet<string> | null, verdict: Verdict) {
  const { result, update } = await editUpdate(source, () => settle(uuids, verdict));
  return { settled: result, update };
}

/**
 * The document as it would be with this person's suggestions rejected: what they may not
 * change. Everyone else's pending changes stay in it, so a commenter can neither settle nor
 * rewrite anybody else's.
 */
async function withoutSuggestionsOf(source: Y.Doc, userId: string): Promise<string> {
  const editor = createDocumentEditor();
  loadDocument(editor, await yDocToDocument(source));
  editor.update(() => void $rejectChanges($changesBy(userId)), { discrete: true });
  return JSON.stringify(exportDocument(editor));
}

/**
 * Whether `update`, sent by a commenter, only adds, changes or withdraws their own tracked
 * changes: rejecting their suggestions gives the same document before and after it. The
 * room applies a commenter's update only when this holds.
 */
export async function onlySuggests(source: Y.Doc, update: Uint8Array, userId: string): Promise<boolean> {
  const next = new Y.Doc();
  try {
    Y.applyUpdate(next, Y.encodeStateAsUpdate(source));
    const before = Y.encodeStateVector(next);
    Y.applyUpdate(next, update);
    const after = Y.encodeStateVector(next);
    // Nothing new (a sync that only repeats what the room holds): nothing to judge.
    if (before.length === after.length && before.every((byte, i) => byte === after[i]) && !Y.decodeUpdate(update).ds.clients.size) return true;
    const [was, is] = await Promise.all([withoutSuggestionsOf(source, userId), withoutSuggestionsOf(next, userId)]);
    return was === is;
  } finally {
    next.destroy();
  }
}
