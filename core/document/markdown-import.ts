import MarkdownIt from "markdown-it";
import type { StateCore, Token } from "markdown-it";
import { isSafeUrl } from "./links";
import { blockInline, htmlText, WARNINGS } from "./mdast";
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
  type TableCellNode,
  type TableNode,
  type TableRowNode,
} from "./types";

/**
 * Markdown to a document through markdown-it's token stream (CommonMark, with GFM tables,
 * strikethrough, task lists and autolinks), walked straight into the document model.
 * SPEC section 4's mappings, as for HTML (mdast.ts): inline code becomes italic text, a code
 * block one paragraph per line, a blockquote a box with the quote colour, a thematic break
 * a line divider, a task list a check list. SPEC section 9's caps: a table keeps at most
 * 65,536 cells, nesting (quotes and lists) at most 100 levels, deeper content is lifted to
 * the 100th level. Links and images with a refused address (links.ts) keep their text.
 *
 * The token stream is flat: emphasis, links and content past the nesting cap are walked
 * without recursion; blocks recurse once per quote or list, at most MAX_NESTING deep.
 */

/**
 * markdown-it stops parsing (and drops the rest) at its own nesting limit. The line caps of
 * markdown-caps.ts keep real nesting to a few hundred token levels (a list takes two: the list
 * and its item); this limit sits above them so nothing is dropped, and ours applies instead.
 */
const PARSER_MAX_NESTING = 2_000;

const parser = createParser();

function createParser() {
  const md = new MarkdownIt("default", { html: true, linkify: true, maxNesting: PARSER_MAX_NESTING });
  // Addresses are kept as written (after markdown's own escapes and entities): links.ts decides
  // what is allowed, with a warning, and no percent-encoding or punycode changes what the user wrote.
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (url) => url;
  md.validateLink = () => true;
  md.core.ruler.before("strip_references", "footnote_text", keepFootnotesAsText);
  md.core.ruler.before("inline", "task_items", readTaskItems);
  return md;
}

/** Parses `markdown` (already capped by capMarkdown) into a document. */
export function markdownItToDocument(markdown: string): ConversionResult {
  const tokens = parser.parse(markdown, {});
  const converter = new TokenConverter(tokens);
  const children = converter.blocks(0);
  return { document: document(children), warnings: [...converter.warnings] };
}

/** One line of inline markdown to inline nodes: how the writer checks a line it is unsure of reads back. */
export function markdownItToInline(markdown: string): InlineNode[] {
  const tokens = parser.parseInline(markdown, {});
  return tokens[0] ? new TokenConverter(tokens).inline(tokens[0]) : [];
}

const TASK_MARKER = /^\[([ xX])\][ \t]+(?=\S)/;

/**
 * GFM task items: `[ ]` or `[x]` opening a list item's first paragraph. Read before inline
 * parsing, so the brackets never become a link, and kept on the item token's meta.
 */
function readTaskItems(state: StateCore): void {
  const tokens = state.tokens;
  for (let index = 0; index + 2 < tokens.length; index++) {
    const item = tokens[index]!;
    if (item.type !== "list_item_open" || tokens[index + 1]!.type !== "paragraph_open") continue;
    const inline = tokens[index + 2]!;
    const match = TASK_MARKER.exec(inline.content);
    if (!match) continue;
    item.meta = { checked: match[1] !== " " };
    inline.content = inline.content.slice(match[0].length);
  }
}

/**
 * A footnote definition (`[^1]: note`) that also reads as a link reference definition stays
 * text, as footnotes are not imported: without this its label would turn `[^1]` into a link.
 */
function keepFootnotesAsText(state: StateCore): void {
  const tokens = state.tokens;
  let lines: string[] | null = null;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const label = token.type === "reference_definition" ? (token.meta as { label?: string } | null)?.label : undefined;
    if (!label?.startsWith("^") || !token.map) continue;
    const references = (state.env as { references?: Record<string, unknown> }).references;
    if (references) delete references[label];
    lines ??= state.src.split("\n");
    const source = lines.slice(token.map[0], token.map[1]).join(" ");
    const start = source.indexOf("[^");
    const open = new state.Token("paragraph_open", "p", 1);
    const inline = new state.Token("inline", "", 0);
    inline.content = (start >= 0 ? source.slice(start) : source).trim();
    inline.children = [];
    const close = new state.Token("paragraph_close", "p", -1);
    tokens.splice(index, 1, open, inline, close);
    index += 2;
  }
}

