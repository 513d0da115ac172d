import type { ListType } from "@lexical/list";
import { $unwrapMarkNode } from "@lexical/mark";
import { $dfs, $findMatchingParent } from "@lexical/utils";
import {
  $createTextNode,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $isLineBreakNode,
  $isTextNode,
  type BaseSelection,
  type ElementNode,
  type LexicalNode,
  type RangeSelection,
  type TextFormatType,
  type TextNode,
} from "lexical";
import { $insertListRecorded, $reformatBlocksRecorded, $setBlocksTypeRecorded, $settleBlocks, $typeChangeOf, blockChangeDetail } from "./block-type-changes";
import { $createDeletionMarkNode, $isDeletionMarkNode, type DeletionMarkNode } from "./nodes/DeletionMarkNode";
import { $createFormatChangeMarkNode, $isFormatChangeMarkNode, type FormatChangeMarkNode } from "./nodes/FormatChangeMarkNode";
import { $createInsertionMarkNode, $isInsertionMarkNode, type InsertionMarkNode } from "./nodes/InsertionMarkNode";
import { $blockEdgeAt, $breakChangeOf, $breaksWithin, $canSplitTracked, $joinBlocksRecorded, $settleBreaks, $splitBlockRecorded } from "./paragraph-breaks";

export { $canSuggestBlockType, $selectedBlocks, $typeChangeOf, nodeTypeChangeState } from "./block-type-changes";
export { $breakChangeOf, $canSplitTracked, blockChangeState } from "./paragraph-breaks";

/**
 * Tracked changes (SPEC sections 3 and 4) as marks in the document itself: an insertion
 * wraps the text it added, a deletion wraps the text it would remove (which stays until
 * accepted), a formatting change wraps the text it restyled and remembers the old style.
 * Because they are document nodes they travel through the Yjs room like any edit, survive
 * a restart, and are in every saved body, where the Worker reads them (suggestions, the
 * `bulk_accept` call). A block type change and a paragraph break change are node state on
 * the block instead (block-type-changes.ts, paragraph-breaks.ts), listed and settled here
 * beside the marks. These functions run
 * inside an editor update: the browser's plugin, the room's headless editor and the
 * Worker's all share them.
 */

export type TrackedChangeKind = "insertion" | "deletion" | "formatting_change" | "node_type_change";
type ChangeMark = InsertionMarkNode | DeletionMarkNode | FormatChangeMarkNode;

/** Who makes a change; `userId` is the user's id as a string, as mark fields hold it. */
export interface ChangeAuthor {
  userId: string;
  userName?: string;
  /** The change's uuid; a new one when absent. */
  uuid?: string;
  now?: () => Date;
}

/** One change as a review panel lists it: a uuid may span several marks (across blocks). */
export interface TrackedChange {
  uuid: string;
  kind: TrackedChangeKind;
  userId: string | null;
  userName: string | null;
  createdAt: string | null;
  text: string;
  /**
   * A paragraph break rather than words: `split`, a new paragraph (an insertion); `join`, two
   * joined (a deletion). A block change that kept the block's type: `align` or `indent`.
   */
  detail?: "split" | "join" | "align" | "indent";
}

export const $isChangeMark = (node: LexicalNode | null | undefined): node is ChangeMark =>
  $isInsertionMarkNode(node) || $isDeletionMarkNode(node) || $isFormatChangeMarkNode(node);

function kindOf(mark: ChangeMark): TrackedChangeKind {
  if ($isInsertionMarkNode(mark)) return "insertion";
  if ($isDeletionMarkNode(mark)) return "deletion";
  return "formatting_change";
}

