import { markdownItToInline } from "./markdown-import";
import { childrenOf, isInlineNode, isNode } from "./nodes";
import { plainTextLines } from "./text";
import { MAX_NESTING, TEXT_FORMAT, type LooseNode, type SerializedDocument } from "./types";

/**
 * A document to markdown text (CommonMark + GFM), written straight from the document model:
 * `-` bullets (`*` for a list right after another, so they stay apart), `*` emphasis, `**`
 * strong, `~~` strikethrough, `---` dividers, GFM tables and task items, one space after a
 * list marker. Markdown has no underline, sub- or superscript, alignment, colours or box
 * colours: those are dropped, the text stays. Text with the code format becomes inline code;
 * boxes and quotes both become blockquotes. Text is escaped where markdown-it (markdown.ts)
 * would read it as syntax, so a document survives the round trip. Nesting past SPEC section
 * 9's 100 levels is written as plain paragraphs, so a hostile stored document cannot make the
 * writer recurse without end.
 */
export function documentToMarkdown(doc: SerializedDocument): string {
  const writer = new MarkdownWriter();
  const value = writer.flow(doc.root.children, 0).join("\n\n");
  return value ? `${value}\n` : "";
}

const MARK_BITS = TEXT_FORMAT.bold | TEXT_FORMAT.italic | TEXT_FORMAT.strikethrough;
/** Bold, italic and strikethrough, outermost first. */
const MARKS = [TEXT_FORMAT.bold, TEXT_FORMAT.italic, TEXT_FORMAT.strikethrough] as const;

/**
 * The markers for bold and italic: `**` and `*` first; where those pair up wrongly (`*a****b*`
 * can read as other emphasis than written), the underscore forms are tried too.
 */
const STYLES = [
  { [TEXT_FORMAT.bold]: "**", [TEXT_FORMAT.italic]: "*", [TEXT_FORMAT.strikethrough]: "~~" },
  { [TEXT_FORMAT.bold]: "**", [TEXT_FORMAT.italic]: "_", [TEXT_FORMAT.strikethrough]: "~~" },
  { [TEXT_FORMAT.bold]: "__", [TEXT_FORMAT.italic]: "*", [TEXT_FORMAT.strikethrough]: "~~" },
  { [TEXT_FORMAT.bold]: "__", [TEXT_FORMAT.italic]: "_", [TEXT_FORMAT.strikethrough]: "~~" },
] as const;
type Style = (typeof STYLES)[number];

/** Where phrasing is written: it decides what a line break becomes and which characters need escaping. */
interface Context {
  kind: "paragraph" | "heading" | "cell" | "label";
  /** The characters just outside the phrasing (`\n` for a line edge). */
  before: string;
  after: string;
  /** Escape every `|`: in table cells, and in paragraphs of several lines (a line could read as a table's delimiter row). */
  pipes: boolean;
  /** Inside a table cell, where a pipe ends the cell even inside code. */
  table: boolean;
}

const PARAGRAPH: Context = { kind: "paragraph", before: "\n", after: "\n", pipes: false, table: false };
const PARAGRAPH_WITH_BREAKS: Context = { ...PARAGRAPH, pipes: true };
const HEADING: Context = { kind: "heading", before: " ", after: "\n", pipes: false, table: false };
const CELL: Context = { kind: "cell", before: " ", after: " ", pipes: true, table: true };
const LABEL: Context = { kind: "label", before: "[", after: "]", pipes: false, table: false };
const LABEL_IN_TABLE: Context = { ...LABEL, pipes: true, table: true };

function labelIn(context: Context): Context {
  return context.table ? LABEL_IN_TABLE : LABEL;
}

// ---- inline content ----

/** A piece of inline output: text still to escape, inline code, markdown already written, a line break, or a mark around pieces. */
type Piece =
  | { kind: "text"; value: string }
  | { kind: "code"; value: string }
  | { kind: "raw"; value: string }
  | { kind: "break" }
  | { kind: "mark"; mark: (typeof MARKS)[number]; children: Piece[] };

/** A leaf of inline content with the marks that should wrap it (`null`: takes its neighbours'). */
interface Leaf {
  piece: Piece;
  marks: number | null;
}

/** A token of the written line: escaped text, markdown, or one side of a mark. */
interface Token {
  kind: "text" | "raw" | "open" | "close";
  value: string;
}

class MarkdownWriter {
  /**
   * The bullet of the list written just before, while nothing else has been written since:
   * two lists in a row need different bullets, or markdown reads them as one.
   */
  private lastBullet: string | undefined;

