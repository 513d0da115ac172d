import { createYjsBinding, syncLexicalUpdateToYjs, syncYjsChangesToLexical, type Binding, type Provider } from "@lexical/yjs";
import { type LexicalEditor } from "lexical";
import * as Y from "yjs";
import { type SerializedDocument } from "../document/types";
import { createDocumentEditor, exportDocument, loadDocument, roundTripDocument } from "./headless";

/**
 * The document model on Yjs without a browser: how the PartyKit room seeds a room from the
 * stored JSON and turns the room's state back into JSON for the Worker, and how tests and
 * the benchmark drive real collaborating clients. The shared root is the `root` XmlText
 * that Lexical's CollaborationPlugin binds to, so browser and server see one structure.
 */

/** The id the browser's CollaborationPlugin uses for the document's Y.Doc. */
export const COLLAB_DOC_ID = "main";

/** Headless code never draws cursors: a provider with an awareness that goes nowhere. */
function offlineProvider(): Provider {
  const states = new Map();
  const awareness = {
    getLocalState: () => null,
    getStates: () => states,
    off: () => {},
    on: () => {},
    setLocalState: () => {},
    setLocalStateField: () => {},
  };
  return { awareness, connect: () => {}, disconnect: () => {}, on: () => {}, off: () => {} } as Provider;
}

export interface HeadlessCollabEditor {
  editor: LexicalEditor;
  doc: Y.Doc;
  binding: Binding;
  /** Stops syncing in both directions. */
  dispose(): void;
}

/**
 * A headless Lexical editor bound to `doc` both ways, as CollaborationPlugin binds the
 * browser's: Lexical updates are written to Yjs, Yjs changes from elsewhere reach Lexical.
 */
export function bindHeadlessEditor(doc: Y.Doc, editor: LexicalEditor = createDocumentEditor()): HeadlessCollabEditor {
  const provider = offlineProvider();
  const binding = createYjsBinding({ editor, id: COLLAB_DOC_ID, doc, docMap: new Map([[COLLAB_DOC_ID, doc]]) });
  const stopLexical = editor.registerUpdateListener(
    ({ prevEditorState, editorState, dirtyElements, dirtyLeaves, normalizedNodes, tags }) => {
      if (tags.has("skip-collab")) return;
      syncLexicalUpdateToYjs(binding, provider, prevEditorState, editorState, dirtyElements, dirtyLeaves, normalizedNodes, tags);
    },
  );
  const shared = binding.root.getSharedType();
  const observer = (events: Array<Y.YEvent<Y.AbstractType<unknown>>>, transaction: Y.Transaction) => {
    if (transaction.origin !== binding) {
      syncYjsChangesToLexical(binding, provider, events as Parameters<typeof syncYjsChangesToLexical>[2], false);
    }
  };
  shared.observeDeep(observer);
  return {
    editor,
    doc,
    binding,
    dispose() {
      stopLexical();
      shared.unobserveDeep(observer);
    },
  };
}

/** Lexical commits updates in a microtask; this waits for the pending one. */
function settled(editor: LexicalEditor): Promise<void> {
  return new Promise((resolve) => editor.update(() => {}, { onUpdate: resolve }));
}

/** A Y.Doc holding `document`, as a room is seeded the first time anyone opens it. */
export async function documentToYDoc(document: SerializedDocument): Promise<Y.Doc> {
  const doc = new Y.Doc();
  const bound = bindHeadlessEditor(doc);
  loadDocument(bound.editor, document);
  await settled(bound.editor);
  bound.dispose();
  return doc;
}

/**
 * The stored document a room's state stands for: the state is replayed into a fresh Y.Doc
 * watched by a fresh headless editor, so the live room is only read, never bound.
 */
export async function yDocToDocument(source: Y.Doc): Promise<SerializedDocument> {
  const doc = new Y.Doc();
  const bound = bindHeadlessEditor(doc);
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(source));
  await settled(bound.editor);
  const document = exportDocument(bound.editor);
  bound.dispose();
  doc.destroy();
  return document;
}

/**
 * The Yjs update an edit makes to `source`, run by a headless editor on a replica (the live
 * room is only read), or null when the edit changed nothing; with what the edit returned.
 * Applied to the room it reaches every open editor and merges with what they type meanwhile.
 */
export async function editUpdate<T>(source: Y.Doc, edit: () => T): Promise<{ result: T; update: Uint8Array | null }> {
  const doc = new Y.Doc();
  const bound = bindHeadlessEditor(doc);
  try {
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(source));
    await settled(bound.editor);
    // Watched as updates, not state vectors: an edit that only deletes leaves the vector as it was.
    let changed = false;
    const mark = () => void (changed = true);
    doc.on("update", mark);
    let result!: T;
    bound.editor.update(() => {
      result = edit();
    });
    await settled(bound.editor);
    doc.off("update", mark);
    return { result, update: changed ? Y.encodeStateAsUpdate(doc, Y.encodeStateVector(source)) : null };
  } finally {
    bound.dispose();
    doc.destroy();
  }
}

/**
 * The Yjs update that turns `source`'s content into `document`, or null when it already
 * holds it. A headless editor bound to a copy of `source` loads `document`, so the update
 * deletes the old blocks and inserts the new ones like an edit would: applied to the live
 * room it reaches every connected client, and merges with edits made meanwhile.
 */
export async function replacementUpdate(source: Y.Doc, document: SerializedDocument): Promise<Uint8Array | null> {
  const doc = new Y.Doc();
  const bound = bindHeadlessEditor(doc);
  try {
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(source));
    await settled(bound.editor);
    if (JSON.stringify(exportDocument(bound.editor)) === JSON.stringify(roundTripDocument(document))) return null;
    loadDocument(bound.editor, document);
    await settled(bound.editor);
    return Y.encodeStateAsUpdate(doc, Y.encodeStateVector(source));
  } finally {
    bound.dispose();
    doc.destroy();
  }
}