/** The changes `node` records: a mark's, or a block's type change and paragraph break change. */
function changesAt(node: LexicalNode): TrackedChange[] {
  if ($isChangeMark(node)) {
    const fields = node.getFields();
    const uuid = fields.uuid || node.getIDs()[0] || node.getKey();
    return [{ uuid, kind: kindOf(node), userId: fields.userId ?? null, userName: fields.userName ?? null, createdAt: fields.createdAt ?? null, text: node.getTextContent() }];
  }
  const changes: TrackedChange[] = [];
  const type = $typeChangeOf(node);
  if (type) {
    const detail = blockChangeDetail(node as ElementNode, type);
    changes.push({ uuid: type.uuid, kind: "node_type_change", userId: type.userId, userName: type.userName ?? null, createdAt: type.createdAt, text: node.getTextContent(), ...(detail ? { detail } : {}) });
  }
  const broken = $breakChangeOf(node);
  if (broken) {
    const kind = broken.kind === "split" ? "insertion" : "deletion";
    // The new (or joined) paragraph's words, or the pilcrow when it is empty.
    const text = node.getTextContent() || "¶";
    changes.push({ uuid: broken.uuid, kind, userId: broken.userId, userName: broken.userName ?? null, createdAt: broken.createdAt, text, detail: broken.kind });
  }
  return changes;
}

/** Every tracked change in the document, in reading order, one entry per uuid. */
export function $trackedChanges(): TrackedChange[] {
  const byUuid = new Map<string, TrackedChange>();
  for (const { node } of $dfs()) {
    for (const change of changesAt(node)) {
      const entry = byUuid.get(change.uuid);
      if (!entry) byUuid.set(change.uuid, change);
      // A deletion across paragraphs holds their joins too: its words are the marks' alone.
      else if (change.detail === "join") continue;
      else if (entry.detail === "join") byUuid.set(change.uuid, { ...change, text: change.text });
      else entry.text += change.text;
    }
  }
  return [...byUuid.values()];
}

const uuidOf = (mark: ChangeMark) => mark.getFields().uuid || mark.getIDs()[0] || "";

function $marksOf(uuids: ReadonlySet<string> | null): ChangeMark[] {
  const marks: ChangeMark[] = [];
  for (const { node } of $dfs()) if ($isChangeMark(node) && (uuids === null || uuids.has(uuidOf(node)))) marks.push(node);
  return marks;
}

/** Accepting keeps what the change did; rejecting puts back what was there. */
function $settle(mark: ChangeMark, accept: boolean) {
  if (!mark.isAttached()) return;
  if ($isFormatChangeMarkNode(mark) && !accept) {
    const { previousFormat, previousStyle } = mark.getFields();
    for (const { node } of $dfs(mark)) {
      if (!$isTextNode(node)) continue;
      if (previousFormat !== undefined) node.setFormat(previousFormat);
      if (previousStyle !== undefined) node.setStyle(previousStyle);
    }
  }
  const keepsText = $isInsertionMarkNode(mark) ? accept : $isDeletionMarkNode(mark) ? !accept : true;
  if (keepsText) $unwrapMarkNode(mark);
  else mark.remove();
}

/** Accepts the changes with these uuids (all of them when null); returns the uuids settled. */
export function $acceptChanges(uuids: ReadonlySet<string> | null = null): string[] {
  return $settleAll(uuids, true);
}

/** Rejects the changes with these uuids (all of them when null); returns the uuids settled. */
export function $rejectChanges(uuids: ReadonlySet<string> | null = null): string[] {
  return $settleAll(uuids, false);
}

function $settleAll(uuids: ReadonlySet<string> | null, accept: boolean): string[] {
  const settled = new Set<string>();
  for (const mark of $marksOf(uuids)) {
    settled.add(uuidOf(mark));
    $settle(mark, accept);
  }
  for (const uuid of $settleBlocks(uuids, accept)) settled.add(uuid);
  // After the type changes: a rejected one can give back a block whose break was changed.
  for (const uuid of $settleBreaks(uuids, accept)) settled.add(uuid);
  return [...settled];
}

/** The uuids of one person's changes: what a suggestion is made of. */
export const $changesBy = (userId: string) => new Set($trackedChanges().filter((change) => change.userId === userId).map((change) => change.uuid));

// ---- recording edits ----

const fieldsFor = (author: ChangeAuthor) => ({
  uuid: author.uuid ?? crypto.randomUUID(),
  userId: author.userId,
  ...(author.userName ? { userName: author.userName } : {}),
  createdAt: (author.now?.() ?? new Date()).toISOString(),
});