  /** Blocks to markdown, one string per block; `depth` is how many quotes and lists enclose them. */
  flow(nodes: readonly LooseNode[], depth: number): string[] {
    const out: string[] = [];
    // Inline nodes among blocks read as one paragraph.
    let runStart = -1;
    for (let index = 0; index <= nodes.length; index++) {
      const node = nodes[index];
      if (node && isInlineNode(node)) {
        if (runStart < 0) runStart = index;
        continue;
      }
      if (runStart >= 0) this.paragraphBlock(nodes.slice(runStart, index), depth, out);
      runStart = -1;
      if (node) this.block(node, depth, out);
    }
    return out;
  }

  private written(out: string[], value: string): void {
    out.push(value);
    this.lastBullet = undefined;
  }

  private paragraphBlock(children: readonly LooseNode[], depth: number, out: string[]): void {
    // Markdown has no empty paragraph: it would only add blank lines.
    const value = this.paragraph(children, depth);
    if (value) this.written(out, value);
  }

  private paragraph(children: readonly LooseNode[], depth: number): string {
    let breaks = false;
    for (const child of children) if (isNode(child, "linebreak")) breaks = true;
    return phrasing(children, depth, breaks ? PARAGRAPH_WITH_BREAKS : PARAGRAPH);
  }

  private block(node: LooseNode, depth: number, out: string[]): void {
    if (isNode(node, "paragraph")) return this.paragraphBlock(node.children, depth, out);
    if (isNode(node, "heading")) {
      const content = phrasing(node.children, depth, HEADING);
      return this.written(out, `${"#".repeat(Number(node.tag.slice(1)) || 1)}${content ? ` ${content}` : ""}`);
    }
    if (isNode(node, "line-divider")) return this.written(out, "---");
    if (isNode(node, "image")) return this.paragraphBlock([node], depth, out);
    if (isNode(node, "table")) {
      const value = tableMarkdown(node, depth);
      if (value) this.written(out, value);
      return;
    }
    if (depth >= MAX_NESTING) {
      for (const line of plainTextLines([node])) {
        if (line.trim()) this.written(out, escapePlain(line));
      }
      return;
    }
    if (isNode(node, "box")) {
      const inner = this.flow(node.children, depth + 1).join("\n\n");
      return this.written(out, prefixLines(inner, ">"));
    }
    if (isNode(node, "list")) {
      out.push(this.list(this.listModel(node, depth + 1), false, false));
      return;
    }
    // List items, rows or cells out of place and unknown containers: keep their content.
    for (const value of this.flow(childrenOf(node), depth + 1)) out.push(value);
  }

  // ---- lists ----

  /** `level`: the list's nesting level. Lexical keeps a nested list in its own item after its parent. */
  private listModel(node: LooseNode & { listType: string; start: number; children: LooseNode[] }, level: number): ListModel {
    const ordered = node.listType === "number";
    const check = node.listType === "check";
    const items: ItemModel[] = [];
    for (const item of node.children) {
      const content = childrenOf(item);
      const inline: LooseNode[] = [];
      const nested: ItemChild[] = [];
      for (const child of content) {
        if (!isNode(child, "list")) {
          inline.push(child);
          continue;
        }
        if (level >= MAX_NESTING) {
          for (const line of plainTextLines([child])) if (line.trim()) nested.push({ paragraph: escapePlain(line) });
        } else {
          nested.push({ list: this.listModel(child, level + 1) });
        }
      }
      const previous = items[items.length - 1];
      if (inline.length === 0 && nested.length > 0 && previous) {
        for (const child of nested) previous.children.push(child);
        continue;
      }
      const paragraph = this.paragraph(inline, level);
      items.push({
        checked: check ? item.checked === true : null,
        children: paragraph ? [{ paragraph }, ...nested] : nested,
      });
    }
    const start = typeof node.start === "number" && node.start >= 0 ? node.start : 1;
    return { ordered, start, items };
  }

  /**
   * `opensItem`: the list is the first thing in a list item. `opensOpener`: and that item
   * opens a list that opens an item too, where an empty first item would write `- - -`, a
   * thematic break, with one bullet.
   */
  private list(model: ListModel, opensItem: boolean, opensOpener: boolean): string {
    let bullet = model.ordered ? "." : "-";
    const other = model.ordered ? ")" : "*";
    let different = this.lastBullet !== undefined && bullet === this.lastBullet;
    if (!model.ordered && opensOpener && model.items[0]?.children.length === 0) different = true;
    if (different) bullet = other;
    const lines: string[] = [];
    for (let index = 0; index < model.items.length; index++) {
      const item = model.items[index]!;
      const marker = model.ordered ? `${model.start + index}${bullet}` : bullet;
      let body = this.itemFlow(item, index === 0 && opensItem);
      if (item.checked !== null && item.children[0] && "paragraph" in item.children[0]) body = `[${item.checked ? "x" : " "}] ${body}`;
      lines.push(indentItem(body, marker));
      this.lastBullet = undefined;
    }
    this.lastBullet = bullet;
    return lines.join("\n");
  }

