import { $createListItemNode, $isListItemNode, $isListNode } from "@lexical/list";
import { $isHeadingNode } from "@lexical/rich-text";
import { $dfs } from "@lexical/utils";
import {
  $createParagraphNode,
  $getState,
  $isElementNode,
  $isParagraphNode,
  $isTextNode,
  $setState,
  createState,
  type ElementNode,
  type LexicalNode,
  type RangeSelection,
} from "lexical";
import { BLOCK_CHANGE_KEY, blockChangeSchema, type BlockChange } from "../document/types";

/**
 * Tracked paragraph breaks: Enter that makes a new paragraph (`split`) and Backspace or Delete
 * that would join two (`join`). Like a block type change (block-type-changes.ts) they are
 * NodeState on a block, here always the second of the two, so they are saved with the body
 * and synced by @lexical/yjs. A rejected split and an accepted join both append the second
 * block's children to the one before and remove it, which gives back exactly the block that
 * was split (the seam's text nodes merge again when the update commits).
 */

/** Who made a break change and when. */
export type BreakFields = Omit<BlockChange, "kind">;

export const blockChangeState = createState(BLOCK_CHANGE_KEY, {
  parse: (value): BlockChange | null => blockChangeSchema.safeParse(value).data ?? null,
});

export const $breakChangeOf = (node: LexicalNode): BlockChange | null => ($isElementNode(node) ? $getState(node, blockChangeState) : null);

/**
 * The blocks whose breaks are tracked: paragraphs, headings and list items holding text (not a
 * nested list), which split and join as text. Code splits into lines, which a reject cannot undo.
 */
const $isBreakable = (node: LexicalNode | null | undefined): node is ElementNode =>
  $isParagraphNode(node) || $isHeadingNode(node) || ($isListItemNode(node) && !node.getChildren().some($isListNode));

/** The block the caret is in, when it is at the block's start (`backward`) or end, else null. */
export function $blockEdgeAt(selection: RangeSelection, backward: boolean): ElementNode | null {
  if (!selection.isCollapsed()) return null;
  const { anchor } = selection;
  let node: LexicalNode | null = anchor.getNode();
  const size = anchor.type === "text" ? node.getTextContentSize() : $isElementNode(node) ? node.getChildrenSize() : 0;
  if (anchor.offset !== (backward ? 0 : size)) return null;
  while (node && !($isElementNode(node) && !node.isInline())) {
    if (backward ? node.getPreviousSibling() : node.getNextSibling()) return null;
    node = node.getParent();
  }
  return node;
}

/** The block the selection's anchor (or focus) is in. */
function $blockAt(selection: RangeSelection, point: "anchor" | "focus" = "anchor"): ElementNode | null {
  let node: LexicalNode | null = selection[point].getNode();
  while (node && !($isElementNode(node) && !node.isInline())) node = node.getParent();
  return node;
}

/**
 * The blocks after the first that a selection across sibling blocks reaches into, in reading
 * order: the paragraph breaks a deletion of it takes away. None for a selection inside one
 * block, or across blocks in different containers (table cells).
 */
export function $breaksWithin(selection: RangeSelection): ElementNode[] {
  const [start, end] = selection.isBackward() ? (["focus", "anchor"] as const) : (["anchor", "focus"] as const);
  const first = $blockAt(selection, start);
  const last = $blockAt(selection, end);
  if (!first || !last || first.is(last) || !first.getParent()?.is(last.getParent())) return [];
  const blocks: ElementNode[] = [];
  for (let node = first.getNextSibling(); node; node = node.getNextSibling()) {
    if ($isElementNode(node)) blocks.push(node);
    if (node.is(last)) return blocks;
  }
  return [];
}

/**
 * Whether Enter here can be a tracked split: the selection is inside one paragraph, heading or
 * list item. Enter in an empty list item takes it out of its list, which a reject cannot undo.
 */
export function $canSplitTracked(selection: RangeSelection): boolean {
  const block = $blockAt(selection);
  if ($isListItemNode(block) && block.isEmpty()) return false;
  return $isBreakable(block) && (selection.isCollapsed() || $blockAt(selection, "focus") === block);
}

/**
 * Enter at a caret as Lexical does it, the new block marked as a split; null (nothing done)
 * when it cannot be tracked. At a block's start the new block is an empty paragraph before
 * it: Lexical would move the words into a new block and, for a heading, remake the one left
 * (dropping its indent), which a reject could not undo.
 */