const ALIGNMENTS: Readonly<Record<string, ElementFormat>> = {
  "text-align:left": "left",
  "text-align:center": "center",
  "text-align:right": "right",
};
/** A linkified address without a scheme (`//host`, `host.tld`): GFM leaves those as text. */
const LINKIFY_ACCEPTED = /^(?:[a-z][a-z0-9+.-]*:|www\.)/i;
const BR_TAG = /^<br\s*\/?>$/i;

/** A token attribute as text (markdown-it types them as strings or numbers). */
function attribute(token: Token, name: string): string | undefined {
  const value = token.attrGet(name);
  return value === null ? undefined : String(value);
}

class TokenConverter {
  readonly warnings = new Set<string>();
  private index = 0;

  constructor(private readonly tokens: Token[]) {}

  /**
   * Blocks from the current token up to the closing token of the container they sit in (left
   * for the caller) or the end. `depth` is how many quotes and lists enclose them.
   */
  blocks(depth: number): BlockNode[] {
    const out: BlockNode[] = [];
    const tokens = this.tokens;
    while (this.index < tokens.length && tokens[this.index]!.nesting !== -1) this.block(depth, out);
    return out;
  }

  /** Converts the block starting at the current token, moving past it. */
  private block(depth: number, out: BlockNode[]): void {
    const token = this.tokens[this.index]!;
    switch (token.type) {
      case "paragraph_open":
        this.paragraphBlocks(this.tokens[this.index + 1]!, out);
        this.index += 3;
        return;
      case "heading_open":
        out.push(heading(token.tag as HeadingTag, this.inline(this.tokens[this.index + 1]!)));
        this.index += 3;
        return;
      case "hr":
        out.push(lineDivider());
        break;
      case "code_block":
      case "fence": {
        const code = token.content.endsWith("\n") ? token.content.slice(0, -1) : token.content;
        for (const line of code.split("\n")) out.push(paragraph(line ? [text(line)] : []));
        break;
      }
      case "html_block": {
        const value = htmlText(token.content);
        if (value) out.push(paragraph([text(value)]));
        break;
      }
      case "table_open":
        out.push(this.table());
        return;
      case "blockquote_open":
        if (depth >= MAX_NESTING) return this.flatten(out);
        this.index++;
        out.push(box(this.blocks(depth + 1), { quoteColor: QUOTE_COLOR }));
        break; // past blockquote_close
      case "bullet_list_open":
      case "ordered_list_open":
        if (depth >= MAX_NESTING) return this.flatten(out);
        out.push(this.list(depth + 1));
        return;
      default:
        if (token.nesting === 1) {
          // A container of a kind not listed (from a plugin): keep what it holds.
          this.index++;
          for (const block of this.blocks(depth)) out.push(block);
        }
    }
    this.index++;
  }

  /** A paragraph holding nothing but images becomes image blocks (the usual markdown for a picture). */
  private paragraphBlocks(inlineToken: Token, out: BlockNode[]): void {
    const inline = this.inline(inlineToken);
    if (inline.length === 0) return;
    if (isImagesOnly(inline)) {
      for (const node of inline) if (isNode(node, "image")) out.push(node);
    } else {
      out.push(paragraph(inline));
    }
  }

