import type * as Mdast from "mdast";
import { childrenOf, isInlineNode, isNode } from "./nodes";
import { plainTextLines } from "./text";
import { MAX_NESTING, TEXT_FORMAT, type LooseNode, type SerializedDocument } from "./types";

/**
 * A document to mdast, for the markdown export. Markdown has no underline, sub- or
 * superscript, alignment, colours or box colours: those are dropped, the text stays. Text
 * with the code format becomes inline code. Boxes and quotes both become blockquotes.
 * Nesting past SPEC section 9's 100 levels is written as plain paragraphs, so a hostile
 * stored document cannot make the serializer recurse without end.
 */
export function documentToMdast(doc: SerializedDocument): Mdast.Root {
  return { type: "root", children: flow(doc.root.children, 0) };
}

/** Bold, italic and strikethrough, outermost first, as markdown nodes. */
const MARKS = [
  [TEXT_FORMAT.bold, "strong"],
  [TEXT_FORMAT.italic, "emphasis"],
  [TEXT_FORMAT.strikethrough, "delete"],
] as const;
const MARK_BITS = TEXT_FORMAT.bold | TEXT_FORMAT.italic | TEXT_FORMAT.strikethrough;

function flow(nodes: readonly LooseNode[], depth: number): Mdast.RootContent[] {
  const out: Mdast.RootContent[] = [];
  let run: LooseNode[] = [];
  const endRun = () => {
    const children = phrasing(run, depth);
    if (children.length) out.push({ type: "paragraph", children });
    run = [];
  };
  for (const node of nodes) {
    if (isInlineNode(node)) {
      run.push(node);
      continue;
    }
    endRun();
    for (const block of toBlock(node, depth)) out.push(block);
  }
  endRun();
  return out;
}

function toBlock(node: LooseNode, depth: number): Mdast.RootContent[] {
  if (isNode(node, "paragraph")) {
    const children = phrasing(node.children, depth);
    // Markdown has no empty paragraph: it would only add blank lines.
    return children.length ? [{ type: "paragraph", children }] : [];
  }
  if (isNode(node, "heading")) {
    const level = Number(node.tag.slice(1)) as Mdast.Heading["depth"];
    return [{ type: "heading", depth: level, children: phrasing(node.children, depth) }];
  }
  if (isNode(node, "line-divider")) return [{ type: "thematicBreak" }];
  if (isNode(node, "image")) return [{ type: "paragraph", children: [imageNode(node)] }];
  if (isNode(node, "table")) return tableNode(node, depth);
  if (depth >= MAX_NESTING) return textParagraphs(node);
  if (isNode(node, "box")) return [{ type: "blockquote", children: flow(node.children, depth + 1) as Mdast.BlockContent[] }];
  if (isNode(node, "list")) return [listNode(node, depth + 1)];
  // List items, rows or cells out of place and unknown containers: keep their content.
  return flow(childrenOf(node), depth + 1);
}

/** `level`: this list's nesting level. Lexical keeps a nested list in its own item after its parent. */
function listNode(node: LooseNode & { listType: string; start: number; children: LooseNode[] }, level: number): Mdast.List {
  const ordered = node.listType === "number";
  const check = node.listType === "check";
  const items: Mdast.ListItem[] = [];
  for (const item of node.children) {
    const content = childrenOf(item);
    const inline = content.filter((child) => !isNode(child, "list"));
    const nested: Mdast.BlockContent[] = [];
    for (const child of content) {
      if (!isNode(child, "list")) continue;
      if (level >= MAX_NESTING) nested.push(...textParagraphs(child));
      else nested.push(listNode(child, level + 1));
    }
    const previous = items[items.length - 1];
    if (inline.length === 0 && nested.length > 0 && previous) {
      previous.children.push(...nested);
      continue;
    }
    const children = phrasing(inline, level);
    items.push({
      type: "listItem",
      spread: false,
      checked: check ? item.checked === true : null,
      children: [...(children.length ? [{ type: "paragraph" as const, children }] : []), ...nested],
    });
  }
  return { type: "list", ordered, start: ordered ? node.start : null, spread: false, children: items };
}

function tableNode(node: LooseNode & { children: LooseNode[] }, depth: number): Mdast.RootContent[] {
  if (node.children.length === 0) return [];
  const rows: Mdast.TableRow[] = node.children.map((row) => ({
    type: "tableRow",
    children: childrenOf(row).map((cell) => ({ type: "tableCell", children: cellPhrasing(cell, depth) })),
  }));
  // Markdown aligns whole columns: take each column's alignment from its first cell.
  const align = childrenOf(node.children[0]!).map((cell): Mdast.AlignType => {
    const format = childrenOf(cell)[0]?.format;
    return format === "left" || format === "center" || format === "right" ? format : null;
  });
  return [{ type: "table", align, children: rows }];
}

/** A table cell is one line in markdown: blocks join with spaces, line breaks become <br>. */
function cellPhrasing(cell: LooseNode, depth: number): Mdast.PhrasingContent[] {
  const out: Mdast.PhrasingContent[] = [];
  for (const block of childrenOf(cell)) {
    const content =
      isNode(block, "paragraph") || isNode(block, "heading")
        ? phrasing(block.children, depth)
        : plainTextLines([block]).map((line): Mdast.PhrasingContent => ({ type: "text", value: line }));
    if (content.length === 0) continue;
    if (out.length) out.push({ type: "text", value: " " });
    for (const node of content) out.push(node);
  }
  return out.map((child) => (child.type === "break" ? { type: "html", value: "<br>" } : child));
}

