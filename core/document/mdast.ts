import type * as Mdast from "mdast";
import { count } from "../counting";
import { isSafeUrl } from "./links";
import {
  box,
  document,
  heading,
  image,
  isNode,
  lineBreak,
  lineDivider,
  link,
  list,
  listItem,
  paragraph,
  table,
  tableCell,
  tableRow,
  text,
} from "./nodes";
import { plainTextLines } from "./text";
import {
  MAX_NESTING,
  MAX_TABLE_CELLS,
  QUOTE_COLOR,
  TEXT_FORMAT,
  type BlockNode,
  type ConversionResult,
  type ElementFormat,
  type HeadingTag,
  type InlineNode,
  type LinkNode,
  type ListItemChild,
  type ListItemNode,
  type ListNode,
  type TableNode,
} from "./types";

/**
 * mdast (the markdown syntax tree) to a document, for the HTML importer (html.ts reaches it
 * through hast-util-to-mdast); the markdown importer (markdown-import.ts) maps the same way
 * from markdown-it's tokens and shares the warnings and helpers below.
 * SPEC section 4's mappings: inline code becomes italic text, a code block one paragraph per
 * line, a blockquote a box with the quote colour, a thematic break a line divider, a task
 * list a check list. SPEC section 9's caps: a table keeps at most 65,536 cells and nesting
 * (quotes and lists) at most 100 levels, deeper content is lifted to the 100th level. Links
 * and images with a refused address (links.ts) keep their text and lose the address.
 *
 * Hostile trees can be thousands of levels deep: phrasing (emphasis, links) is walked with
 * an explicit stack, and block recursion stops at the nesting cap, below which flattening
 * is iterative too. Nothing here recurses deeper than about MAX_NESTING frames.
 */

export const WARNINGS = {
  table: `Table truncated to ${count(MAX_TABLE_CELLS, "cell")}`,
  nesting: `Nesting deeper than ${count(MAX_NESTING, "level")} was flattened`,
  link: "A link with a disallowed address (such as javascript:) was removed; its text was kept",
  image: "An image with a disallowed address (such as javascript:) was removed; its alt text was kept",
} as const;

const PHRASING_TYPES: ReadonlySet<string> = new Set([
  "text",
  "emphasis",
  "strong",
  "delete",
  "inlineCode",
  "break",
  "link",
  "linkReference",
  "image",
  "imageReference",
  "footnoteReference",
]);

interface Definition {
  url: string;
  title?: string | null;
}

export function mdastToDocument(tree: Mdast.Root): ConversionResult {
  const converter = new MdastConverter(collectDefinitions(tree));
  const children = converter.blocks(tree.children, 0);
  return { document: document(children), warnings: [...converter.warnings] };
}

/** Reference-style links and images point at definitions anywhere in the tree. */
function collectDefinitions(tree: Mdast.Root): Map<string, Definition> {
  const definitions = new Map<string, Definition>();
  const stack: Mdast.Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === "definition" && !definitions.has(node.identifier)) {
      definitions.set(node.identifier, { url: node.url, title: node.title });
    }
    if ("children" in node) for (const child of node.children as Mdast.Nodes[]) stack.push(child);
  }
  return definitions;
}

class MdastConverter {
  readonly warnings = new Set<string>();

  constructor(private readonly definitions: Map<string, Definition>) {}

  /** Flow content to blocks; `depth` is how many quotes and lists enclose it. */
  blocks(nodes: readonly Mdast.Nodes[], depth: number): BlockNode[] {
    const out: BlockNode[] = [];
    let phrasing: Mdast.PhrasingContent[] = [];
    const endPhrasing = () => {
      if (phrasing.length) append(out, this.paragraphBlocks(phrasing));
      phrasing = [];
    };
    for (const node of nodes) {
      if (PHRASING_TYPES.has(node.type)) {
        // Inline content outside a paragraph (tight HTML): gather it into one.
        phrasing.push(node as Mdast.PhrasingContent);
        continue;
      }
      endPhrasing();
      append(out, this.block(node, depth));
    }
    endPhrasing();
    return out;
  }

