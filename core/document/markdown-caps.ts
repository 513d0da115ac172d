import { MAX_NESTING, MAX_TABLE_CELLS } from "./types";

/**
 * SPEC section 9's caps applied to markdown source before parsing, where they are cheap.
 * markdown-it recurses a few frames per nested quote or list (a line `>>>…` 10,000 levels
 * deep would overflow the stack, or hit its nesting limit, past which it drops the rest of
 * the text), re-reads a line once per container it sits in, and builds tokens for every
 * table cell, kept or not. Capping the text first keeps the parser fast, off the stack limit
 * and below its own limit; markdown-import.ts applies the same caps to the tokens, exactly,
 * for whatever these line-based rules miss (tables inside quotes, nesting across lines).
 *
 * Every rule only touches lines past a cap, so ordinary documents come through unchanged.
 */

export interface CappedMarkdown {
  text: string;
  nestingCapped: boolean;
  tableCapped: boolean;
}

// A container opener at the start of a line: a quote marker, a bullet or an ordered marker.
const CONTAINER_MARKER = /[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/y;
/**
 * Leading indentation kept at most (columns): 100 levels of the narrowest list nesting (two
 * columns each). The parser's time per line grows with the depth, so this bound matters.
 */
const MAX_INDENT = 2 * MAX_NESTING;
/** `*`, `_` or `~` in one run: 100 levels of strong emphasis take 200. */
const LONG_DELIMITER_RUN = new RegExp(`([*_~])\\1{${2 * MAX_NESTING},}`, "g");
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const DELIMITER_CELL = /^\s*:?-+:?\s*$/;
/** Lines that end a table without a blank line (GFM: "the beginning of another block-level structure"). */
const BLOCK_START = /^ {0,3}(?:#{1,6}(?:\s|$)|>|[-*+](?:\s|$)|\d{1,9}[.)](?:\s|$)|`{3,}|~{3,}|<)/;

export function capMarkdown(markdown: string): CappedMarkdown {
  const lines = markdown.split(/\r\n|\r|\n/);
  let nestingCapped = false;
  let tableCapped = false;
  let fence: string | null = null;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      // Code is text: leave it alone until the closing fence.
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length) fence = null;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      continue;
    }
    const capped = capDelimiterRuns(capIndent(capMarkers(line)));
    if (capped !== line) {
      lines[index] = capped;
      nestingCapped = true;
    }
    if (index + 1 < lines.length && isTableStart(lines[index]!, lines[index + 1]!)) {
      const end = capTable(lines, index);
      if (end.capped) tableCapped = true;
      index = end.lastRow;
    }
  }
  const changed = nestingCapped || tableCapped;
  return { text: changed ? lines.join("\n") : markdown, nestingCapped, tableCapped };
}

/** Keeps the first MAX_NESTING container markers of a line and its text. */
function capMarkers(line: string): string {
  // Fast path: markers and indentation are all at or below ">" (0x3e); text rarely is.
  if (line.length < 2 || line.charCodeAt(0) > 0x3e) return line;
  CONTAINER_MARKER.lastIndex = 0;
  let count = 0;
  let keptEnd = 0;
  let end = 0;
  while (end < line.length && CONTAINER_MARKER.test(line)) {
    end = CONTAINER_MARKER.lastIndex;
    count++;
    if (count === MAX_NESTING) keptEnd = end;
  }
  if (count <= MAX_NESTING) return line;
  return line.slice(0, keptEnd) + line.slice(end);
}

function capIndent(line: string): string {
  let columns = 0;
  let end = 0;
  while (end < line.length && (line[end] === " " || line[end] === "\t")) {
    columns += line[end] === "\t" ? 4 - (columns % 4) : 1;
    end++;
  }
  return columns > MAX_INDENT ? " ".repeat(MAX_INDENT) + line.slice(end) : line;
}

function capDelimiterRuns(line: string): string {
  if (line.length <= 2 * MAX_NESTING) return line;
  return line.replace(LONG_DELIMITER_RUN, (run) => run.slice(0, 2 * MAX_NESTING));
}

/** The cells of a table line, split at pipes that are not escaped. */
function cellsOf(line: string): string[] {
  let body = line.trim();
  if (body.startsWith("|")) body = body.slice(1);
  if (body.endsWith("|") && !body.endsWith("\\|")) body = body.slice(0, -1);
  return body.split(/(?<!\\)\|/);
}

/** A header row followed by a delimiter row with as many cells (GFM's table start). */
function isTableStart(header: string, delimiter: string): boolean {
  if (!delimiter.includes("-") || !header.includes("|")) return false;
  const delimiterCells = cellsOf(delimiter);
  if (!delimiterCells.every((cell) => DELIMITER_CELL.test(cell))) return false;
  return cellsOf(header).length === delimiterCells.length;
}

/**
 * Cuts the table starting at `lines[start]` to MAX_TABLE_CELLS cells: at most that many
 * columns, and as many whole rows as fit. Returns the index of its last line.
 */
function capTable(lines: string[], start: number): { lastRow: number; capped: boolean } {
  const columns = cellsOf(lines[start + 1]!).length;
  const keptColumns = Math.min(columns, MAX_TABLE_CELLS);
  const keptRows = Math.max(1, Math.floor(MAX_TABLE_CELLS / keptColumns));
  let capped = false;
  if (columns > keptColumns) {
    lines[start] = keepCells(lines[start]!, keptColumns);
    lines[start + 1] = keepCells(lines[start + 1]!, keptColumns);
    capped = true;
  }
  let end = start + 2;
  while (end < lines.length && lines[end]!.trim() !== "" && !BLOCK_START.test(lines[end]!)) end++;
  // Rows: the header plus body lines start+2 … end-1.
  const bodyKept = keptRows - 1;
  if (end - (start + 2) > bodyKept) {
    lines.splice(start + 2 + bodyKept, end - (start + 2) - bodyKept);
    end = start + 2 + bodyKept;
    capped = true;
  }
  // Cells past the header's count are ignored by GFM but still cost parsing time.
  for (let row = start + 2; row < end; row++) {
    if (cellsOf(lines[row]!).length > keptColumns) lines[row] = keepCells(lines[row]!, keptColumns);
  }
  return { lastRow: end - 1, capped };
}

function keepCells(line: string, count: number): string {
  return `| ${cellsOf(line).slice(0, count).join("|")} |`;
}
