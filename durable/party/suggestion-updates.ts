import * as decoding from "lib0/decoding";
import type * as Party from "partykit/server";
import * as Y from "yjs";
import { onlySuggests } from "../../core/editor/change-review";

/** y-protocols' message and sync types (y-partykit speaks them; lib0 decodes them). */
const MESSAGE_SYNC = 0;
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

/** Why a commenter's connection is closed when an update is refused. */
export const NOT_A_SUGGESTION = { code: 4009, reason: "With comment access, edits can only be suggestions" } as const;

/** The Yjs update a sync message carries (step 2 or an update), or null for anything else. */
function syncUpdateOf(data: unknown): Uint8Array | null {
  if (typeof data === "string") return null;
  const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : null;
  if (!bytes) return null;
  try {
    const decoder = decoding.createDecoder(bytes);
    if (decoding.readVarUint(decoder) !== MESSAGE_SYNC) return null;
    const type = decoding.readVarUint(decoder);
    return type === SYNC_STEP_2 || type === SYNC_UPDATE ? decoding.readVarUint8Array(decoder) : null;
  } catch {
    return null;
  }
}

/**
 * A commenter suggests. y-partykit serves their connection read-only (it drops every write);
 * this listener takes each update they send, and applies it as theirs only when rejecting
 * their suggestions leaves the document as it was (core/editor/change-review.ts
 * `onlySuggests`): new, changed or withdrawn tracked changes of their own, nothing else. An
 * update that does more closes the connection; the browser's editor never sends one (its
 * TrackChangesPlugin turns every edit into a tracked change), so only a tampered client meets it.
 * Updates are judged one at a time, in the order they came.
 */
export function acceptSuggestions(connection: Party.Connection, doc: Y.Doc, userId: number) {
  let queue: Promise<void> = Promise.resolve();
  connection.addEventListener("message", (event) => {
    const update = syncUpdateOf(event.data);
    if (!update) return;
    queue = queue
      .then(async () => {
        if (await onlySuggests(doc, update, String(userId))) Y.applyUpdate(doc, update, connection);
        else connection.close(NOT_A_SUGGESTION.code, NOT_A_SUGGESTION.reason);
      })
      .catch((error: unknown) => console.error("suggestion check failed:", error));
  });
}