  /** An item's paragraph and nested lists, tight. `opensOpener`: the item opens a list that opens an item. */
  private itemFlow(item: ItemModel, opensOpener: boolean): string {
    let value = "";
    let previous: ItemChild | undefined;
    for (let index = 0; index < item.children.length; index++) {
      const child = item.children[index]!;
      let written: string;
      if ("list" in child) {
        written = this.list(child.list, index === 0, index === 0 && opensOpener);
      } else {
        written = child.paragraph;
        this.lastBullet = undefined;
      }
      if (previous) value += joinInItem(previous, child);
      value += written;
      previous = child;
    }
    return value;
  }
}

interface ListModel {
  ordered: boolean;
  start: number;
  items: ItemModel[];
}

type ItemChild = { paragraph: string } | { list: ListModel };

interface ItemModel {
  checked: boolean | null;
  children: ItemChild[];
}

/** What goes between two blocks of one list item: a blank line only where markdown would misread a single newline. */
function joinInItem(left: ItemChild, right: ItemChild): string {
  if ("paragraph" in left) {
    if ("paragraph" in right) return "\n\n";
    // A list not starting at 1, or opening with an empty item, cannot interrupt a paragraph.
    const first = right.list.items[0];
    return (right.list.ordered && right.list.start !== 1) || (first && first.children.length === 0) ? "\n\n" : "\n";
  }
  // After a list, a paragraph ending it would continue its last paragraph lazily.
  return "paragraph" in right && endsInParagraph(left.list) ? "\n\n" : "\n";
}

function endsInParagraph(list: ListModel): boolean {
  for (;;) {
    const last = list.items[list.items.length - 1]?.children.at(-1);
    if (!last) return false;
    if ("paragraph" in last) return true;
    list = last.list;
  }
}

function indentItem(body: string, marker: string): string {
  const pad = " ".repeat(marker.length + 1);
  const lines = body.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (index === 0) lines[index] = line ? `${marker} ${line}` : marker;
    else if (line) lines[index] = pad + line;
  }
  return lines.join("\n");
}

function prefixLines(body: string, prefix: string): string {
  const lines = body.split("\n");
  for (let index = 0; index < lines.length; index++) lines[index] = lines[index] ? `${prefix} ${lines[index]}` : prefix;
  return lines.join("\n");
}

// ---- tables ----

type TableLike = LooseNode & { children: LooseNode[] };

type Alignment = "" | "left" | "center" | "right";

/** A GFM table, columns padded to their widest cell (markdown-table's layout). */
function tableMarkdown(node: TableLike, depth: number): string {
  if (node.children.length === 0) return "";
  const rows: string[][] = [];
  for (const row of node.children) {
    const cells: string[] = [];
    for (const cell of childrenOf(row)) cells.push(cellMarkdown(cell, depth));
    rows.push(cells);
  }
  // Markdown aligns whole columns: take each column's alignment from its first cell.
  const align: Alignment[] = [];
  for (const cell of childrenOf(node.children[0]!)) {
    const format = childrenOf(cell)[0]?.format;
    align.push(format === "left" || format === "center" || format === "right" ? format : "");
  }
  let columns = align.length;
  for (const row of rows) columns = Math.max(columns, row.length);
  if (columns === 0) return "";
  const widths: number[] = [];
  const delimiter: string[] = [];
  for (let column = 0; column < columns; column++) {
    const side = align[column] ?? "";
    const colons = side === "center" ? 2 : side ? 1 : 0;
    let width = colons + 1;
    for (const row of rows) width = Math.max(width, row[column]?.length ?? 0);
    widths.push(width);
    const dashes = "-".repeat(width - colons);
    delimiter.push(side === "center" ? `:${dashes}:` : side === "left" ? `:${dashes}` : side === "right" ? `${dashes}:` : dashes);
  }
  const lines = [tableLine(rows[0]!, widths, align), `| ${delimiter.join(" | ")} |`];
  for (let index = 1; index < rows.length; index++) lines.push(tableLine(rows[index]!, widths, align));
  return lines.join("\n");
}