export function $splitBlockRecorded(selection: RangeSelection, fields: BreakFields): ElementNode | null {
  if (!selection.isCollapsed() || !$canSplitTracked(selection)) return null;
  const atStart = $blockEdgeAt(selection, true);
  let created: ElementNode | null;
  if (atStart && !atStart.isEmpty()) {
    // A list item gets an empty item before it (a check list's unticked), as Enter makes one after.
    created = $isListItemNode(atStart) ? $createListItemNode(atStart.getChecked() === undefined ? undefined : false) : $createParagraphNode();
    created.setFormat(atStart.getFormatType()).setIndent(atStart.getIndent());
    atStart.insertBefore(created, false);
  } else created = selection.insertParagraph();
  if (!created) return null;
  $setState(created, blockChangeState, { kind: "split" as const, ...fields });
  return created;
}

const ownJSON = (node: ElementNode) => {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { children, ...json } = node.exportJSON() as ReturnType<ElementNode["exportJSON"]> & { children?: unknown };
  return JSON.stringify(json);
};

/**
 * Appends `block`'s children to the block before it and removes it. Inline elements the
 * split had cut in two (a link, a tracked change's mark) become one again at the seam.
 * False, with nothing done, when there is no block before it to join.
 */
function $joinToPrevious(block: ElementNode): boolean {
  const previous = block.getPreviousSibling();
  if (!$isElementNode(previous) || previous.isInline()) return false;
  let left = previous.getLastChild();
  let right = block.getFirstChild();
  previous.append(...block.getChildren());
  block.remove();
  while ($isElementNode(left) && $isElementNode(right) && left.isInline() && left.getType() === right.getType() && ownJSON(left) === ownJSON(right)) {
    const [nextLeft, nextRight] = [left.getLastChild(), right.getFirstChild()];
    left.append(...right.getChildren());
    right.remove();
    [left, right] = [nextLeft, nextRight];
  }
  return true;
}

/**
 * Backspace at the start of `second` (or Delete at the end of the block before it), tracked:
 * the break before `second` is marked deleted. The author's own pending new paragraph is
 * joined back at once, as deleting one's own insertion takes it back. Anything else (a block
 * that is not a paragraph or heading, a break someone else changed) is left as it is.
 */
export function $joinBlocksRecorded(second: LexicalNode | null, fields: BreakFields): void {
  const previous = second?.getPreviousSibling();
  if (!$isBreakable(second) || !$isBreakable(previous)) return;
  const ownSplit = (block: ElementNode) => $breakChangeOf(block)?.kind === "split" && $breakChangeOf(block)?.userId === fields.userId;
  // The author's own empty new paragraph before (Enter at a block's start, then Backspace): taken back.
  if (ownSplit(previous) && previous.isEmpty()) {
    previous.remove();
    second.selectStart();
    return;
  }
  const pending = $breakChangeOf(second);
  if (ownSplit(second)) {
    const last = previous.getLastDescendant();
    $setState(second, blockChangeState, null);
    $joinToPrevious(second);
    if ($isTextNode(last) && last.isAttached()) last.select(last.getTextContentSize(), last.getTextContentSize());
    else if (last?.isAttached() && !$isElementNode(last)) last.selectNext(0, 0);
    else previous.selectStart();
    return;
  }
  if (pending) return;
  $setState(second, blockChangeState, { kind: "join" as const, ...fields });
}

/** Accepting a split or rejecting a join forgets it; rejecting a split or accepting a join joins the blocks. */
export function $settleBreaks(uuids: ReadonlySet<string> | null, accept: boolean): string[] {
  const blocks: ElementNode[] = [];
  for (const { node } of $dfs()) {
    const change = $breakChangeOf(node);
    if (change && (uuids === null || uuids.has(change.uuid))) blocks.push(node as ElementNode);
  }
  const settled = new Set<string>();
  // In reading order: each block joins whatever is before it by then (an earlier split's block, joined already).
  for (const block of blocks) {
    const change = $breakChangeOf(block)!;
    settled.add(change.uuid);
    $setState(block, blockChangeState, null);
    // An empty new paragraph (Enter at a block's start or end) is simply removed.
    if (change.kind === "split" && !accept && block.isEmpty()) block.remove();
    else if ((change.kind === "split") !== accept) $joinToPrevious(block);
  }
  return [...settled];
}
