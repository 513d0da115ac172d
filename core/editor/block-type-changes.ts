import { $isCodeHighlightNode, $isCodeNode } from "@lexical/code";
import { $createListNode, $insertList, $isListItemNode, $isListNode, type ListItemNode, type ListType } from "@lexical/list";
import { $copyBlockFormatIndent, $setBlocksType } from "@lexical/selection";
import { $dfs, $findMatchingParent } from "@lexical/utils";
import {
  $createTextNode,
  $getNodeByKey,
  $getSelection,
  $getState,
  $isElementNode,
  $isRangeSelection,
  $isRootOrShadowRoot,
  $parseSerializedNode,
  $setState,
  createState,
  type BaseSelection,
  type ElementNode,
  type LexicalNode,
} from "lexical";
import { NODE_TYPE_CHANGE_KEY, nodeTypeChangeSchema, type NodeTypeChange } from "../document/types";

/**
 * Block type changes (SPEC section 3's `node_type_change`: a paragraph made a heading, a
 * heading's level changed, a block made code). Unlike the other tracked changes they are
 * not marks: the new block carries NodeState (under its `$` key, so it is saved with the
 * body and synced by @lexical/yjs like any property) naming the author and holding the old
 * block's own JSON, from which a reject rebuilds exactly the block that was there.
 */

/** Who made a change and when: everything a change records but the old block. */
export type ChangeFields = Omit<NodeTypeChange, "previous">;

export const nodeTypeChangeState = createState(NODE_TYPE_CHANGE_KEY, {
  // The same schema a save validates: a reject turns `previous` into a node.
  parse: (value): NodeTypeChange | null => nodeTypeChangeSchema.safeParse(value).data ?? null,
});

export const $typeChangeOf = (node: LexicalNode): NodeTypeChange | null => ($isElementNode(node) ? $getState(node, nodeTypeChangeState) : null);

/** The block's own serialized JSON as it is now (exportJSON reads the node it is called on, not its latest version): no children, which stay where they are. */
function ownJSON(block: ElementNode): NodeTypeChange["previous"] {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { children, ...json } = block.getLatest().exportJSON() as ReturnType<ElementNode["exportJSON"]> & { children?: unknown };
  return json;
}

function changeReplacing(old: ElementNode, fields: ChangeFields): NodeTypeChange {
  const pending = $typeChangeOf(old);
  // One person changing the same block again is still one change: a reject goes back to the start.
  if (pending?.userId === fields.userId) return pending;
  // Someone else's pending change stays inside `previous` (its `$`): rejecting this one brings it back.
  return { ...fields, previous: ownJSON(old) };
}

/** Whether the block is as its change started: its type (a heading's level included), alignment and indent. */
function isBackToPrevious(block: ElementNode, change: NodeTypeChange): boolean {
  const now = ownJSON(block);
  return (["type", "tag", "format", "indent"] as const).every((key) => (now[key] ?? null) === (change.previous[key] ?? null));
}

/** What a block change altered: its type (`null`), or, the type kept, its alignment or its indent. */
export function blockChangeDetail(block: ElementNode, change: NodeTypeChange): "align" | "indent" | null {
  const now = ownJSON(block);
  if (now.type !== change.previous.type || (now.tag ?? null) !== (change.previous.tag ?? null)) return null;
  return (now.format ?? "") !== (change.previous.format ?? "") ? "align" : "indent";
}

/** The blocks a selection's nodes are in, each once, as Lexical's alignment and indent commands find them. */
export function $selectedBlocks(selection: BaseSelection): ElementNode[] {
  const blocks = new Map<string, ElementNode>();
  for (const node of selection.getNodes()) {
    const block = $findMatchingParent(node, (parent) => $isElementNode(parent) && !parent.isInline());
    if ($isElementNode(block) && !$isRootOrShadowRoot(block)) blocks.set(block.getKey(), block);
  }
  return [...blocks.values()];
}

/**
 * A block's alignment or indent changed (`apply`), recorded as a node_type_change on the block
 * itself holding its old JSON: a reject rebuilds it as it was, exactly. Changing it back to how
 * it started drops the change (and gives back anyone else's it replaced).
 */
export function $reformatBlocksRecorded(blocks: readonly ElementNode[], apply: (block: ElementNode) => void, fields: ChangeFields): void {
  for (const block of blocks) {
    const change = changeReplacing(block, fields);
    apply(block);
    $setState(block, nodeTypeChangeState, change);
    if (isBackToPrevious(block, change)) $restore(block, change.previous);
  }
}

/**
 * `$setBlocksType` that records each replaced block on its replacement. A list item is
 * changed untracked: `$setBlocksType` lifts it out of its list, which a reject cannot undo.
 * A block changed back to the type it started from is rebuilt from that JSON, dropping the
 * change, so nothing of the round trip (a code block's language…) stays behind untracked.
 */
