import { diffArrays, diffWordsWithSpace } from "diff";
import { childrenOf, isInlineNode } from "../document/nodes";
import { plainTextLines } from "../document/text";
import { MAX_NODE_DEPTH, TEXT_FORMAT, type LooseNode, type SerializedDocument } from "../document/types";
import { blockSummary, FingerprintIds } from "./blocks";
import type { BlockDiff, BlockSummary, CellChange, DocumentDiff, FormatChange, WordPart } from "./types";

/**
 * How two bodies differ, block by block (jsdiff's `diffArrays` over block fingerprints) and,
 * inside a changed block, word by word (`diffWordsWithSpace`). The work stays near linear on
 * long documents: past MAX_BLOCK_EDITS the exact block diff gives way to a windowed walk
 * (greedyChanges), and removed and added blocks are paired only inside their run, each against at most
 * PAIRING_WINDOW neighbours.
 */

/** Past this many block insertions and deletions, the bodies are compared as one changed stretch. */
const MAX_BLOCK_EDITS = 1_000;
/** How far ahead the alignment past MAX_BLOCK_EDITS looks for a block the other side has. */
const ALIGN_WINDOW = 64;
/** Past this many changed words, a block's text is shown as removed and added whole. */
const MAX_WORD_EDITS = 2_000;
/** How far ahead, in one changed run, a removed block looks for the added block it became. */
const PAIRING_WINDOW = 16;
/** A block's text past this length is compared as one part rather than word by word. */
const MAX_WORD_DIFF_CHARS = 100_000;

type Step = { op: "equal"; before: number; after: number } | { op: "run"; removed: number[]; added: number[] };

export function diffDocuments(before: SerializedDocument, after: SerializedDocument): DocumentDiff {
  const beforeBlocks = before.root.children as LooseNode[];
  const afterBlocks = after.root.children as LooseNode[];
  const fingerprints = new FingerprintIds();
  const beforeIds = fingerprints.idsOf(beforeBlocks);
  const afterIds = fingerprints.idsOf(afterBlocks);
  const beforeSummaries = beforeBlocks.map((block, index) => blockSummary(block, index));
  const afterSummaries = afterBlocks.map((block, index) => blockSummary(block, index));

  const steps = alignBlocks(beforeIds, afterIds);
  const moves = findMoves(steps, beforeIds, afterIds, beforeSummaries, afterSummaries);

  const movedAway = new Set(moves.values());
  const blocks: BlockDiff[] = [];
  const stats = { inserted: 0, deleted: 0, modified: 0, moved: 0, unchanged: 0 };
  const emitMove = (afterIndex: number) => {
    blocks.push({ op: "move", before: beforeSummaries[moves.get(afterIndex)!]!, after: afterSummaries[afterIndex]! });
    stats.moved++;
  };

  for (const step of steps) {
    if (step.op === "equal") {
      blocks.push({ op: "equal", before: beforeSummaries[step.before]!, after: afterSummaries[step.after]! });
      stats.unchanged++;
      continue;
    }
    const movedHere = step.added.filter((index) => moves.has(index));
    const removed = step.removed.filter((index) => !movedAway.has(index));
    const added = step.added.filter((index) => !moves.has(index));
    // Moved blocks are shown where they now stand, among the run's other added blocks.
    let nextMove = 0;
    const movesBefore = (afterIndex: number) => {
      while (nextMove < movedHere.length && movedHere[nextMove]! < afterIndex) emitMove(movedHere[nextMove++]!);
    };
    for (const pair of pairRun(removed, added, beforeSummaries, afterSummaries)) {
      if (pair.after === undefined) {
        blocks.push({ op: "delete", before: beforeSummaries[pair.before!]! });
        stats.deleted++;
        continue;
      }
      movesBefore(pair.after);
      if (pair.before === undefined) {
        blocks.push({ op: "insert", after: afterSummaries[pair.after]! });
        stats.inserted++;
      } else {
        blocks.push(modification(beforeBlocks[pair.before]!, afterBlocks[pair.after]!, beforeSummaries[pair.before]!, afterSummaries[pair.after]!));
        stats.modified++;
      }
    }
    movesBefore(Infinity);
  }
  return { blocks, stats };
}

