import type { ConflictChoice } from "../contracts/history";

/**
 * What `/compare` and a merge preview show: a document's blocks (the root's children) as
 * people read them, and how two bodies differ block by block and word by word inside a block.
 * Computed on the document model (core/history/diff.ts), never on rendered HTML.
 */

/** One block as the comparison shows it. */
export interface BlockSummary {
  /** Its place among the root's children. */
  index: number;
  /** The node type and its variant: `paragraph`, `heading:h2`, `list:bullet`, `table`, `quote`, `code`, `image`... */
  type: string;
  /** For people: "Paragraph", "Heading 2", "Bulleted list", "Table"... */
  label: string;
  /** Its text (a table's cells joined by tabs and rows by new lines). */
  text: string;
}

/** A run of words: unchanged, added or removed. */
export interface WordPart {
  op: "equal" | "insert" | "delete";
  text: string;
}

/** Words whose text stayed but whose formatting (bold, italic, link...) changed. */
export interface FormatChange {
  text: string;
  before: string[];
  after: string[];
}

/** One table cell whose words changed (0-based row and column). */
export interface CellChange {
  row: number;
  column: number;
  words: WordPart[];
}

export type BlockDiff =
  | { op: "equal"; before: BlockSummary; after: BlockSummary }
  | { op: "insert"; after: BlockSummary }
  | { op: "delete"; before: BlockSummary }
  /** The same block, unchanged, somewhere else. */
  | { op: "move"; before: BlockSummary; after: BlockSummary }
  | {
      op: "modify";
      before: BlockSummary;
      after: BlockSummary;
      words: WordPart[];
      formats: FormatChange[];
      /** The block's type changed (a paragraph became a heading): labels before and after. */
      type_change: { before: string; after: string } | null;
      cells: CellChange[];
    };

export interface DocumentDiff {
  blocks: BlockDiff[];
  stats: { inserted: number; deleted: number; modified: number; moved: number; unchanged: number };
}

/** A region main and the branch both changed differently since their common base. */
export interface MergeConflict {
  /** Its index in the merge: resolutions name it. */
  conflict: number;
  base: BlockSummary[];
  main: BlockSummary[];
  branch: BlockSummary[];
}

export type MergePreview = { clean: true; conflicts: [] } | { clean: false; conflicts: MergeConflict[] };

export type ConflictResolutions = ReadonlyMap<number, ConflictChoice>;