function textParagraphs(node: LooseNode): Mdast.Paragraph[] {
  return plainTextLines([node])
    .filter((line) => line.trim())
    .map((line) => ({ type: "paragraph", children: [{ type: "text", value: line }] }));
}

function imageNode(node: LooseNode & { src: string; alt: string }): Mdast.PhrasingContent {
  const picture: Mdast.Image = { type: "image", url: node.src, alt: node.alt, title: stringOrNull(node.title) };
  return typeof node.href === "string" ? { type: "link", url: node.href, title: null, children: [picture] } : picture;
}

const stringOrNull = (value: unknown) => (typeof value === "string" && value ? value : null);

/** A leaf of inline content with the marks that should wrap it (`null`: takes its neighbours'). */
interface Leaf {
  node: Mdast.PhrasingContent;
  marks: number | null;
}

/** Inline nodes to markdown phrasing, with runs sharing a mark wrapped once (`**a *b* c**`). */
function phrasing(nodes: readonly LooseNode[], depth: number): Mdast.PhrasingContent[] {
  const leaves: Leaf[] = [];
  for (const node of nodes) collectLeaves(node, leaves, depth);
  // Breaks and images carry no marks: they join a run when both neighbours share it.
  const before: number[] = [];
  let marks = 0;
  for (const leaf of leaves) {
    before.push(marks);
    if (leaf.marks !== null) marks = leaf.marks;
  }
  marks = 0;
  for (let index = leaves.length - 1; index >= 0; index--) {
    const leaf = leaves[index]!;
    if (leaf.marks !== null) marks = leaf.marks;
    else leaf.marks = before[index]! & marks;
  }
  return group(leaves, 0);
}

function collectLeaves(node: LooseNode, leaves: Leaf[], depth: number): void {
  if (isNode(node, "text")) {
    if (!node.text) return;
    const value = node.text;
    const leaf: Mdast.PhrasingContent = node.format & TEXT_FORMAT.code ? { type: "inlineCode", value } : { type: "text", value };
    leaves.push({ node: leaf, marks: node.format & MARK_BITS });
  } else if (isNode(node, "linebreak")) {
    leaves.push({ node: { type: "break" }, marks: null });
  } else if (isNode(node, "image")) {
    leaves.push({ node: imageNode(node), marks: null });
  } else if (isNode(node, "link") && depth < MAX_NESTING * 2) {
    // Marks every text in the link shares wrap the link; the rest are applied inside it.
    let shared = MARK_BITS;
    for (const child of node.children) if (isNode(child, "text")) shared &= child.format;
    const inner = node.children.map((child) => (isNode(child, "text") ? { ...child, format: child.format & ~shared } : child));
    const children = phrasing(inner, depth + 1);
    if (children.length) {
      leaves.push({ node: { type: "link", url: node.url, title: stringOrNull(node.title), children }, marks: shared });
    }
  } else if (typeof node.text === "string" && node.text) {
    // Text-like nodes of unknown types (mentions, tabs…).
    const format = typeof node.format === "number" ? node.format : 0;
    leaves.push({ node: { type: "text", value: node.text }, marks: format & MARK_BITS });
  } else if (depth < MAX_NESTING * 2) {
    // Unknown inline containers and blocks out of place: their content inline.
    for (const child of childrenOf(node)) collectLeaves(child, leaves, depth + 1);
  }
}

function group(leaves: Leaf[], markIndex: number): Mdast.PhrasingContent[] {
  const mark = MARKS[markIndex];
  if (!mark) return leaves.map((leaf) => leaf.node);
  const [bit, type] = mark;
  const out: Mdast.PhrasingContent[] = [];
  let start = 0;
  while (start < leaves.length) {
    const marked = ((leaves[start]!.marks ?? 0) & bit) !== 0;
    let end = start;
    while (end < leaves.length && (((leaves[end]!.marks ?? 0) & bit) !== 0) === marked) end++;
    const inner = group(leaves.slice(start, end), markIndex + 1);
    for (const node of marked ? wrap(type, inner) : inner) out.push(node);
    start = end;
  }
  return out;
}

/**
 * Wraps in a mark, with whitespace at either end moved outside: `**bold **` is not bold in
 * markdown, and Lexical often stores the space after a bold word as bold.
 */
function wrap(type: "strong" | "emphasis" | "delete", children: Mdast.PhrasingContent[]): Mdast.PhrasingContent[] {
  const before: Mdast.PhrasingContent[] = [];
  const after: Mdast.PhrasingContent[] = [];
  const first = children[0];
  if (first?.type === "text") {
    const [space] = /^\s*/.exec(first.value)!;
    if (space) {
      before.push({ type: "text", value: space });
      children =
        first.value.length > space.length
          ? [{ type: "text", value: first.value.slice(space.length) }, ...children.slice(1)]
          : children.slice(1);
    }
  }
  const last = children[children.length - 1];
  if (last?.type === "text") {
    const [space] = /\s*$/.exec(last.value)!;
    if (space) {
      after.push({ type: "text", value: space });
      const rest = last.value.slice(0, last.value.length - space.length);
      children = rest ? [...children.slice(0, -1), { type: "text", value: rest }] : children.slice(0, -1);
    }
  }
  if (children.length === 0) return [...before, ...after];
  return [...before, { type, children }, ...after];
}