/** Equal blocks and the runs of removed and added blocks between them, in document order. */
function alignBlocks(beforeIds: number[], afterIds: number[]): Step[] {
  // The shared start and end need no diff: most comparisons are a few edits in a long body.
  let start = 0;
  while (start < beforeIds.length && start < afterIds.length && beforeIds[start] === afterIds[start]) start++;
  let end = 0;
  while (end < beforeIds.length - start && end < afterIds.length - start && beforeIds[beforeIds.length - 1 - end] === afterIds[afterIds.length - 1 - end]) end++;

  const steps: Step[] = [];
  for (let index = 0; index < start; index++) steps.push({ op: "equal", before: index, after: index });
  const middleBefore = beforeIds.slice(start, beforeIds.length - end);
  const middleAfter = afterIds.slice(start, afterIds.length - end);
  const changes: Change[] =
    diffArrays(middleBefore, middleAfter, { maxEditLength: MAX_BLOCK_EDITS })?.map((change) => ({
      kind: change.added ? "added" : change.removed ? "removed" : "equal",
      count: change.value.length,
    })) ?? greedyChanges(middleBefore, middleAfter);
  let beforeIndex = start;
  let afterIndex = start;
  let run: Extract<Step, { op: "run" }> | null = null;
  for (const { kind, count } of changes) {
    if (kind === "equal") {
      run = null;
      for (let offset = 0; offset < count; offset++) steps.push({ op: "equal", before: beforeIndex++, after: afterIndex++ });
      continue;
    }
    if (!run) {
      run = { op: "run", removed: [], added: [] };
      steps.push(run);
    }
    for (let offset = 0; offset < count; offset++) {
      if (kind === "removed") run.removed.push(beforeIndex++);
      else run.added.push(afterIndex++);
    }
  }
  for (let offset = 0; offset < end; offset++) steps.push({ op: "equal", before: beforeIndex++, after: afterIndex++ });
  return steps;
}

interface Change {
  kind: "equal" | "removed" | "added";
  count: number;
}

/**
 * The alignment when bodies differ too much for an exact diff: a walk that keeps equal blocks
 * equal and, at a difference, looks up to ALIGN_WINDOW blocks ahead on each side for the
 * nearest block the other side has, calling the blocks skipped over removed or added.
 */
function greedyChanges(before: number[], after: number[]): Change[] {
  const changes: Change[] = [];
  const push = (kind: Change["kind"], count: number) => {
    if (count === 0) return;
    const last = changes[changes.length - 1];
    if (last?.kind === kind) last.count += count;
    else changes.push({ kind, count });
  };
  const ahead = (ids: number[], from: number, id: number) => {
    for (let offset = 1; offset <= ALIGN_WINDOW && from + offset < ids.length; offset++) if (ids[from + offset] === id) return offset;
    return null;
  };
  let i = 0;
  let j = 0;
  while (i < before.length && j < after.length) {
    if (before[i] === after[j]) {
      push("equal", 1);
      i++;
      j++;
      continue;
    }
    const inAfter = ahead(after, j, before[i]!);
    const inBefore = ahead(before, i, after[j]!);
    if (inAfter !== null && (inBefore === null || inAfter <= inBefore)) {
      push("added", inAfter);
      j += inAfter;
    } else if (inBefore !== null) {
      push("removed", inBefore);
      i += inBefore;
    } else {
      push("removed", 1);
      push("added", 1);
      i++;
      j++;
    }
  }
  push("removed", before.length - i);
  push("added", after.length - j);
  return changes;
}

/**
 * Removed blocks found unchanged among the added ones (anywhere in the document): after index
 * → before index. Empty paragraphs and headings are left out, an added blank line is no move.
 */
function findMoves(steps: Step[], beforeIds: number[], afterIds: number[], beforeSummaries: BlockSummary[], afterSummaries: BlockSummary[]): Map<number, number> {
  const movable = (summary: BlockSummary) => summary.text !== "" || !(summary.type === "paragraph" || summary.type.startsWith("heading"));
  const addedById = new Map<number, number[]>();
  for (const step of steps) {
    if (step.op !== "run") continue;
    for (const index of step.added) {
      if (!movable(afterSummaries[index]!)) continue;
      const id = afterIds[index]!;
      const list = addedById.get(id);
      if (list) list.push(index);
      else addedById.set(id, [index]);
    }
  }
  const moves = new Map<number, number>();
  for (const step of steps) {
    if (step.op !== "run") continue;
    for (const index of step.removed) {
      if (!movable(beforeSummaries[index]!)) continue;
      const target = addedById.get(beforeIds[index]!)?.shift();
      if (target !== undefined) moves.set(target, index);
    }
  }
  return moves;
}

interface Pair {
  before?: number;
  after?: number;
}

/** 2: the same text; 1: the same type; 0: unrelated. */
function likeness(before: BlockSummary, after: BlockSummary): number {
  if (before.text === after.text) return 2;
  return before.type === after.type ? 1 : 0;
}