  private block(node: Mdast.Nodes, depth: number): BlockNode[] {
    switch (node.type) {
      case "paragraph":
        return this.paragraphBlocks(node.children);
      case "heading":
        return [heading(`h${node.depth}` as HeadingTag, this.inline(node.children))];
      case "thematicBreak":
        return [lineDivider()];
      case "code":
        return node.value.split(/\r?\n/).map((line) => paragraph(line ? [text(line)] : []));
      case "html": {
        const value = htmlText(node.value);
        return value ? [paragraph([text(value)])] : [];
      }
      case "table":
        return [this.table(node)];
      case "definition":
        return [];
      case "blockquote":
        if (depth >= MAX_NESTING) return this.flatten(node.children);
        return [box(this.blocks(node.children, depth + 1), { quoteColor: QUOTE_COLOR })];
      case "list":
        if (depth >= MAX_NESTING) return this.flatten(node.children);
        return [this.list(node, depth + 1)];
      case "footnoteDefinition": {
        const label = text(`[^${node.label ?? node.identifier}]: `);
        const content = depth >= MAX_NESTING ? this.flatten(node.children) : this.blocks(node.children, depth + 1);
        const first = content[0];
        if (first && isNode(first, "paragraph")) first.children.unshift(label);
        else content.unshift(paragraph([label]));
        return content;
      }
      default:
        // Other containers (a list item out of a list, extensions): keep what they hold.
        if ("children" in node) {
          if (depth >= MAX_NESTING) return this.flatten(node.children as Mdast.Nodes[]);
          return this.blocks(node.children as Mdast.Nodes[], depth + 1);
        }
        if ("value" in node && typeof node.value === "string" && node.value) return [paragraph([text(node.value)])];
        return [];
    }
  }

  /** A paragraph holding nothing but images becomes image blocks (the usual markdown for a picture). */
  private paragraphBlocks(children: Mdast.PhrasingContent[]): BlockNode[] {
    const inline = this.inline(children);
    if (inline.length === 0) return [];
    const meaningful = inline.filter((node) => !isNode(node, "linebreak") && !(isNode(node, "text") && !node.text.trim()));
    if (meaningful.length > 0 && meaningful.every((node) => isNode(node, "image"))) return meaningful as BlockNode[];
    return [paragraph(inline)];
  }

  /** `level` is this list's nesting level (1 for a top-level list). */
  private list(node: Mdast.List, level: number): ListNode {
    const check = node.children.some((item) => typeof item.checked === "boolean");
    const listType = check ? "check" : node.ordered ? "number" : "bullet";
    const start = node.ordered && typeof node.start === "number" && node.start >= 0 ? node.start : 1;
    const items: ListItemNode[] = [];
    const indent = level - 1;
    let value = start;
    for (const item of node.children) {
      const content: ListItemChild[] = [];
      const nested: ListNode[] = [];
      const lifted: ListItemChild[][] = [];
      for (const child of item.children) {
        if (child.type === "list") {
          if (level >= MAX_NESTING) append(lifted, this.flatten(child.children).map(blockInline));
          else nested.push(this.list(child, level + 1));
          continue;
        }
        // A list item holds inline content only (Lexical): other blocks join it line by line.
        for (const block of this.blocks([child], level)) {
          if (isNode(block, "list")) {
            nested.push(block);
            continue;
          }
          const inline = blockInline(block);
          if (inline.length === 0) continue;
          if (content.length > 0) content.push(lineBreak());
          append(content, inline);
        }
      }
      // An item holding only a nested list (`- - x`) is just the nested list's item.
      if (content.length > 0 || nested.length === 0) {
        items.push(listItem(content, value++, check ? item.checked === true : undefined, indent));
      }
      // Lexical keeps a nested list in an item of its own that does not advance the numbering.
      for (const inner of nested) items.push(listItem([inner], value, undefined, indent));
      for (const inline of lifted) {
        if (inline.length > 0) items.push(listItem(inline, value++, check ? false : undefined, indent));
      }
    }
    return list(listType, items, start);
  }

  private table(node: Mdast.Table): TableNode {
    let columns = 1;
    for (const row of node.children) columns = Math.max(columns, row.children.length);
    columns = Math.min(columns, MAX_TABLE_CELLS);
    const maxRows = Math.floor(MAX_TABLE_CELLS / columns);
    if (node.children.length > maxRows || node.children.some((row) => row.children.length > columns)) {
      this.warnings.add(WARNINGS.table);
    }
    const align = node.align ?? [];
    // Every row gets the same number of cells: Lexical's table selection assumes a grid.
    const rows = node.children.slice(0, maxRows).map((row, rowIndex) => {
      const cells = [];
      for (let column = 0; column < columns; column++) {
        const cell = row.children[column];
        const format: ElementFormat = align[column] ?? "";
        cells.push(tableCell([paragraph(cell ? this.inline(cell.children) : [], format)], rowIndex === 0));
      }
      return tableRow(cells);
    });
    return table(rows);
  }