function tableLine(row: string[], widths: number[], align: Alignment[]): string {
  let line = "|";
  for (let column = 0; column < widths.length; column++) {
    const cell = row[column] ?? "";
    const gap = widths[column]! - cell.length;
    const side = align[column];
    const padded =
      side === "right"
        ? " ".repeat(gap) + cell
        : side === "center"
          ? " ".repeat(Math.ceil(gap / 2)) + cell + " ".repeat(Math.floor(gap / 2))
          : cell + " ".repeat(gap);
    line += ` ${padded} |`;
  }
  return line;
}

/** A table cell is one line in markdown: blocks join with spaces, line breaks become <br>. */
function cellMarkdown(cell: LooseNode, depth: number): string {
  const parts: string[] = [];
  for (const block of childrenOf(cell)) {
    if (isNode(block, "paragraph") || isNode(block, "heading")) {
      const value = phrasing(block.children, depth, CELL);
      if (value) parts.push(value);
    } else {
      for (const line of plainTextLines([block])) if (line) parts.push(escapeText(oneLine(line), " ", " ", CELL, false));
    }
  }
  // Whitespace at a cell's edges is not kept by markdown.
  return parts.join(" ").trim();
}

// ---- phrasing ----

/** Inline nodes to markdown, runs sharing a mark wrapped once (`**a *b* c**`). */
function phrasing(nodes: readonly LooseNode[], depth: number, context: Context): string {
  const leaves: Leaf[] = [];
  for (const node of nodes) collectLeaves(node, leaves, depth, context);
  if (leaves.length === 0) return "";
  const only = leaves.length === 1 ? leaves[0]! : null;
  if (only && !only.marks && only.piece.kind === "text") {
    // The most common line: one run of plain text.
    return write([{ kind: "text", value: only.piece.value }], context).value;
  }
  // Breaks and images carry no marks: they join a run when both neighbours share it.
  let marked = false;
  for (const leaf of leaves) if (leaf.marks) marked = true;
  let pieces: Piece[];
  if (marked) {
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
    pieces = group(leaves, 0);
  } else {
    // Plain text, links and images: no marks to place.
    pieces = piecesOf(leaves);
  }
  let first: string | undefined;
  for (const style of STYLES) {
    const tokens: Token[] = [];
    flatten(pieces, tokens, context, style);
    if (context.kind === "paragraph") {
      // A break ending a paragraph shows nothing, and `\` there would be read as text.
      while (tokens.length > 0 && tokens[tokens.length - 1]!.value === "\\\n") tokens.pop();
    }
    const { value, unsure } = write(tokens, context);
    if (!unsure || context.kind === "label") return value;
    first ??= value;
    if (readsBack(value, leaves)) return value;
  }
  return first!;
}

function collectLeaves(node: LooseNode, leaves: Leaf[], depth: number, context: Context): void {
  if (isNode(node, "text")) {
    if (!node.text) return;
    const value = oneLine(node.text);
    leaves.push({ piece: node.format & TEXT_FORMAT.code ? { kind: "code", value } : { kind: "text", value }, marks: node.format & MARK_BITS });
  } else if (isNode(node, "linebreak")) {
    leaves.push({ piece: { kind: "break" }, marks: null });
  } else if (isNode(node, "image")) {
    leaves.push({ piece: { kind: "raw", value: imageMarkdown(node, context) }, marks: null });
  } else if (isNode(node, "link") && depth < MAX_NESTING * 2) {
    // Marks every text in the link shares wrap the link; the rest are applied inside it.
    let shared = MARK_BITS;
    let texts = 0;
    for (const child of node.children) {
      if (isNode(child, "text")) {
        shared &= child.format;
        texts++;
      }
    }
    if (texts === 0) shared = 0;
    const inner: LooseNode[] = [];
    for (const child of node.children) inner.push(isNode(child, "text") ? { ...child, format: child.format & ~shared } : child);
    const value = linkMarkdown(node.url, stringOrNull(node.title), inner, depth + 1, context);
    if (value) leaves.push({ piece: { kind: "raw", value }, marks: shared });
  } else if (typeof node.text === "string" && node.text) {
    // Text-like nodes of unknown types (mentions, tabs…).
    const format = typeof node.format === "number" ? node.format : 0;
    leaves.push({ piece: { kind: "text", value: oneLine(node.text) }, marks: format & MARK_BITS });
  } else if (depth < MAX_NESTING * 2) {
    // Unknown inline containers and blocks out of place: their content inline.
    for (const child of childrenOf(node)) collectLeaves(child, leaves, depth + 1, context);
  }
}