export function $setBlocksTypeRecorded(selection: BaseSelection, create: () => ElementNode, fields: ChangeFields): void {
  const changed: Array<[ElementNode, NodeTypeChange]> = [];
  $setBlocksType(selection, create, (old, block) => {
    $copyBlockFormatIndent(old, block);
    if ($isListItemNode(old)) return;
    const change = changeReplacing(old, fields);
    $setState(block, nodeTypeChangeState, change);
    changed.push([block, change]);
  });
  for (const [block, change] of changed) if (isBackToPrevious(block, change)) $restore(block, change.previous);
}

/**
 * Whether a commenter may suggest this change: the room takes it only when a reject gives
 * back the document exactly. A list item leaves its list, and text made code is re-split by
 * the browser's highlighter (its formatting dropped), which a reject cannot undo.
 */
export function $canSuggestBlockType(selection: BaseSelection, create: () => ElementNode): boolean {
  if ($isCodeNode(create())) return false;
  return !selection.getNodes().some((node) => $findMatchingParent(node, $isListItemNode) !== null);
}

/**
 * Puts the old block back around `block`'s children. One that cannot be rebuilt (a type
 * this editor lacks, or not a block) leaves the block as it is, its change dropped.
 */
function $restore(block: ElementNode, previous: NodeTypeChange["previous"]): void {
  let old: LexicalNode | null = null;
  try {
    old = $parseSerializedNode({ ...previous, children: [] });
  } catch {
    old = null;
  }
  if (!$isElementNode(old) || old.isInline()) {
    $setState(block, nodeTypeChangeState, null);
    return;
  }
  if ($isListItemNode(block) && !$isListItemNode(old)) $liftOutOfList(block, old);
  else block.replace(old, true);
  // The code highlighter split a code block's text into runs; outside code they are text again.
  if (!$isCodeNode(old)) for (const child of old.getChildren()) if ($isCodeHighlightNode(child)) child.replace($createTextNode(child.getTextContent()));
}

/**
 * Puts `block` (an item a tracked change made from a paragraph or heading) back as `old`
 * outside its list, where it stood: the items after it go on in a list of their own, and a
 * list left empty goes.
 */
function $liftOutOfList(block: ListItemNode, old: ElementNode): void {
  const list = block.getParent();
  if (!$isListNode(list)) {
    block.replace(old, true);
    return;
  }
  const after = block.getNextSiblings();
  if (after.length > 0) list.insertAfter($createListNode(list.getListType()).append(...after));
  list.insertAfter(old);
  old.append(...block.getChildren());
  block.remove();
  if (list.isEmpty()) list.remove();
}

/**
 * Makes the selected blocks a list (`$insertList`) as tracked `node_type_change`s: each new
 * item holds the block it was made from, so a reject puts that block back outside the list.
 * False, with nothing done, when a selected block is in a list already (changing or leaving a
 * list is not tracked).
 */
export function $insertListRecorded(listType: ListType, fields: ChangeFields): boolean {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return false;
  const blocks = $selectedBlocks(selection);
  if (blocks.length === 0 || blocks.some((block) => $findMatchingParent(block, $isListItemNode) !== null)) return false;
  const changes = blocks.map((block) => changeReplacing(block, fields));
  const itemKeys = () => [...$dfs()].flatMap(({ node }) => ($isListItemNode(node) ? [node.getKey()] : []));
  const before = new Set(itemKeys());
  $insertList(listType);
  // Lexical makes one item per block, in reading order.
  const made = itemKeys().filter((key) => !before.has(key));
  made.forEach((key, index) => {
    const item = $getNodeByKey<ListItemNode>(key);
    const change = changes[index];
    if (item && change) $setState(item, nodeTypeChangeState, change);
  });
  return made.length > 0;
}

/** The blocks with a pending type change (only those with these uuids, unless null). */
export function $changedBlocks(uuids: ReadonlySet<string> | null): ElementNode[] {
  const blocks: ElementNode[] = [];
  for (const { node } of $dfs()) {
    const change = $typeChangeOf(node);
    if (change && (uuids === null || uuids.has(change.uuid))) blocks.push(node as ElementNode);
  }
  return blocks;
}

/** Accepting keeps the new type; rejecting rebuilds the old block. Returns the uuids settled. */
export function $settleBlocks(uuids: ReadonlySet<string> | null, accept: boolean): string[] {
  const settled = new Set<string>();
  // A reject can uncover someone else's change (kept in `previous`): look again until none is left.
  for (let blocks = $changedBlocks(uuids); blocks.length > 0; blocks = accept ? [] : $changedBlocks(uuids)) {
    for (const block of blocks) {
      const change = $typeChangeOf(block)!;
      settled.add(change.uuid);
      if (accept) $setState(block, nodeTypeChangeState, null);
      else $restore(block, change.previous);
    }
  }
  return [...settled];
}
