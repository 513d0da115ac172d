import { diff3Merge, diffIndices } from "node-diff3";
import type { ConflictChoice } from "../contracts/history";
import { emptyDocument, type BlockNode, type LooseNode, type SerializedDocument } from "../document/types";
import { blockSummary, FingerprintIds } from "./blocks";
import type { ConflictResolutions, MergeConflict, MergePreview } from "./types";

/**
 * A three-way merge of a branch into main, block by block: node-diff3's `diff3Merge` over the
 * three bodies' block fingerprints. A region only one side changed, or both changed alike (both
 * deleted a block included), merges cleanly; so do changes to neighbouring blocks, which diff3
 * alone would call a conflict. What is left is a conflict for people to settle.
 */

/** A merge that still has conflicts without a resolution. */
export class UnresolvedConflicts extends Error {
  readonly conflicts: MergeConflict[];

  constructor(conflicts: MergeConflict[]) {
    super(`${conflicts.length === 1 ? "1 conflict has" : `${conflicts.length} conflicts have`} no resolution`);
    this.name = "UnresolvedConflicts";
    this.conflicts = conflicts;
  }
}

type Region = { blocks: LooseNode[] } | { conflict: MergeConflict; main: LooseNode[]; branch: LooseNode[] };

export function previewMerge(base: SerializedDocument, main: SerializedDocument, branch: SerializedDocument): MergePreview {
  const conflicts = mergeRegions(base, main, branch).flatMap((region) => ("conflict" in region ? [region.conflict] : []));
  return conflicts.length === 0 ? { clean: true, conflicts: [] } : { clean: false, conflicts };
}

/**
 * The merged body: main's root (its own fields kept) holding the merged blocks, each conflict
 * replaced by the side its resolution chooses ("both": main's blocks, then the branch's).
 * Every block comes from one of the three stored bodies, so the result is a valid body.
 */
export function mergeDocuments(base: SerializedDocument, main: SerializedDocument, branch: SerializedDocument, resolutions: ConflictResolutions): SerializedDocument {
  const regions = mergeRegions(base, main, branch);
  const unresolved = regions.flatMap((region) => ("conflict" in region && !resolutions.has(region.conflict.conflict) ? [region.conflict] : []));
  if (unresolved.length > 0) throw new UnresolvedConflicts(unresolved);
  const children = regions.flatMap((region) => {
    if (!("conflict" in region)) return region.blocks;
    const choice: ConflictChoice = resolutions.get(region.conflict.conflict)!;
    return choice === "main" ? region.main : choice === "branch" ? region.branch : [...region.main, ...region.branch];
  });
  // Lexical's empty document is one empty paragraph, not no blocks.
  const blocks = children.length > 0 ? children : emptyDocument().root.children;
  return { ...main, root: { ...main.root, children: blocks as BlockNode[] } };
}

function mergeRegions(base: SerializedDocument, main: SerializedDocument, branch: SerializedDocument): Region[] {
  const baseBlocks = base.root.children as LooseNode[];
  const mainBlocks = main.root.children as LooseNode[];
  const branchBlocks = branch.root.children as LooseNode[];
  const fingerprints = new FingerprintIds();
  const mainIds = fingerprints.idsOf(mainBlocks);
  const baseIds = fingerprints.idsOf(baseBlocks);
  const branchIds = fingerprints.idsOf(branchBlocks);
  // Merged text is kept as main has it when main has it (equal fingerprints may differ in volatile fields).
  const blockOf = new Map<number, LooseNode>();
  for (const [ids, blocks] of [[mainIds, mainBlocks], [branchIds, branchBlocks], [baseIds, baseBlocks]] as const) {
    ids.forEach((id, index) => {
      if (!blockOf.has(id)) blockOf.set(id, blocks[index]!);
    });
  }
  const blocksOf = (ids: number[]) => ids.map((id) => blockOf.get(id)!);

  // The start and end all three share are settled without diff3 (its LCS is quadratic in the worst case).
  let start = 0;
  while (start < baseIds.length && baseIds[start] === mainIds[start] && baseIds[start] === branchIds[start]) start++;
  let end = 0;
  const shortest = Math.min(baseIds.length, mainIds.length, branchIds.length) - start;
  while (end < shortest && sameFromEnd(baseIds, mainIds, end) && sameFromEnd(baseIds, branchIds, end)) end++;

  const middle = (ids: number[]) => ids.slice(start, ids.length - end);
  const regions: Region[] = [{ blocks: mainBlocks.slice(0, start) }];
  let conflicts = 0;
  for (const region of diff3Merge(middle(mainIds), middle(baseIds), middle(branchIds))) {
    if (region.ok) {
      regions.push({ blocks: blocksOf(region.ok) });
      continue;
    }
    const { a, aIndex, o, oIndex, b, bIndex } = region.conflict!;
    const composed = composeDisjoint(o, a, b);
    if (composed) {
      regions.push({ blocks: blocksOf(composed) });
      continue;
    }
    const mainStart = start + aIndex;
    const baseStart = start + oIndex;
    const branchStart = start + bIndex;
    regions.push({
      conflict: {
        conflict: conflicts++,
        base: o.map((_, offset) => blockSummary(baseBlocks[baseStart + offset]!, baseStart + offset)),
        main: a.map((_, offset) => blockSummary(mainBlocks[mainStart + offset]!, mainStart + offset)),
        branch: b.map((_, offset) => blockSummary(branchBlocks[branchStart + offset]!, branchStart + offset)),
      },
      main: mainBlocks.slice(mainStart, mainStart + a.length),
      branch: branchBlocks.slice(branchStart, branchStart + b.length),
    });
  }
  regions.push({ blocks: mainBlocks.slice(mainBlocks.length - end) });
  return regions;
}

function sameFromEnd(one: number[], other: number[], offset: number): boolean {
  return one[one.length - 1 - offset] === other[other.length - 1 - offset];
}

interface Hunk {
  /** Where in the base the change starts, and how many base blocks it replaces. */
  start: number;
  length: number;
  content: number[];
}

/**
 * diff3 makes one conflict of changes that only touch (main edits a paragraph, the branch the
 * next one). When no base block is changed by both sides and the sides do not both insert at
 * the same place, both sides' changes apply: the merged ids. Otherwise null, a real conflict.
 */
function composeDisjoint(base: number[], main: number[], branch: number[]): number[] | null {
  const hunksOf = (side: number[]): Hunk[] =>
    diffIndices(base, side).map((hunk) => ({ start: hunk.buffer1[0], length: hunk.buffer1[1], content: hunk.buffer2Content }));
  const mainHunks = hunksOf(main);
  const branchHunks = hunksOf(branch);
  for (const one of mainHunks) {
    for (const other of branchHunks) if (overlap(one, other)) return null;
  }
  // Insertions go before a change starting at the same base block.
  const hunks = [...mainHunks, ...branchHunks].sort((one, other) => one.start - other.start || one.length - other.length);
  const merged: number[] = [];
  let cursor = 0;
  for (const hunk of hunks) {
    merged.push(...base.slice(cursor, hunk.start), ...hunk.content);
    cursor = hunk.start + hunk.length;
  }
  merged.push(...base.slice(cursor));
  return merged;
}

function overlap(one: Hunk, other: Hunk): boolean {
  const oneEnd = one.start + one.length;
  const otherEnd = other.start + other.length;
  if (one.length === 0 && other.length === 0) return one.start === other.start;
  if (one.length === 0) return other.start < one.start && one.start < otherEnd;
  if (other.length === 0) return one.start < other.start && other.start < oneEnd;
  return one.start < otherEnd && other.start < oneEnd;
}