function piecesOf(leaves: Leaf[]): Piece[] {
  const pieces: Piece[] = [];
  for (const leaf of leaves) pieces.push(leaf.piece);
  return pieces;
}

function group(leaves: Leaf[], markIndex: number): Piece[] {
  const mark = MARKS[markIndex];
  if (mark === undefined) return piecesOf(leaves);
  const out: Piece[] = [];
  let start = 0;
  while (start < leaves.length) {
    const marked = ((leaves[start]!.marks ?? 0) & mark) !== 0;
    let end = start;
    while (end < leaves.length && (((leaves[end]!.marks ?? 0) & mark) !== 0) === marked) end++;
    const inner = group(leaves.slice(start, end), markIndex + 1);
    for (const piece of marked ? wrap(mark, inner) : inner) out.push(piece);
    start = end;
  }
  return out;
}

/**
 * Wraps in a mark, with whitespace at either end moved outside: `**bold **` is not bold in
 * markdown, and Lexical often stores the space after a bold word as bold.
 */
function wrap(mark: (typeof MARKS)[number], children: Piece[]): Piece[] {
  const before: Piece[] = [];
  const after: Piece[] = [];
  const first = children[0];
  if (first?.kind === "text") {
    const [space] = /^\s*/.exec(first.value)!;
    if (space) {
      before.push({ kind: "text", value: space });
      children =
        first.value.length > space.length ? [{ kind: "text", value: first.value.slice(space.length) }, ...children.slice(1)] : children.slice(1);
    }
  }
  const last = children[children.length - 1];
  if (last?.kind === "text") {
    const [space] = /\s*$/.exec(last.value)!;
    if (space) {
      after.push({ kind: "text", value: space });
      const rest = last.value.slice(0, last.value.length - space.length);
      children = rest ? [...children.slice(0, -1), { kind: "text", value: rest }] : children.slice(0, -1);
    }
  }
  // A line break shows no mark, and a marker next to it could not close or open.
  while (children[0]?.kind === "break") before.push(children.shift()!);
  while (children[children.length - 1]?.kind === "break") after.unshift(children.pop()!);
  if (children.length === 0) return [...before, ...after];
  return [...before, { kind: "mark", mark, children }, ...after];
}

/** Pieces to tokens, neighbouring texts joined (escaping looks at whole words), neighbouring code too (backticks would merge). */
function flatten(pieces: Piece[], tokens: Token[], context: Context, style: Style, code: { value: string } = { value: "" }): void {
  for (const piece of pieces) {
    if (piece.kind === "code") {
      code.value += piece.value;
      continue;
    }
    endCode(tokens, context, code);
    if (piece.kind === "text") {
      const last = tokens[tokens.length - 1];
      if (last?.kind === "text") last.value += piece.value;
      else tokens.push({ kind: "text", value: piece.value });
    } else if (piece.kind === "raw") {
      tokens.push({ kind: "raw", value: piece.value });
    } else if (piece.kind === "break") {
      tokens.push({ kind: "raw", value: breakMarkdown(context) });
    } else {
      const marker = style[piece.mark];
      tokens.push({ kind: "open", value: marker });
      flatten(piece.children, tokens, context, style, code);
      endCode(tokens, context, code);
      tokens.push({ kind: "close", value: marker });
    }
  }
  endCode(tokens, context, code);
}

/** Writes the inline code gathered so far. */
function endCode(tokens: Token[], context: Context, code: { value: string }): void {
  if (!code.value) return;
  tokens.push({ kind: "raw", value: inlineCode(code.value, context) });
  code.value = "";
}

function breakMarkdown(context: Context): string {
  // A heading and a cell are one line: there a break is a space or an HTML <br>.
  if (context.kind === "heading") return " ";
  if (context.kind === "cell") return "<br>";
  return "\\\n";
}

/**
 * Escapes the text tokens, makes every mark's markers open and close, and joins the line.
 * `unsure`: markers of one character meet where one mark ends and another starts (`*a***b**`),
 * where CommonMark's pairing rules (the rule of 3) may pair them otherwise.
 */