  /** The list at the current token; `level` is its nesting level (1 for a top-level list). */
  private list(level: number): ListNode {
    const tokens = this.tokens;
    const open = tokens[this.index++]!;
    const ordered = open.type === "ordered_list_open";
    const startAttribute = ordered ? Number(attribute(open, "start") ?? 1) : 1;
    const start = Number.isSafeInteger(startAttribute) && startAttribute >= 0 ? startAttribute : 1;
    const indent = level - 1;
    interface Item {
      content: ListItemChild[];
      nested: ListNode[];
      lifted: InlineNode[][];
      checked: boolean | undefined;
    }
    const items: Item[] = [];
    let check = false;
    while (tokens[this.index]?.type === "list_item_open") {
      const checked = (tokens[this.index]!.meta as { checked?: boolean } | null)?.checked;
      if (checked !== undefined) check = true;
      this.index++;
      const item: Item = { content: [], nested: [], lifted: [], checked };
      while (this.index < tokens.length && tokens[this.index]!.nesting !== -1) {
        const type = tokens[this.index]!.type;
        if (type === "bullet_list_open" || type === "ordered_list_open") {
          if (level >= MAX_NESTING) {
            const flattened: BlockNode[] = [];
            this.flatten(flattened);
            for (const block of flattened) item.lifted.push(blockInline(block));
          } else {
            item.nested.push(this.list(level + 1));
          }
          continue;
        }
        // A list item holds inline content only (Lexical): other blocks join it line by line.
        if (type === "paragraph_open") {
          // The usual case, without a paragraph node made only to be taken apart.
          const inline = this.inline(tokens[this.index + 1]!);
          this.index += 3;
          if (inline.length === 0) continue;
          if (item.content.length > 0) item.content.push(lineBreak());
          const imagesOnly = isImagesOnly(inline);
          for (const node of inline) if (!imagesOnly || isNode(node, "image")) item.content.push(node);
          continue;
        }
        const blocks: BlockNode[] = [];
        this.block(level, blocks);
        for (const block of blocks) {
          if (isNode(block, "list")) {
            item.nested.push(block);
            continue;
          }
          const inline = blockInline(block);
          if (inline.length === 0) continue;
          if (item.content.length > 0) item.content.push(lineBreak());
          for (const node of inline) item.content.push(node);
        }
      }
      this.index++; // list_item_close
      items.push(item);
    }
    this.index++; // the list's close

    const children: ListItemNode[] = [];
    let value = start;
    for (const item of items) {
      // An item holding only a nested list (`- - x`) is just the nested list's item.
      if (item.content.length > 0 || item.nested.length === 0) {
        children.push(listItem(item.content, value++, check ? item.checked === true : undefined, indent));
      }
      // Lexical keeps a nested list in an item of its own that does not advance the numbering.
      for (const inner of item.nested) children.push(listItem([inner], value, undefined, indent));
      for (const inline of item.lifted) {
        if (inline.length > 0) children.push(listItem(inline, value++, check ? false : undefined, indent));
      }
    }
    return list(check ? "check" : ordered ? "number" : "bullet", children, start);
  }

  /**
   * The table at the current token, capped at MAX_TABLE_CELLS cells. markdown-it gives every
   * row the header's number of cells, so every row gets as many (Lexical's selection assumes a grid).
   */
  private table(): TableNode {
    const tokens = this.tokens;
    const rows: TableRowNode[] = [];
    let cells: TableCellNode[] = [];
    let columns = MAX_TABLE_CELLS;
    let maxRows = 1;
    const formats: ElementFormat[] = [];
    let token = tokens[++this.index];
    for (; token && token.type !== "table_close"; token = tokens[++this.index]) {
      if (token.type === "tr_open") {
        cells = [];
      } else if (token.type === "tr_close") {
        if (rows.length === 0) {
          columns = Math.max(1, Math.min(cells.length, MAX_TABLE_CELLS));
          maxRows = Math.floor(MAX_TABLE_CELLS / columns);
        }
        if (rows.length < maxRows) {
          while (cells.length < columns) cells.push(tableCell([paragraph([], formats[cells.length] ?? "")], rows.length === 0));
          rows.push(tableRow(cells));
        } else {
          this.warnings.add(WARNINGS.table);
        }
      } else if ((token.type === "th_open" || token.type === "td_open") && rows.length < maxRows) {
        if (cells.length >= columns) {
          this.warnings.add(WARNINGS.table);
          continue;
        }
        const format = token.attrs ? (ALIGNMENTS[attribute(token, "style") ?? ""] ?? "") : "";
        if (rows.length === 0) formats.push(format);
        cells.push(tableCell([paragraph(this.inline(tokens[this.index + 1]!), format)], rows.length === 0));
      }
    }
    this.index++; // table_close
    return table(rows);
  }

  /**
   * The container at the current token, nested past the cap: every paragraph, heading, code
   * block, table or divider inside it, lifted to the current level in document order.
   */
  private flatten(out: BlockNode[]): void {
    this.warnings.add(WARNINGS.nesting);
    const tokens = this.tokens;
    const level = tokens[this.index]!.level;
    this.index++;
    while (this.index < tokens.length) {
      const token = tokens[this.index]!;
      if (token.nesting === -1 && token.level === level) break;
      if (token.nesting !== 0 && (token.type.endsWith("list_open") || token.type.endsWith("list_close") || token.type.startsWith("list_item") || token.type.startsWith("blockquote"))) {
        this.index++;
      } else {
        this.block(MAX_NESTING, out);
      }
    }
    this.index++; // the container's close
  }