/**
 * Pairs a run's removed and added blocks in order: a removed block and an added block are one
 * modified block when they are alike; a closer match in the next few blocks (the same text
 * beats the same type) makes the blocks skipped over plain insertions or deletions.
 */
function pairRun(removed: number[], added: number[], beforeSummaries: BlockSummary[], afterSummaries: BlockSummary[]): Pair[] {
  const pairs: Pair[] = [];
  const like = (i: number, j: number) => likeness(beforeSummaries[removed[i]!]!, afterSummaries[added[j]!]!);
  /** The nearest offset (1…window) at which `at(offset)` reaches `level`, or null. */
  const ahead = (limit: number, at: (offset: number) => number, level: number) => {
    for (let offset = 1; offset <= PAIRING_WINDOW && offset < limit; offset++) if (at(offset) >= level) return offset;
    return null;
  };
  let i = 0;
  let j = 0;
  while (i < removed.length && j < added.length) {
    const here = like(i, j);
    if (here < 2) {
      // A better match a little further on: the blocks before it were inserted or deleted.
      let skipped = false;
      for (let level = 2; level > here && !skipped; level--) {
        const inAdded = ahead(added.length - j, (offset) => like(i, j + offset), level);
        const inRemoved = ahead(removed.length - i, (offset) => like(i + offset, j), level);
        if (inAdded !== null && (inRemoved === null || inAdded <= inRemoved)) {
          for (const end = j + inAdded; j < end; j++) pairs.push({ after: added[j]! });
          skipped = true;
        } else if (inRemoved !== null) {
          for (const end = i + inRemoved; i < end; i++) pairs.push({ before: removed[i]! });
          skipped = true;
        }
      }
      if (skipped) continue;
      if (here === 0) {
        pairs.push({ before: removed[i++]! }, { after: added[j++]! });
        continue;
      }
    }
    pairs.push({ before: removed[i++]!, after: added[j++]! });
  }
  while (i < removed.length) pairs.push({ before: removed[i++]! });
  while (j < added.length) pairs.push({ after: added[j++]! });
  return pairs;
}

function modification(before: LooseNode, after: LooseNode, beforeSummary: BlockSummary, afterSummary: BlockSummary): BlockDiff {
  return {
    op: "modify",
    before: beforeSummary,
    after: afterSummary,
    words: wordParts(beforeSummary.text, afterSummary.text),
    formats: formatChanges(before, after),
    type_change: beforeSummary.type === afterSummary.type ? null : { before: beforeSummary.label, after: afterSummary.label },
    cells: before.type === "table" && after.type === "table" ? cellChanges(before, after) : [],
  };
}

/** The words of `before` and `after`, unchanged, removed and added, in reading order. */
export function wordParts(before: string, after: string): WordPart[] {
  if (before === after) return before ? [{ op: "equal", text: before }] : [];
  if (before.length + after.length > MAX_WORD_DIFF_CHARS) {
    return [...(before ? [{ op: "delete" as const, text: before }] : []), ...(after ? [{ op: "insert" as const, text: after }] : [])];
  }
  const changes = diffWordsWithSpace(before, after, { maxEditLength: MAX_WORD_EDITS });
  if (!changes) return [{ op: "delete", text: before }, { op: "insert", text: after }].filter((part) => part.text !== "") as WordPart[];
  return changes.map((change) => ({ op: change.added ? "insert" : change.removed ? "delete" : "equal", text: change.value }));
}

/** A table's cells' text by row and column (a cell's lines joined by spaces, as the block text has them). */
function cellTexts(table: LooseNode): string[][] {
  return childrenOf(table).map((row) =>
    childrenOf(row).map((cell) =>
      plainTextLines(childrenOf(cell))
        .join(" ")
        .replace(/[\t\n]/g, " ")
    )
  );
}

/** The cells whose words changed, added and removed rows and columns included (as cells from or to ""). */
function cellChanges(before: LooseNode, after: LooseNode): CellChange[] {
  const beforeCells = cellTexts(before);
  const afterCells = cellTexts(after);
  const changes: CellChange[] = [];
  for (let row = 0; row < Math.max(beforeCells.length, afterCells.length); row++) {
    const beforeRow = beforeCells[row] ?? [];
    const afterRow = afterCells[row] ?? [];
    for (let column = 0; column < Math.max(beforeRow.length, afterRow.length); column++) {
      const was = beforeRow[column] ?? "";
      const is = afterRow[column] ?? "";
      if (was !== is) changes.push({ row, column, words: wordParts(was, is) });
    }
  }
  return changes;
}