function write(tokens: Token[], context: Context): { value: string; unsure: boolean } {
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.kind !== "text") continue;
    const previous = tokens[index - 1];
    const before = previous ? lastChar(previous.value) : context.before;
    const next = tokens[index + 1];
    const after = next ? next.value.charAt(0) : context.after;
    token.value = escapeText(token.value, before, after, context, context.kind === "paragraph" && (before === "\n" || before === ""));
  }
  if (context.kind === "heading") {
    // A heading's own spaces would be taken for the space after `#`; a break at its start is nothing.
    while (tokens[0]?.kind === "raw" && tokens[0].value === " ") tokens.shift();
    const head = tokens[0];
    if (head?.kind === "text" && /^[ \t]/.test(head.value)) head.value = characterReference(head.value.charCodeAt(0)) + head.value.slice(1);
  }
  const unsure = fixFlanking(tokens, context);
  let value = "";
  for (const token of tokens) value += token.value;
  return { value, unsure };
}

/** Whether `markdown` reads back with the marks its leaves carry (compared on the characters outside links). */
function readsBack(markdown: string, leaves: Leaf[]): boolean {
  let expected = "";
  for (const leaf of leaves) {
    const { piece } = leaf;
    if (piece.kind !== "text" && piece.kind !== "code") continue;
    const format = (leaf.marks ?? 0) | (piece.kind === "code" ? TEXT_FORMAT.italic : 0);
    for (const character of piece.value) if (!UNICODE_SPACE.test(character)) expected += `${character}${format}`;
  }
  let actual = "";
  for (const node of markdownItToInline(markdown)) {
    if (!isNode(node, "text")) continue;
    for (const character of node.text) if (!UNICODE_SPACE.test(character)) actual += `${character}${node.format}`;
  }
  return actual === expected;
}

type CharacterClass = "letter" | "space" | "punctuation";

const UNICODE_PUNCTUATION = /[\p{P}\p{S}]/u;
const UNICODE_SPACE = /[\s\u1680\u2000-\u200a\u202f\u205f\u3000]/u;

function classify(character: string): CharacterClass {
  if (character === "" || UNICODE_SPACE.test(character)) return "space";
  return UNICODE_PUNCTUATION.test(character) ? "punctuation" : "letter";
}

/**
 * Markers only open and close emphasis when the characters around their run allow it
 * (CommonMark's flanking rules): `a**(b)**` is not bold. Where they do not, the character
 * in the way is written as a character reference (`&#x61;**(b)**`), which markdown reads as
 * punctuation around the run and as the same character in the text. Each fix can affect the
 * run on the character's other side, so passes repeat until none is needed. Returns whether
 * a run holds both closing and opening markers (see `write`).
 */
function fixFlanking(tokens: Token[], context: Context): boolean {
  let mixed = false;
  for (let pass = 0; pass < 8; pass++) {
    let changed = false;
    for (let start = 0; start < tokens.length; start++) {
      const token = tokens[start]!;
      if (token.kind !== "open" && token.kind !== "close") continue;
      const character = token.value.charAt(0);
      let end = start;
      let opens = token.kind === "open";
      let closes = token.kind === "close";
      for (let next = tokens[end + 1]; next && (next.kind === "open" || next.kind === "close") && next.value.charAt(0) === character; next = tokens[end + 1]) {
        end++;
        if (next.kind === "open") opens = true;
        else closes = true;
      }

      const previous = tokens[start - 1];
      const next = tokens[end + 1];
      const before = classify(previous ? lastChar(previous.value) : context.before.slice(-1));
      const after = classify(next ? firstChar(next.value) : firstChar(context.after));
      const leftFlanking = after !== "space" && (after !== "punctuation" || before !== "letter");
      const rightFlanking = before !== "space" && (before !== "punctuation" || after !== "letter");
      // `_` does not open or close inside a word.
      const strict = character === "_";
      const canOpen = leftFlanking && (!strict || !rightFlanking || before === "punctuation");
      const canClose = rightFlanking && (!strict || !leftFlanking || after === "punctuation");
      if ((opens && closes) || (leftFlanking && rightFlanking)) mixed = true;
      if (opens && !canOpen) {
        if (after === "space" && next?.kind === "text") changed = encodeFirst(next) || changed;
        else if (before === "letter" && previous?.kind === "text") changed = encodeLast(previous) || changed;
      }
      if (closes && !canClose) {
        if (before === "space" && previous?.kind === "text") changed = encodeLast(previous) || changed;
        else if (after === "letter" && next?.kind === "text") changed = encodeFirst(next) || changed;
      }
      start = end;
    }
    if (!changed) break;
  }
  return mixed;
}

function firstChar(value: string): string {
  const code = value.codePointAt(0);
  return code === undefined ? "" : String.fromCodePoint(code);
}

function encodeFirst(token: Token): boolean {
  const code = token.value.codePointAt(0);
  if (code === undefined || token.value.startsWith("&#x")) return false;
  token.value = characterReference(code) + token.value.slice(code > 0xffff ? 2 : 1);
  return true;
}