  /** An inline token's children to inline nodes (the stream is flat: no recursion). */
  inline(inlineToken: Token): InlineNode[] {
    const out: InlineNode[] = [];
    const children = inlineToken.children;
    if (!children) return out;
    // Open emphasis of each kind (they can nest: `*a *b* c*`), and the format they make.
    let italic = 0;
    let bold = 0;
    let struck = 0;
    let format = 0;
    let emptyLinks = false;
    /** The link text goes into; Lexical links hold text, never other links. */
    let current: LinkNode | null = null;
    /** Per open link token: the link it created, or null when its text stays outside any link. */
    const opened: Array<LinkNode | null> = [];
    for (let index = 0; index < children.length; index++) {
      const token = children[index]!;
      const target: InlineNode[] = current ? (current.children as InlineNode[]) : out;
      switch (token.type) {
        case "text":
        case "text_special":
          pushText(target, token.content, format);
          break;
        case "softbreak":
          // A soft line break renders as a space.
          pushText(target, " ", format);
          break;
        case "code_inline":
          pushText(target, token.content, format | TEXT_FORMAT.italic);
          break;
        case "hardbreak":
          target.push(lineBreak());
          break;
        case "em_open":
          italic++;
          format = formatOf(italic, bold, struck);
          break;
        case "em_close":
          italic--;
          format = formatOf(italic, bold, struck);
          break;
        case "strong_open":
          bold++;
          format = formatOf(italic, bold, struck);
          break;
        case "strong_close":
          bold--;
          format = formatOf(italic, bold, struck);
          break;
        case "s_open":
          struck++;
          format = formatOf(italic, bold, struck);
          break;
        case "s_close":
          struck--;
          format = formatOf(italic, bold, struck);
          break;
        case "link_open": {
          const url = attribute(token, "href") ?? "";
          let created: LinkNode | null = null;
          const bareHost = token.markup === "linkify" && !url.startsWith("mailto:") && !LINKIFY_ACCEPTED.test(children[index + 1]?.content ?? "");
          if (current || bareHost) {
            // Inside a link already, or a bare host name GFM would not link: the text stays as it is.
          } else if (!isSafeUrl(url)) {
            this.warnings.add(WARNINGS.link);
          } else {
            created = link(url, [], attribute(token, "title"));
            out.push(created);
            // `[](url)` would be an empty, invisible link: show its address.
            if (children[index + 1]?.type === "link_close") created.children.push(text(url, format));
            else emptyLinks = true;
            current = created;
          }
          opened.push(created);
          break;
        }
        case "link_close":
          if (opened.pop()) current = null;
          break;
        case "image": {
          const src = attribute(token, "src") ?? "";
          const alt = plainText(token.children);
          if (isSafeUrl(src)) {
            // Lexical links hold text only; an image inside one links through its own href.
            out.push(image({ src, alt, title: attribute(token, "title"), href: current?.url }));
          } else {
            this.warnings.add(WARNINGS.image);
            pushText(target, alt, format);
          }
          break;
        }
        case "html_inline":
          // Inline HTML: a <br> is a line break, other tags are dropped (their text is separate).
          if (BR_TAG.test(token.content.trim())) target.push(lineBreak());
          break;
        default:
          if (token.content && token.nesting === 0) pushText(target, token.content, format);
      }
    }
    // Drop links left empty (their only child was an image, now beside them).
    return emptyLinks ? out.filter((node) => !isNode(node, "link") || node.children.length > 0) : out;
  }
}

/** Whether inline content is images with nothing but whitespace and line breaks between them. */
function isImagesOnly(inline: InlineNode[]): boolean {
  let images = 0;
  for (const node of inline) {
    if (isNode(node, "image")) images++;
    else if (!isNode(node, "linebreak") && !(isNode(node, "text") && !node.text.trim())) return false;
  }
  return images > 0;
}

function formatOf(italic: number, bold: number, struck: number): number {
  return (italic > 0 ? TEXT_FORMAT.italic : 0) | (bold > 0 ? TEXT_FORMAT.bold : 0) | (struck > 0 ? TEXT_FORMAT.strikethrough : 0);
}

/** Adds text, merged into the previous text node when the format matches. */
function pushText(target: InlineNode[], value: string, format: number): void {
  if (!value) return;
  const cleaned = value.indexOf("\n") === -1 ? value : value.replace(/\r?\n/g, " ");
  const last = target[target.length - 1];
  if (last && isNode(last, "text") && last.format === format) last.text += cleaned;
  else target.push(text(cleaned, format));
}

/** The text of an image description (its alt text), nested images included, without recursion. */
function plainText(tokens: Token[] | null): string {
  let result = "";
  const stack = tokens ? [...tokens].reverse() : [];
  while (stack.length > 0) {
    const token = stack.pop()!;
    if (token.type === "text" || token.type === "text_special" || token.type === "code_inline") result += token.content;
    else if (token.type === "softbreak") result += "\n";
    else if (token.type === "image" && token.children) {
      for (let index = token.children.length - 1; index >= 0; index--) stack.push(token.children[index]!);
    }
  }
  return result;
}
