import { $unwrapMarkNode, $wrapSelectionInMarkNode } from "@lexical/mark";
import { $dfs } from "@lexical/utils";
import { $createRangeSelection, $isTextNode, type TextNode } from "lexical";
import type * as Y from "yjs";
import type { QuoteSelector } from "../contracts/comments";
import { locateQuote } from "../document/quote";
import type { SerializedDocument } from "../document/types";
import { editedDocument } from "./headless";
import { $createCommentMarkNode, $isCommentMarkNode, type CommentMarkNode } from "./nodes/CommentMarkNode";
import { editUpdate } from "./yjs";

/**
 * Comment marks (SPEC section 3), as the Lexical playground's CommentPlugin makes them with
 * @lexical/mark: the text a thread is about, wrapped in a mark holding the thread's uuid and
 * whether it is resolved. The Worker places, resolves and removes them (in the live room as
 * one Yjs edit, else in the stored body), never a browser: people with comment access may not
 * change the document, and a mark is not theirs to move. A thread also keeps its quote (the
 * words and their context), which finds the text when the mark cannot be placed and says what
 * the thread was about once its text is gone.
 */

export type CommentMarkEdit =
  | { action: "mark"; uuid: string; quote: QuoteSelector }
  | { action: "resolve"; uuid: string; resolved: boolean }
  | { action: "remove"; uuid: string };

/** The comment marks of one thread (or every thread), in document order. */
function $commentMarks(uuid: string | null = null): CommentMarkNode[] {
  const marks: CommentMarkNode[] = [];
  for (const { node } of $dfs()) if ($isCommentMarkNode(node) && (uuid === null || node.getFields().uuid === uuid)) marks.push(node);
  return marks;
}

/**
 * The document's text as the browser's comment panel quotes it: every text node, in order,
 * with nothing between blocks (the DOM's text nodes, which is what a selection is described in).
 */
function $textIndex() {
  const pieces: { node: TextNode; start: number }[] = [];
  let text = "";
  for (const { node } of $dfs()) {
    if (!$isTextNode(node)) continue;
    pieces.push({ node, start: text.length });
    text += node.getTextContent();
  }
  return { text, pieces };
}

/** Wraps the quoted text in the thread's comment mark (across blocks when it spans them); false when the words are not there. */
export function $markComment(uuid: string, quote: QuoteSelector): boolean {
  if ($commentMarks(uuid).length > 0) return true;
  const { text, pieces } = $textIndex();
  const found = locateQuote(text, quote);
  if (!found) return false;
  // The start lies in the piece it begins (not at the end of the one before); the end in the piece it closes.
  const first = pieces.find((piece) => found.start >= piece.start && found.start < piece.start + piece.node.getTextContentSize());
  const last = pieces.find((piece) => found.end > piece.start && found.end <= piece.start + piece.node.getTextContentSize());
  if (!first || !last) return false;
  const selection = $createRangeSelection();
  selection.anchor.set(first.node.getKey(), found.start - first.start, "text");
  selection.focus.set(last.node.getKey(), found.end - last.start, "text");
  $wrapSelectionInMarkNode(selection, false, uuid, (ids) => $createCommentMarkNode({ uuid }, ids));
  return $commentMarks(uuid).length > 0;
}

/** Marks the thread's text resolved or open again; false when it has no mark, or it already said so. */
export function $resolveCommentMark(uuid: string, resolved: boolean): boolean {
  const marks = $commentMarks(uuid).filter((mark) => mark.getFields().resolved !== resolved);
  for (const mark of marks) mark.setFields({ resolved });
  return marks.length > 0;
}

/** Takes the thread's mark (every thread's, for null) off its text, which stays; false when there was none. */
export function $unmarkComments(uuid: string | null): boolean {
  const marks = $commentMarks(uuid);
  for (const mark of marks) $unwrapMarkNode(mark);
  return marks.length > 0;
}

/** Runs one edit inside an editor update: whether its thread's text was found. */
export function $applyCommentMarkEdit(edit: CommentMarkEdit): boolean {
  if (edit.action === "mark") return $markComment(edit.uuid, edit.quote);
  if (edit.action === "resolve") return $resolveCommentMark(edit.uuid, edit.resolved);
  return $unmarkComments(edit.uuid);
}

/** The uuids of the threads a stored document marks, read from its JSON (no editor needed). */
export function commentMarkUuids(document: SerializedDocument): Set<string> {
  const uuids = new Set<string>();
  const stack: unknown[] = [document.root];
  while (stack.length > 0) {
    const node = stack.pop() as { type?: unknown; uuid?: unknown; children?: unknown } | null;
    if (!node || typeof node !== "object") continue;
    if (node.type === "comment-mark" && typeof node.uuid === "string") uuids.add(node.uuid);
    if (Array.isArray(node.children)) stack.push(...(node.children as unknown[]));
  }
  return uuids;
}

/** A stored document with the edit made, or null when its thread's text is not there. */
export function commentMarkedDocument(document: SerializedDocument, edit: CommentMarkEdit): SerializedDocument | null {
  const { result, document: next } = editedDocument(document, () => $applyCommentMarkEdit(edit));
  return result ? next : null;
}

/** The Yjs edit that makes it in a room's document, and whether its thread's text was found. */
export async function commentMarkUpdate(source: Y.Doc, edit: CommentMarkEdit) {
  const { result, update } = await editUpdate(source, () => $applyCommentMarkEdit(edit));
  return { found: result, update };
}

/**
 * The document with no comment marks, its text as it was (Lexical merges the pieces a mark
 * split): what two bodies are compared as when only annotations may differ between them.
 */
export function withoutCommentMarks(document: SerializedDocument): SerializedDocument {
  return editedDocument(document, () => $unmarkComments(null)).document;
}

/** Whether two bodies differ in their comment marks at most: the same content, only threads placed, resolved or removed. */
export function onlyCommentMarksDiffer(before: SerializedDocument, after: SerializedDocument): boolean {
  return JSON.stringify(withoutCommentMarks(before)) === JSON.stringify(withoutCommentMarks(after));
}