function $ownInsertion(node: LexicalNode, author: ChangeAuthor): InsertionMarkNode | null {
  const mark = $findMatchingParent(node, $isInsertionMarkNode) as InsertionMarkNode | null;
  return mark && mark.getFields().userId === author.userId ? mark : null;
}

const $ownDeletion = (node: LexicalNode | null, author: ChangeAuthor): node is DeletionMarkNode =>
  $isDeletionMarkNode(node) && node.getFields().userId === author.userId;

const $insideDeletion = (node: LexicalNode) => $findMatchingParent(node, $isDeletionMarkNode) !== null;

/**
 * Marks the selected text as deleted instead of removing it; text the author inserted
 * themselves (their own pending insertion) is removed outright, and text already marked
 * deleted is left as it is. The caret ends before the range (`backward`, as Backspace
 * leaves it) or after it. Returns false when nothing in the range could be marked.
 */
export function $deleteTracked(selection: RangeSelection, author: ChangeAuthor, backward = true): boolean {
  if (selection.isCollapsed()) return false;
  const fields = fieldsFor(author);
  // A deletion across paragraphs also takes the breaks between them: joins, under the same uuid.
  const breaks = $breaksWithin(selection);
  const nodes = selection.extract();
  let current: DeletionMarkNode | null = null;
  let first: LexicalNode | null = null;
  let last: LexicalNode | null = null;
  for (const node of nodes) {
    const wrappable = $isTextNode(node) || $isLineBreakNode(node);
    if (!wrappable || $insideDeletion(node)) {
      current = null;
      continue;
    }
    const own = $ownInsertion(node, author);
    if (own) {
      // Deleting what you just suggested takes it back, rather than suggesting its removal.
      const anchor = node.getPreviousSibling() ?? own.getPreviousSibling() ?? own;
      node.remove();
      if (own.getChildrenSize() === 0) own.remove();
      last = anchor.isAttached() ? anchor : last;
      first ??= last;
      current = null;
      continue;
    }
    const previous = node.getPreviousSibling();
    const next = node.getNextSibling();
    if (current && previous?.is(current)) current.append(node);
    // Next to a deletion of one's own (Backspace, Backspace…): it grows instead of multiplying.
    else if ($ownDeletion(previous, author)) (current = previous).append(node);
    else if ($ownDeletion(next, author)) (current = next).splice(0, 0, [node]);
    else {
      current = $createDeletionMarkNode(fields);
      node.insertBefore(current);
      current.append(node);
    }
    first ??= current;
    last = current;
  }
  for (const block of breaks) if (block.isAttached()) $joinBlocksRecorded(block, fields);
  const target = backward ? first : last;
  if (!target || !target.isAttached()) return false;
  if ($isChangeMark(target) || $isElementNode(target)) {
    if (backward) target.selectPrevious();
    else target.selectNext(0, 0);
  } else if ($isTextNode(target)) {
    const size = target.getTextContentSize();
    target.select(size, size);
  }
  return true;
}

/**
 * Inserts `text` as a tracked insertion at the selection (marking any selected text deleted
 * first). Typing on inside one's own insertion extends it rather than starting a new change.
 */
export function $insertTracked(selection: RangeSelection, text: string, author: ChangeAuthor): void {
  if (!selection.isCollapsed()) $deleteTracked(selection, author, false);
  const anchorNode = selection.anchor.getNode();
  if ($isTextNode(anchorNode) && $ownInsertion(anchorNode, author)) {
    // Spliced in place: `insertText` at the end of a mark's text would step out of the mark.
    anchorNode.spliceText(selection.anchor.offset, 0, text, true);
    return;
  }
  // Right after one's own insertion (the caret sits just outside it): continue it.
  const before = selection.anchor.type === "text" && selection.anchor.offset === 0 ? anchorNode.getPreviousSibling() : null;
  if ($isInsertionMarkNode(before) && before.getFields().userId === author.userId) {
    const tail = before.getLastDescendant();
    if ($isTextNode(tail)) {
      tail.setTextContent(tail.getTextContent() + text);
      const size = tail.getTextContentSize();
      tail.select(size, size);
      return;
    }
  }
  // Never inside a deletion: the new words go after the struck-through ones.
  const deletion = $findMatchingParent(anchorNode, $isDeletionMarkNode);
  if (deletion) deletion.selectNext(0, 0);
  const node: TextNode = $createTextNode(text);
  node.setFormat(selection.format);
  node.setStyle(selection.style);
  const mark = $createInsertionMarkNode(fieldsFor(author));
  mark.append(node);
  selection.insertNodes([mark]);
  node.select(text.length, text.length);
}

