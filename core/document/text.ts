import { childrenOf, document, isNode, paragraph, text } from "./nodes";
import { MAX_NODE_DEPTH, type LooseNode, type SerializedDocument } from "./types";

/**
 * The plain-text projection of a document, stored beside the body for full-text search and
 * used for word counts: one line per paragraph, heading and list item, table rows as lines
 * of tab-separated cells, an image as its alt text. Formatting and links are dropped.
 */
export function documentToPlainText(doc: SerializedDocument): string {
  return plainTextLines(doc.root.children).join("\n");
}

/** The same projection for any list of nodes (a table cell, a box…), as lines. */
export function plainTextLines(nodes: readonly LooseNode[]): string[] {
  return linesOf(nodes, 0);
}

/** `startDepth`: how deep `nodes` already sit, so tables inside tables count towards the limit. */
function linesOf(nodes: readonly LooseNode[], startDepth: number): string[] {
  const lines: string[] = [];
  let line: string | null = null;
  const flush = () => {
    if (line !== null) lines.push(line);
    line = null;
  };
  const append = (value: string) => {
    line = (line ?? "") + value;
  };

  // `inBlocks`: the node sits where blocks go (root, box, cell), so it ends the line
  // before and after itself even when this code does not know its type.
  const visit = (node: LooseNode, inBlocks: boolean, depth: number): void => {
    if (depth > MAX_NODE_DEPTH) {
      // Only an unvalidated document gets here; keep its words without recursing further.
      append(flatText(node));
      return;
    }
    const visitAll = (children: LooseNode[], blocks: boolean) => {
      for (const child of children) visit(child, blocks, depth + 1);
    };
    if (isNode(node, "text")) return append(node.text);
    if (isNode(node, "linebreak")) {
      flush();
      line = "";
      return;
    }
    if (isNode(node, "link")) return visitAll(node.children, false);
    if (isNode(node, "paragraph") || isNode(node, "heading")) {
      flush();
      line = "";
      visitAll(node.children, false);
      return flush();
    }
    if (isNode(node, "listitem")) {
      flush();
      // An item holding only a nested list (Lexical's shape) is no line of its own.
      if (!node.children.length || node.children.some((child) => child.type !== "list")) line = "";
      visitAll(node.children, false);
      return flush();
    }
    if (isNode(node, "list") || isNode(node, "box")) {
      flush();
      visitAll(node.children, true);
      return flush();
    }
    if (isNode(node, "table")) {
      flush();
      for (const row of node.children) {
        lines.push(
          childrenOf(row)
            .map((cell) => cellText(cell, depth + 2))
            .join("\t")
        );
      }
      return;
    }
    if (isNode(node, "image")) {
      flush();
      if (node.alt) lines.push(node.alt);
      return;
    }
    if (isNode(node, "line-divider")) return flush();
    // Unknown node types (and rows or cells outside a table): text-like nodes (mentions,
    // tabs, hashtags) carry `text`; containers carry children in either position.
    if (inBlocks) flush();
    if (typeof node.text === "string") append(node.text);
    visitAll(childrenOf(node), inBlocks);
    if (inBlocks) flush();
  };

  for (const node of nodes) visit(node, true, startDepth + 1);
  flush();
  return lines;
}

/** A table cell on one line, so a row stays one line of tab-separated cells. */
function cellText(cell: LooseNode, depth: number): string {
  if (depth > MAX_NODE_DEPTH) return flatText(cell);
  return linesOf(childrenOf(cell), depth)
    .join(" ")
    .replace(/[\t\n]/g, " ");
}

/** All the text under `node`, space-separated, walked without recursion. */
function flatText(node: LooseNode): string {
  const words: string[] = [];
  const stack: LooseNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (typeof current.text === "string") words.push(current.text);
    else if (isNode(current, "image") && current.alt) words.push(current.alt);
    const children = childrenOf(current);
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
  return words.join(" ");
}

/** A document with one paragraph per line of `value` (CRLF and CR count as line ends). */
export function documentFromPlainText(value: string): SerializedDocument {
  const lines = value.replace(/\r\n?/g, "\n").split("\n");
  return document(lines.map((line) => paragraph(line ? [text(line)] : [])));
}

export interface DocumentStats {
  /** Words as the Unicode word breaker sees them (so Chinese or Japanese text counts too). */
  words: number;
  /** User-perceived characters (grapheme clusters), spaces included, line and cell breaks not. */
  characters: number;
}

export function documentStats(doc: SerializedDocument): DocumentStats {
  const content = plainTextLines(doc.root.children).join("\n");
  return { words: countWords(content), characters: countCharacters(content.replace(/[\n\t]/g, "")) };
}

function countWords(value: string): number {
  if (typeof Intl.Segmenter !== "function") return value.split(/\s+/).filter(Boolean).length;
  let count = 0;
  for (const segment of new Intl.Segmenter(undefined, { granularity: "word" }).segment(value)) {
    if (segment.isWordLike) count++;
  }
  return count;
}

function countCharacters(value: string): number {
  if (typeof Intl.Segmenter !== "function") return [...value].length;
  let count = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(value)) count++;
  return count;
}
