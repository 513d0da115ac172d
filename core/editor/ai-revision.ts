import { $dfs } from "@lexical/utils";
import { $createRangeSelection, $getSelection, $isElementNode, $isRangeSelection, $isTextNode, $setSelection, type ElementNode, type TextNode } from "lexical";
import type * as Y from "yjs";
import { AI_AUTHOR } from "../contracts/suggestions";
import type { SerializedDocument } from "../document/types";
import { editedDocument } from "./headless";
import { $deleteTracked, $insertTracked } from "./track-changes";
import { editUpdate } from "./yjs";

/**
 * An AI revision as tracked changes: the words it rewrites marked deleted and the new words
 * inserted after them, both by the AI writer, each with its own uuid (so the suggestion holds
 * two changes an editor can merge or reject together). Nothing is overwritten.
 */
export interface Revision {
  /** The words to rewrite, as they stand in one block (the first place they occur). */
  exact: string;
  replacement: string;
  deletionUuid: string;
  insertionUuid: string;
}

/** Blocks that hold text themselves (a paragraph, a heading, a list item without a nested list). */
function $textBlocks(): ElementNode[] {
  const blocks: ElementNode[] = [];
  for (const { node } of $dfs()) {
    if (!$isElementNode(node) || node.isInline() || node.getParent() === null) continue;
    if (node.getChildren().some((child) => $isElementNode(child) && !child.isInline())) continue;
    blocks.push(node);
  }
  return blocks;
}

/** Where `exact` starts and ends in a block, as text-node points; null when it is not there whole. */
function $findIn(block: ElementNode, exact: string) {
  const pieces: { node: TextNode; start: number }[] = [];
  let text = "";
  for (const { node } of $dfs(block)) {
    if (node.is(block) || $isElementNode(node)) continue;
    if ($isTextNode(node)) pieces.push({ node, start: text.length });
    text += node.getTextContent();
  }
  const at = text.indexOf(exact);
  if (at < 0) return null;
  const end = at + exact.length;
  // The start lies in the piece it begins (not at the end of the one before); the end in the piece it closes.
  const first = pieces.find((piece) => at >= piece.start && at < piece.start + piece.node.getTextContentSize());
  const last = pieces.find((piece) => end > piece.start && end <= piece.start + piece.node.getTextContentSize());
  return first && last ? { anchor: { node: first.node, offset: at - first.start }, focus: { node: last.node, offset: end - last.start } } : null;
}

/** Applies a revision inside an editor update; false when its words are not in the document. */
export function $reviseText(revision: Revision): boolean {
  for (const block of $textBlocks()) {
    const found = $findIn(block, revision.exact);
    if (!found) continue;
    const selection = $createRangeSelection();
    selection.anchor.set(found.anchor.node.getKey(), found.anchor.offset, "text");
    selection.focus.set(found.focus.node.getKey(), found.focus.offset, "text");
    $setSelection(selection);
    if (!$deleteTracked(selection, { ...AI_AUTHOR, uuid: revision.deletionUuid }, false)) return false;
    const after = $getSelection();
    if ($isRangeSelection(after)) $insertTracked(after, revision.replacement, { ...AI_AUTHOR, uuid: revision.insertionUuid });
    $setSelection(null);
    return true;
  }
  return false;
}

/** A stored document with the revision in it, or null when its words are not there. */
export function revisedDocument(document: SerializedDocument, revision: Revision): SerializedDocument | null {
  const { result, document: next } = editedDocument(document, () => $reviseText(revision));
  return result ? next : null;
}

/** The Yjs edit that puts the revision in a room's document, and whether its words were found. */
export async function revisionUpdate(source: Y.Doc, revision: Revision) {
  const { result, update } = await editUpdate(source, () => $reviseText(revision));
  return { found: result, update };
}