/**
 * Changes the selected blocks' type (`create` makes the new block, as for `$setBlocksType`)
 * as a tracked `node_type_change`: a reject rebuilds each old block exactly.
 */
export function $setBlocksTypeTracked(selection: BaseSelection, create: () => ElementNode, author: ChangeAuthor): void {
  $setBlocksTypeRecorded(selection, create, fieldsFor(author));
}

/**
 * Makes the selected paragraphs or headings a list as tracked `node_type_change`s (a reject
 * puts each block back outside the list); false, with nothing done, inside a list already.
 */
export function $insertListTracked(listType: ListType, author: ChangeAuthor): boolean {
  return $insertListRecorded(listType, fieldsFor(author));
}

/**
 * Aligns or indents the selected blocks (`apply` to each) as tracked `node_type_change`s: a
 * reject rebuilds each block with its old alignment and indent.
 */
export function $reformatBlocksTracked(blocks: readonly ElementNode[], apply: (block: ElementNode) => void, author: ChangeAuthor): void {
  $reformatBlocksRecorded(blocks, apply, fieldsFor(author));
}

/**
 * Enter as a tracked change: the block splits as usual and the new block records it, so a
 * reject joins it back exactly. Selected text is marked deleted first. False, with nothing
 * done, where a split cannot be tracked (a list item, code, a selection across blocks).
 */
export function $splitTracked(selection: RangeSelection, author: ChangeAuthor): boolean {
  if (!$canSplitTracked(selection)) return false;
  let caret: BaseSelection | null = selection;
  if (!selection.isCollapsed()) {
    $deleteTracked(selection, author, false);
    caret = $getSelection();
  }
  if (!$isRangeSelection(caret)) return false;
  return $splitBlockRecorded(caret, fieldsFor(author)) !== null;
}

/**
 * Backspace at a block's start (`backward`) or Delete at its end, tracked: the paragraph
 * break is marked deleted rather than joined. True when the caret was at such an edge (the
 * key is handled, even where there is nothing to join); false elsewhere.
 */
export function $joinTracked(selection: RangeSelection, author: ChangeAuthor, backward: boolean): boolean {
  const block = $blockEdgeAt(selection, backward);
  if (!block) return false;
  const second = backward ? block : block.getNextSibling();
  $joinBlocksRecorded(second, fieldsFor(author));
  // Backspace moves on to the block before, as it would over a deleted character.
  const previous = second?.getPreviousSibling();
  if (backward && second?.isAttached() && $breakChangeOf(second)?.kind === "join" && $isElementNode(previous)) previous.selectEnd();
  return true;
}

/**
 * Toggles `format` on the selection and records what each piece looked like before, so a
 * reject restores it. Text already in a formatting change keeps its first "before".
 */
export function $formatTracked(selection: RangeSelection, format: TextFormatType, author: ChangeAuthor): void {
  if (selection.isCollapsed()) {
    selection.formatText(format);
    return;
  }
  const fields = fieldsFor(author);
  const texts = selection.extract().filter($isTextNode);
  const before = new Map(texts.map((node) => [node.getKey(), { format: node.getFormat(), style: node.getStyle() }]));
  selection.formatText(format);
  for (const node of texts) {
    const latest = node.getLatest();
    if (!latest.isAttached() || $findMatchingParent(latest, $isFormatChangeMarkNode)) continue;
    const previous = before.get(node.getKey())!;
    const mark = $createFormatChangeMarkNode({ ...fields, previousFormat: previous.format, previousStyle: previous.style });
    latest.insertBefore(mark);
    mark.append(latest);
  }
}