function encodeLast(token: Token): boolean {
  const character = lastChar(token.value);
  if (!character || character === ";") return false;
  token.value = withReference(token.value.slice(0, token.value.length - character.length), character.codePointAt(0)!);
  return true;
}

/** `text` followed by the character reference of `code`, with a backslash left at its end escaped (it would escape the `&`). */
function withReference(text: string, code: number): string {
  let backslashes = 0;
  while (text.charCodeAt(text.length - 1 - backslashes) === 92) backslashes++;
  return (backslashes % 2 ? `${text}\\` : text) + characterReference(code);
}

function characterReference(code: number): string {
  return `&#x${code.toString(16).toUpperCase()};`;
}

function lastChar(value: string): string {
  if (!value) return "";
  const code = value.charCodeAt(value.length - 1);
  return code >= 0xdc00 && code <= 0xdfff && value.length > 1 ? value.slice(-2) : value.charAt(value.length - 1);
}

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const ALPHANUMERIC = /[\p{L}\p{N}]/u;
/** Characters that can start markdown syntax somewhere in a line. */
const MAYBE_SYNTAX = /[\\*_~`[\]<&!|:@]/;

/**
 * Escapes what markdown-it would read as syntax in `value`: emphasis and code markers,
 * brackets, HTML and entities, autolink literals, pipes where a table could form, and at the
 * start of a line (`lineStart`) what would open a block (headings, quotes, lists, rules).
 * `before` and `after` are the characters around it.
 */
function escapeText(value: string, before: string, after: string, context: Context, lineStart: boolean): string {
  let result = "";
  let from = 0;
  if (lineStart && value) {
    const first = value.charAt(0);
    if (first === " " || first === "\t") {
      // Leading whitespace would be stripped (or read as indented code): keep it as a reference.
      result = characterReference(first.charCodeAt(0));
      from = 1;
    } else {
      const at = blockStartEscape(value, after);
      if (at !== null) {
        result = `${value.slice(0, at)}\\${value.charAt(at)}`;
        from = at + 1;
      }
    }
  }
  if (!MAYBE_SYNTAX.test(value)) {
    result += value.slice(from);
  } else {
    let chunk = from;
    for (let index = from; index < value.length; index++) {
      const character = value.charAt(index);
      let escape = false;
      switch (character) {
        case "*":
        case "`":
        case "[":
          escape = true;
          break;
        case "\\": {
          const next = index + 1 < value.length ? value.charAt(index + 1) : after;
          escape = next === "\n" || next === "" || ASCII_PUNCTUATION.test(next);
          break;
        }
        case "_": {
          const previous = index > 0 ? value.charAt(index - 1) : before;
          const next = index + 1 < value.length ? value.charAt(index + 1) : after;
          escape = !(ALPHANUMERIC.test(previous) && ALPHANUMERIC.test(next));
          break;
        }
        case "~": {
          const previous = index > 0 ? value.charAt(index - 1) : before;
          const next = index + 1 < value.length ? value.charAt(index + 1) : after;
          escape = previous === "~" || next === "~";
          break;
        }
        case "]":
          escape = context.kind === "label";
          break;
        case "<": {
          // Tags, and autolinks: an e-mail address may start with most punctuation.
          const next = index + 1 < value.length ? value.charAt(index + 1) : after;
          escape = next !== "" && !UNICODE_SPACE.test(next);
          break;
        }
        case "&":
          escape = /[#A-Za-z]/.test(index + 1 < value.length ? value.charAt(index + 1) : after);
          break;
        case "!":
          escape = (index + 1 < value.length ? value.charAt(index + 1) : after) === "[";
          break;
        case "|":
          escape = context.pipes;
          break;
        case ":":
          // `https://…` in text would become a link.
          escape = value.startsWith("//", index + 1) && index > 0 && /[A-Za-z]/.test(value.charAt(index - 1));
          break;
        case "@":
          // So would an e-mail address.
          escape =
            /[\w.!#$%&'*+/=?^`{|}~-]/.test(index > 0 ? value.charAt(index - 1) : before) &&
            /[-.\w]/.test(index + 1 < value.length ? value.charAt(index + 1) : after);
          break;
      }
      if (escape) {
        result += `${value.slice(chunk, index)}\\${character}`;
        chunk = index + 1;
      }
    }
    result += value.slice(chunk);
  }
  if (after === "\n") {
    // Whitespace at the end of a line would be stripped, and a heading's last `#` read as its closing sequence.
    const last = result.charAt(result.length - 1);
    if (last === " " || last === "\t") result = withReference(result.slice(0, -1), last.charCodeAt(0));
    else if (last === "#" && context.kind === "heading" && !result.endsWith("\\#")) result = `${result.slice(0, -1)}\\#`;
  }
  return result;
}