  /**
   * Content nested past the cap, lifted to the current level: every paragraph, heading,
   * code block or table below `nodes` in document order, without recursion.
   */
  private flatten(nodes: readonly Mdast.Nodes[]): BlockNode[] {
    this.warnings.add(WARNINGS.nesting);
    const out: BlockNode[] = [];
    const stack = [...nodes].reverse();
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (PHRASING_TYPES.has(node.type)) append(out, this.paragraphBlocks([node as Mdast.PhrasingContent]));
      else if (node.type === "paragraph" || node.type === "heading" || node.type === "table" || !("children" in node)) {
        append(out, this.block(node, MAX_NESTING));
      } else {
        const children = node.children as Mdast.Nodes[];
        for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
      }
    }
    return out;
  }

  /** Phrasing content to inline nodes, walked with an explicit stack (emphasis can nest without end). */
  inline(nodes: readonly Mdast.PhrasingContent[]): InlineNode[] {
    const out: InlineNode[] = [];
    interface Frame {
      node: Mdast.Nodes;
      format: number;
      /** The link this content sits in: Lexical links hold text, never other links. */
      link: LinkNode | null;
    }
    const stack: Frame[] = [];
    const pushAll = (children: readonly Mdast.Nodes[], format: number, inLink: LinkNode | null) => {
      for (let index = children.length - 1; index >= 0; index--) stack.push({ node: children[index]!, format, link: inLink });
    };
    pushAll(nodes, 0, null);
    while (stack.length > 0) {
      const { node, format, link: inLink } = stack.pop()!;
      const target: InlineNode[] = inLink ? (inLink.children as InlineNode[]) : out;
      switch (node.type) {
        case "text":
          pushText(target, node.value, format);
          break;
        case "inlineCode":
          pushText(target, node.value, format | TEXT_FORMAT.italic);
          break;
        case "emphasis":
          pushAll(node.children, format | TEXT_FORMAT.italic, inLink);
          break;
        case "strong":
          pushAll(node.children, format | TEXT_FORMAT.bold, inLink);
          break;
        case "delete":
          pushAll(node.children, format | TEXT_FORMAT.strikethrough, inLink);
          break;
        case "break":
          target.push(lineBreak());
          break;
        case "link":
        case "linkReference": {
          const destination = node.type === "link" ? node : this.definitions.get(node.identifier);
          if (inLink || !destination) {
            pushAll(node.children, format, inLink);
          } else if (!isSafeUrl(destination.url)) {
            this.warnings.add(WARNINGS.link);
            pushAll(node.children, format, null);
          } else {
            const created = link(destination.url, [], destination.title);
            out.push(created);
            // `[](url)` would be an empty, invisible link: show its address.
            if (node.children.length === 0) created.children.push(text(destination.url, format));
            pushAll(node.children, format, created);
          }
          break;
        }
        case "image":
        case "imageReference": {
          const source = node.type === "image" ? node : this.definitions.get(node.identifier);
          const alt = node.alt ?? "";
          if (source && isSafeUrl(source.url)) {
            // Lexical links hold text only; an image inside one links through its own href.
            out.push(image({ src: source.url, alt, title: source.title ?? undefined, href: inLink?.url }));
          } else {
            if (source) this.warnings.add(WARNINGS.image);
            pushText(target, alt, format);
          }
          break;
        }
        case "html":
          // Inline HTML: a <br> is a line break, other tags are dropped (their text is separate).
          if (/^<br\s*\/?>$/i.test(node.value.trim())) target.push(lineBreak());
          break;
        case "footnoteReference":
          pushText(target, `[^${node.label ?? node.identifier}]`, format);
          break;
        default:
          if ("children" in node) pushAll(node.children as Mdast.Nodes[], format, inLink);
          else if ("value" in node && typeof node.value === "string") pushText(target, node.value, format);
      }
    }
    // Drop links left empty (their only child was an image, now beside them).
    return out.filter((node) => !isNode(node, "link") || node.children.length > 0);
  }
}

/** `target.push(...items)` without spreading: a huge array as arguments overflows the stack. */
function append<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

/**
 * Adds text, merged into the previous text node when the format matches. A soft line break
 * inside a markdown paragraph renders as a space, so it becomes one here.
 */
function pushText(target: InlineNode[], value: string, format: number): void {
  const cleaned = value.replace(/\r?\n/g, " ");
  if (!cleaned) return;
  const last = target[target.length - 1];
  if (last && isNode(last, "text") && last.format === format) last.text += cleaned;
  else target.push(text(cleaned, format));
}

/** What a block can put inside a list item: its inline content, or its text. */
export function blockInline(block: BlockNode): InlineNode[] {
  if (isNode(block, "paragraph") || isNode(block, "heading")) return block.children;
  if (isNode(block, "image")) return [block];
  const lines = plainTextLines([block]).filter(Boolean);
  return lines.flatMap((line, index) => (index === 0 ? [text(line)] : [lineBreak(), text(line)]));
}

/** The text of a raw HTML block (markdown allows them): tags, comments, scripts and styles removed. */
export function htmlText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