/** One character's formatting: its format names, and the address of the link it is in. */
interface CharFormat {
  names: string[];
  url: string | null;
  key: string;
}

const FORMAT_NAMES = Object.entries(TEXT_FORMAT) as Array<[keyof typeof TEXT_FORMAT, number]>;
const PLAIN: CharFormat = { names: [], url: null, key: "" };
const BLOCK_LIKE: ReadonlySet<string> = new Set(["paragraph", "heading", "listitem", "list", "tablecell", "tablerow", "table", "box", "quote", "code"]);

/** A block's characters with the formatting of each (line breaks and block ends as "\n"). */
function styledText(block: LooseNode): { text: string; formats: CharFormat[] } {
  let text = "";
  const formats: CharFormat[] = [];
  const cache = new Map<string, CharFormat>();
  const formatOf = (bits: number, url: string | null, marks: string[]): CharFormat => {
    const key = `${bits}|${url ?? ""}|${marks.join(",")}`;
    let format = cache.get(key);
    if (!format) {
      const names = FORMAT_NAMES.filter(([, bit]) => (bits & bit) !== 0).map(([name]) => name as string);
      if (url !== null) names.push("link");
      names.push(...marks);
      format = { names, url, key };
      cache.set(key, format);
    }
    return format;
  };
  const add = (value: string, format: CharFormat) => {
    text += value;
    for (let index = 0; index < value.length; index++) formats.push(format);
  };
  const visit = (node: LooseNode, url: string | null, marks: string[], depth: number) => {
    if (depth > MAX_NODE_DEPTH) return;
    if (node.type === "linebreak") return add("\n", PLAIN);
    if (typeof node.text === "string" && (node.type === "text" || isInlineNode(node))) {
      return add(node.text, formatOf(typeof node.format === "number" ? node.format : 0, url, marks));
    }
    const linkUrl = (node.type === "link" || node.type === "autolink") && typeof node.url === "string" ? node.url : url;
    // Comment and tracked-change marks wrap words: "comment", "insertion", "deletion", "format change"…
    const mark = node.type.endsWith("-mark") ? node.type.slice(0, -"-mark".length).replace(/-/g, " ") : null;
    const inside = mark && !marks.includes(mark) ? [...marks, mark] : marks;
    for (const child of childrenOf(node)) visit(child, linkUrl, inside, depth + 1);
    if (BLOCK_LIKE.has(node.type) && !text.endsWith("\n")) add("\n", PLAIN);
  };
  visit(block, null, [], 0);
  return { text, formats };
}

/**
 * Words present on both sides whose formatting changed: bold, italic…, "link" (named
 * "link to <address>" on both sides when only the address changed), and the marks around
 * them ("comment", "insertion", "deletion", "format change"), so a resolved or added comment
 * thread or an accepted suggestion shows as what changed.
 */
function formatChanges(before: LooseNode, after: LooseNode): FormatChange[] {
  const was = styledText(before);
  const is = styledText(after);
  const changes: FormatChange[] = [];
  let current: { text: string; before: CharFormat; after: CharFormat } | null = null;
  const flush = () => {
    if (current && current.text.trim()) {
      const relinked = current.before.url !== null && current.after.url !== null && current.before.url !== current.after.url;
      const names = (format: CharFormat) => (relinked ? format.names.map((name) => (name === "link" ? `link to ${format.url}` : name)) : format.names);
      changes.push({ text: current.text, before: names(current.before), after: names(current.after) });
    }
    current = null;
  };
  let beforeOffset = 0;
  let afterOffset = 0;
  for (const part of wordParts(was.text, is.text)) {
    if (part.op === "delete") {
      flush();
      beforeOffset += part.text.length;
      continue;
    }
    if (part.op === "insert") {
      flush();
      afterOffset += part.text.length;
      continue;
    }
    for (let index = 0; index < part.text.length; index++) {
      const formatBefore = was.formats[beforeOffset + index]!;
      const formatAfter = is.formats[afterOffset + index]!;
      const char = part.text[index]!;
      if (formatBefore.key === formatAfter.key || char === "\n") {
        flush();
        continue;
      }
      if (current && current.before === formatBefore && current.after === formatAfter) current.text += char;
      else {
        flush();
        current = { text: char, before: formatBefore, after: formatAfter };
      }
    }
    flush();
    beforeOffset += part.text.length;
    afterOffset += part.text.length;
  }
  flush();
  return changes.map((change) => ({ ...change, text: change.text.trim() }));
}
