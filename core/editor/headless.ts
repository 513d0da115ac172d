import { createHeadlessEditor } from "@lexical/headless";
import { type LexicalEditor, type SerializedEditorState } from "lexical";
import { type SerializedDocument } from "../document/types";
import { EDITOR_NODES } from "./nodes";

export { EDITOR_NODES };

/**
 * A DOM-free editor with every document node registered, for the Worker and the PartyKit
 * room. Errors are thrown, not logged: a document the node set cannot hold must fail.
 */
export function createDocumentEditor(): LexicalEditor {
  return createHeadlessEditor({
    namespace: "brandwork-document",
    nodes: [...EDITOR_NODES],
    onError: (error) => {
      throw error;
    },
  });
}

/** Loads `document` into `editor`, replacing what it held. Throws on an unknown node type. */
export function loadDocument(editor: LexicalEditor, document: SerializedDocument): void {
  editor.setEditorState(editor.parseEditorState(JSON.stringify(document)));
}

/** The editor's content as a stored document. */
export function exportDocument(editor: LexicalEditor): SerializedDocument {
  return toStoredDocument(editor.getEditorState().toJSON());
}

/**
 * Lexical 0.52's serialized state as core/document/types.ts stores it. The root gained
 * `textFormat` and `textStyle` in Lexical, which the stored root shape (a strict object)
 * does not have; they only carry the format of the next typed character, so they are
 * dropped. The browser editor saves through this too.
 */
export function toStoredDocument(state: SerializedEditorState): SerializedDocument {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { textFormat, textStyle, ...root } = state.root as SerializedEditorState["root"] & {
    textFormat?: unknown;
    textStyle?: unknown;
  };
  return { ...state, root } as unknown as SerializedDocument;
}

/**
 * `document` loaded into a fresh headless editor and exported back: what the node set
 * makes of it. Lexical fills in fields of its own (a paragraph's `textFormat` and
 * `textStyle`, a link's `title: null`), and a decorator that is inline (an image) is
 * wrapped in a paragraph when it stands at the top level.
 */
export function roundTripDocument(document: SerializedDocument): SerializedDocument {
  const editor = createDocumentEditor();
  loadDocument(editor, document);
  return exportDocument(editor);
}

/** `document` with `edit` made in a headless editor's update: the edit's answer and the document after it. */
export function editedDocument<T>(document: SerializedDocument, edit: () => T): { result: T; document: SerializedDocument } {
  const editor = createDocumentEditor();
  loadDocument(editor, document);
  let result!: T;
  editor.update(() => {
    result = edit();
  }, { discrete: true });
  return { result, document: exportDocument(editor) };
}