const ORDERED_MARKER = /^\d{1,9}[.)]/;

/** Whether a list marker or rule followed by `character` would end there (space, tab, end of line). */
function endsLine(character: string): boolean {
  return character === " " || character === "\t" || character === "\n" || character === "";
}

/**
 * Where a line starting with `value` needs a backslash so it stays paragraph text, or null.
 * The index is that of the character to escape (past the digits of `1.`).
 */
function blockStartEscape(value: string, after: string): number | null {
  const first = value.charAt(0);
  const second = value.length > 1 ? value.charAt(1) : after;
  switch (first) {
    case "#":
    case ">":
    case "=":
      return 0;
    case "+":
      return endsLine(second) ? 0 : null;
    case "-":
      return endsLine(second) || second === "-" || second === ":" || second === "|" ? 0 : null;
    case ":":
      return second === "-" ? 0 : null;
    case "|":
      return endsLine(second) || second === ":" || second === "-" ? 0 : null;
  }
  const ordered = ORDERED_MARKER.exec(value);
  if (ordered) {
    const markerEnd = ordered[0].length;
    const next = markerEnd < value.length ? value.charAt(markerEnd) : after;
    if (endsLine(next)) return markerEnd - 1;
  }
  return null;
}

/** Text written where nothing but plain paragraphs can stand (past the nesting cap). */
function escapePlain(line: string): string {
  return escapeText(oneLine(line), "\n", "\n", PARAGRAPH, true);
}

function oneLine(value: string): string {
  return value.indexOf("\n") === -1 && value.indexOf("\r") === -1 ? value : value.replace(/\r\n?|\n/g, " ");
}

function inlineCode(value: string, context: Context): string {
  // The shortest backtick run that the code does not contain.
  const runs = new Set<number>();
  for (let index = value.indexOf("`"); index !== -1; ) {
    let end = index;
    while (value.charCodeAt(end) === 96) end++;
    runs.add(end - index);
    index = value.indexOf("`", end);
  }
  let length = 1;
  while (runs.has(length)) length++;
  const sequence = "`".repeat(length);
  if (/[^ ]/.test(value) && ((value.startsWith(" ") && value.endsWith(" ")) || value.startsWith("`") || value.endsWith("`"))) {
    value = ` ${value} `;
  }
  // In a table cell, a pipe ends the cell even inside code, unless escaped.
  if (context.table) value = value.replace(/\|/g, "\\|");
  return sequence + value + sequence;
}

function linkMarkdown(url: string, title: string | null, children: LooseNode[], depth: number, context: Context): string {
  const leaves: Leaf[] = [];
  for (const child of children) collectLeaves(child, leaves, depth, labelIn(context));
  if (leaves.length === 0) return "";
  const only = leaves.length === 1 ? leaves[0]! : null;
  if (
    !title &&
    only?.piece.kind === "text" &&
    !only.marks &&
    (only.piece.value === url || `mailto:${only.piece.value}` === url) &&
    /^[a-z][+\-.a-z]+:/i.test(url) &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000- <>\u007f]/.test(url)
  ) {
    return `<${only.piece.value}>`;
  }
  const label = phrasing(children, depth, labelIn(context));
  return `[${label}](${destination(url, title)}${titleMarkdown(title)})`;
}

function imageMarkdown(node: LooseNode & { src: string; alt: string }, context: Context): string {
  const title = stringOrNull(node.title);
  const alt = escapeText(oneLine(node.alt), "[", "]", labelIn(context), false);
  const picture = `![${alt}](${destination(node.src, title)}${titleMarkdown(title)})`;
  return typeof node.href === "string" ? `[${picture}](${destination(node.href, null)})` : picture;
}

function destination(url: string, title: string | null): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000- \u007f]/.test(url) || (!url && title)) {
    return `<${url.replace(/[<>\\]/g, "\\$&").replace(/[\r\n]/g, " ")}>`;
  }
  return url.replace(/[()<\\]|&(?=[#A-Za-z])/g, "\\$&");
}

function titleMarkdown(title: string | null): string {
  return title ? ` "${title.replace(/["\\]|&(?=[#A-Za-z])/g, "\\$&")}"` : "";
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" && value ? value : null;
}
