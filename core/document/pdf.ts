import { PDFDocument, PDFString, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import { childrenOf, isInlineNode, isNode } from "./nodes";
import { plainTextLines } from "./text";
import { BOX_COLOR, MAX_NESTING, TEXT_FORMAT, type LooseNode, type SerializedDocument } from "./types";

/**
 * A document as a PDF, drawn with pdf-lib and its standard fonts (pure JavaScript, no font
 * files, no Node APIs: it runs in workerd). Headings by level, paragraphs wrapped at word
 * boundaries, lists with bullets, numbers or check boxes, boxes and quotes indented behind a
 * coloured bar, tables as grids, images as "[Image: alt]", page numbers in the footer.
 *
 * The standard fonts only encode WinAnsi (Latin-1 plus typographic punctuation): anything
 * else (emoji, CJK, Cyrillic…) is drawn as "?" instead of making pdf-lib throw.
 */
export interface PdfInput {
  title: string;
  document: SerializedDocument;
  author?: string | null;
  updatedAt?: Date | string | null;
}

/** The standard fonts the PDF is drawn with; the Worker loads their metrics before drawing (worker/shims). */
export const PDF_FONTS = {
  regular: StandardFonts.Helvetica,
  bold: StandardFonts.HelveticaBold,
  italic: StandardFonts.HelveticaOblique,
  boldItalic: StandardFonts.HelveticaBoldOblique,
  code: StandardFonts.Courier,
} as const satisfies Record<keyof Fonts, StandardFonts>;

export async function documentToPdf(input: PdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await pdf.embedFont(PDF_FONTS.regular),
    bold: await pdf.embedFont(PDF_FONTS.bold),
    italic: await pdf.embedFont(PDF_FONTS.italic),
    boldItalic: await pdf.embedFont(PDF_FONTS.boldItalic),
    code: await pdf.embedFont(PDF_FONTS.code),
  };
  const writer = new PdfWriter(pdf, fonts);
  writer.header(input.title, input.author ?? undefined, formatDate(input.updatedAt));
  writer.blocks(input.document.root.children, 0, 0);
  writer.finish();

  const updated = input.updatedAt ? new Date(input.updatedAt) : undefined;
  pdf.setTitle(input.title || "Untitled");
  if (input.author) pdf.setAuthor(input.author);
  if (updated && !Number.isNaN(updated.getTime())) pdf.setModificationDate(updated);
  pdf.setCreator("Brandwork");
  pdf.setProducer("Brandwork (pdf-lib)");
  return pdf.save();
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  boldItalic: PDFFont;
  code: PDFFont;
}

/** A piece of styled text, or a forced line break. */
type Piece = Span | { lineBreak: true };

interface Span {
  text: string;
  font: PDFFont;
  size: number;
  color: RGB;
  underline?: boolean;
  strike?: boolean;
  /** A link target, made clickable. */
  href?: string;
}

interface Line {
  segments: Array<{ span: Span; text: string; width: number }>;
  width: number;
}

interface Bar {
  x: number;
  top: number;
  color: RGB;
}

type Align = "left" | "center" | "right";

// A4 in points, with margins of about 2 cm.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 56;
const MARGIN_TOP = 64;
const MARGIN_BOTTOM = 64;
const FOOTER_Y = 30;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;

const BODY_SIZE = 11;
const TABLE_SIZE = 9.5;
const LINE_HEIGHT = 1.4;
const HEADING_SIZES: Record<string, number> = { h1: 22, h2: 18, h3: 15, h4: 13, h5: 12, h6: 11 };
const LIST_INDENT = 20;
const BOX_INDENT = 16;
/** Indentation stops growing here, so deep nesting never squeezes the text to nothing. */
const MAX_INDENT = CONTENT_WIDTH / 3;
/** More columns than this are written as rows of " | "-separated cells: a grid would be unreadable. */
const MAX_GRID_COLUMNS = 8;
const CELL_PADDING = 4;

const BLACK = rgb(0.1, 0.1, 0.12);
const GREY = rgb(0.42, 0.45, 0.5);
const LINK_BLUE = rgb(0.13, 0.35, 0.75);
const RULE_GREY = rgb(0.78, 0.8, 0.83);
const HEADER_FILL = rgb(0.94, 0.95, 0.96);

class PdfWriter {
  private page!: PDFPage;
  /** Top of the next line, in PDF coordinates (from the bottom). */
  private y = 0;
  private readonly bars: Bar[] = [];
  private readonly encodable: ReadonlySet<number>;

  constructor(private readonly pdf: PDFDocument, private readonly fonts: Fonts) {
    this.encodable = new Set(fonts.regular.getCharacterSet());
    this.newPage();
  }

  header(title: string, author: string | undefined, updated: string | undefined): void {
    const size = 24;
    this.paragraph([this.span(title.trim() || "Untitled", { font: this.fonts.bold, size })], { size, spaceAfter: 4 });
    const meta = [author && `By ${author}`, updated && `Updated ${updated}`].filter(Boolean).join("  \u00b7  ");
    if (meta) this.paragraph([this.span(meta, { size: 9, color: GREY })], { size: 9, spaceAfter: 0 });
    this.y -= 14;
  }

  /** Blocks at `indent` points from the margin; `depth` counts enclosing lists and boxes. */
  blocks(nodes: readonly LooseNode[], indent: number, depth: number): void {
    let run: LooseNode[] = [];
    const endRun = () => {
      if (run.length) this.paragraph(this.pieces(run, {}), { indent });
      run = [];
    };
    for (const node of nodes) {
      if (isInlineNode(node)) {
        run.push(node);
        continue;
      }
      endRun();
      this.block(node, indent, depth);
    }
    endRun();
  }

  private block(node: LooseNode, indent: number, depth: number): void {
    if (isNode(node, "paragraph")) {
      this.paragraph(this.pieces(node.children, {}), { indent, align: alignOf(node.format) });
    } else if (isNode(node, "heading")) {
      const size = HEADING_SIZES[node.tag] ?? BODY_SIZE;
      this.y -= size * 0.5;
      this.paragraph(this.pieces(node.children, { size, bold: true }), { indent, size, spaceAfter: size * 0.35 });
    } else if (isNode(node, "image")) {
      this.paragraph([this.imageSpan(node.alt, BODY_SIZE)], { indent });
    } else if (isNode(node, "line-divider")) {
      this.ensure(14);
      const y = this.y - 7;
      this.page.drawLine({
        start: { x: MARGIN_X + indent, y },
        end: { x: MARGIN_X + CONTENT_WIDTH, y },
        thickness: 0.75,
        color: RULE_GREY,
      });
      this.y -= 14;
    } else if (isNode(node, "table")) {
      this.table(node.children, indent);
    } else if (depth >= MAX_NESTING) {
      // Deeper than any document we write: keep the words, skip the layout.
      for (const line of plainTextLines([node])) this.paragraph([this.span(line, {})], { indent });
    } else if (isNode(node, "list")) {
      this.list(node, indent, depth + 1);
    } else if (isNode(node, "box")) {
      this.box(node.children, colorOf(node.quoteColor ?? node.boxColor ?? BOX_COLOR), indent, depth + 1);
    } else {
      // Unknown containers (and list items or cells out of place): their content.
      this.blocks(childrenOf(node), indent, depth + 1);
    }
  }

  private list(
    node: LooseNode & { listType: string; start: number; children: LooseNode[] },
    indent: number,
    depth: number
  ): void {
    let number = node.start;
    const textIndent = Math.min(indent + LIST_INDENT, MAX_INDENT + LIST_INDENT);
    for (const item of node.children) {
      const content = childrenOf(item);
      const inline = content.filter((child) => !isNode(child, "list"));
      // Lexical's nested-list holder items carry no line of their own.
      if (inline.length > 0 || !content.length) {
        const label =
          node.listType === "check"
            ? item.checked === true
              ? "[x]"
              : "[ ]"
            : node.listType === "number"
            ? `${number}.`
            : "\u2022";
        number++;
        this.paragraph(this.pieces(inline, {}), {
          indent: textIndent,
          marker: { span: this.span(label, {}), x: indent },
          spaceAfter: 2,
        });
      }
      for (const child of content) if (isNode(child, "list")) this.block(child, textIndent, depth);
    }
    this.y -= 4;
  }

  private box(children: readonly LooseNode[], color: RGB, indent: number, depth: number): void {
    this.y -= 4;
    this.ensure(BODY_SIZE * LINE_HEIGHT);
    const bar: Bar = { x: MARGIN_X + indent + 1.5, top: this.y, color };
    this.bars.push(bar);
    this.blocks(children, Math.min(indent + BOX_INDENT, MAX_INDENT + BOX_INDENT), depth);
    this.bars.pop();
    this.drawBar(bar, this.y + 4);
    this.y -= 6;
  }

  private table(rows: readonly LooseNode[], indent: number): void {
    let columns = 0;
    for (const row of rows) columns = Math.max(columns, childrenOf(row).length);
    if (columns === 0) return;
    const cellPieces = (cell: LooseNode, header: boolean): Piece[] => {
      const pieces: Piece[] = [];
      for (const block of childrenOf(cell)) {
        if (pieces.length) pieces.push({ lineBreak: true });
        const inline =
          isNode(block, "paragraph") || isNode(block, "heading")
            ? block.children
            : [{ type: "text", text: plainTextLines([block]).join(" "), format: 0 }];
        for (const piece of this.pieces(inline, { size: TABLE_SIZE, bold: header })) pieces.push(piece);
      }
      return pieces;
    };
    this.y -= 4;
    if (columns > MAX_GRID_COLUMNS) {
      for (const row of rows) {
        const cells = childrenOf(row).map((cell) => plainTextLines(childrenOf(cell)).join(" "));
        const bold = childrenOf(row).some(isHeaderCell);
        this.paragraph([this.span(cells.join("  |  "), { size: TABLE_SIZE, bold })], {
          indent,
          size: TABLE_SIZE,
          spaceAfter: 2,
        });
      }
      this.y -= 6;
      return;
    }
    const left = MARGIN_X + indent;
    const columnWidth = (CONTENT_WIDTH - indent) / columns;
    const lineHeight = TABLE_SIZE * LINE_HEIGHT;
    const maxLines = Math.floor((PAGE_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM - 2 * CELL_PADDING) / lineHeight);
    for (const row of rows) {
      const cells = childrenOf(row);
      const header = cells.some(isHeaderCell);
      const wrapped = Array.from({ length: columns }, (_, column) => {
        const cell = cells[column];
        const lines = cell ? this.wrap(cellPieces(cell, header), columnWidth - 2 * CELL_PADDING) : [];
        // A cell taller than a page is cut at the page: a row cannot span pages in a grid.
        return lines.slice(0, maxLines);
      });
      const height = Math.max(1, ...wrapped.map((lines) => lines.length)) * lineHeight + 2 * CELL_PADDING;
      this.ensure(height);
      wrapped.forEach((lines, column) => {
        const x = left + column * columnWidth;
        this.page.drawRectangle({
          x,
          y: this.y - height,
          width: columnWidth,
          height,
          borderColor: RULE_GREY,
          borderWidth: 0.5,
          color: header ? HEADER_FILL : undefined,
        });
        const inner = columnWidth - 2 * CELL_PADDING;
        const align = alignOf(String(childrenOf(cells[column] ?? { type: "tablecell" })[0]?.format ?? ""));
        let top = this.y - CELL_PADDING;
        for (const line of lines) {
          const offset = align === "center" ? (inner - line.width) / 2 : align === "right" ? inner - line.width : 0;
          this.drawLine(line, x + CELL_PADDING + offset, top, lineHeight, TABLE_SIZE);
          top -= lineHeight;
        }
      });
      this.y -= height;
    }
    this.y -= 8;
  }

  /** Writes wrapped text; `marker` (a bullet or number) sits left of the first line. */
  private paragraph(
    pieces: Piece[],
    options: { indent?: number; size?: number; align?: Align; spaceAfter?: number; marker?: { span: Span; x: number } }
  ): void {
    const indent = Math.min(options.indent ?? 0, MAX_INDENT + LIST_INDENT);
    const size = options.size ?? BODY_SIZE;
    const width = CONTENT_WIDTH - indent;
    const lineHeight = size * LINE_HEIGHT;
    const lines = this.wrap(pieces, width);
    if (lines.length === 0) lines.push({ segments: [], width: 0 });
    for (const [index, line] of lines.entries()) {
      this.ensure(lineHeight);
      const offset = options.align === "center" ? (width - line.width) / 2 : options.align === "right" ? width - line.width : 0;
      this.drawLine(line, MARGIN_X + indent + offset, this.y, lineHeight, size);
      if (index === 0 && options.marker) {
        const { span, x } = options.marker;
        this.page.drawText(span.text, {
          x: MARGIN_X + Math.min(x, MAX_INDENT),
          y: this.baseline(this.y, lineHeight, size),
          size,
          font: span.font,
          color: span.color,
        });
      }
      this.y -= lineHeight;
    }
    this.y -= options.spaceAfter ?? 6;
  }

  /** Breaks pieces into lines at most `width` wide: at spaces, or inside a word too long for a line. */
  private wrap(pieces: Piece[], width: number): Line[] {
    const lines: Line[] = [];
    let line: Line = { segments: [], width: 0 };
    let space: { span: Span; width: number } | null = null;
    const endLine = () => {
      lines.push(line);
      line = { segments: [], width: 0 };
      space = null;
    };
    const add = (span: Span, text: string, textWidth: number) => {
      if (space && line.segments.length) {
        line.segments.push({ span: space.span, text: " ", width: space.width });
        line.width += space.width;
      }
      space = null;
      line.segments.push({ span, text, width: textWidth });
      line.width += textWidth;
    };
    for (const piece of pieces) {
      if ("lineBreak" in piece) {
        endLine();
        continue;
      }
      for (const token of piece.text.split(/( +)/)) {
        if (!token) continue;
        if (token.startsWith(" ")) {
          if (line.segments.length) space = { span: piece, width: piece.font.widthOfTextAtSize(" ", piece.size) };
          continue;
        }
        const tokenWidth = piece.font.widthOfTextAtSize(token, piece.size);
        const spaceWidth = space && line.segments.length ? (space as { width: number }).width : 0;
        if (line.segments.length && line.width + spaceWidth + tokenWidth > width) endLine();
        if (tokenWidth <= width) {
          add(piece, token, tokenWidth);
          continue;
        }
        // A word wider than the line: cut it where it fills each line.
        let chunk = "";
        let chunkWidth = 0;
        for (const char of token) {
          const charWidth = piece.font.widthOfTextAtSize(char, piece.size);
          if (chunk && line.width + chunkWidth + charWidth > width) {
            add(piece, chunk, chunkWidth);
            endLine();
            chunk = "";
            chunkWidth = 0;
          }
          chunk += char;
          chunkWidth += charWidth;
        }
        if (chunk) add(piece, chunk, chunkWidth);
      }
    }
    if (line.segments.length || lines.length) lines.push(line);
    return lines;
  }

  private drawLine(line: Line, x: number, top: number, lineHeight: number, size: number): void {
    const baseline = this.baseline(top, lineHeight, size);
    let cursor = x;
    // Neighbouring segments in one style are drawn as one string.
    let index = 0;
    while (index < line.segments.length) {
      const { span } = line.segments[index]!;
      let text = "";
      let width = 0;
      while (index < line.segments.length && line.segments[index]!.span === span) {
        text += line.segments[index]!.text;
        width += line.segments[index]!.width;
        index++;
      }
      this.page.drawText(text, { x: cursor, y: baseline, size: span.size, font: span.font, color: span.color });
      if (span.underline) this.rule(cursor, baseline - span.size * 0.12, width, span);
      if (span.strike) this.rule(cursor, baseline + span.size * 0.3, width, span);
      if (span.href) this.linkAnnotation(cursor, baseline - span.size * 0.25, width, span.size * 1.1, span.href);
      cursor += width;
    }
  }

  private rule(x: number, y: number, width: number, span: Span): void {
    this.page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: span.size / 18, color: span.color });
  }

  /** Makes a rectangle of the page open `url` when clicked (only web and mail addresses). */
  private linkAnnotation(x: number, y: number, width: number, height: number, url: string): void {
    if (!/^(https?:|mailto:)/i.test(url)) return;
    const annotation = this.pdf.context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [x, y, x + width, y + height],
      Border: [0, 0, 0],
      A: { Type: "Action", S: "URI", URI: PDFString.of(url) },
    });
    this.page.node.addAnnot(this.pdf.context.register(annotation));
  }

  private baseline(top: number, lineHeight: number, size: number): number {
    return top - (lineHeight - size) / 2 - size * 0.8;
  }

  /** Starts a new page unless `height` more points fit above the bottom margin. */
  private ensure(height: number): void {
    if (this.y - height < MARGIN_BOTTOM && this.y < PAGE_HEIGHT - MARGIN_TOP) this.newPage();
  }

  private newPage(): void {
    // Open boxes continue on the next page: close their bars here, reopen them at the top.
    for (const bar of this.bars) this.drawBar(bar, MARGIN_BOTTOM);
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN_TOP;
    for (const bar of this.bars) bar.top = this.y;
  }

  private drawBar(bar: Bar, bottom: number): void {
    if (bar.top <= bottom) return;
    this.page.drawRectangle({ x: bar.x - 1.5, y: bottom, width: 3, height: bar.top - bottom, color: bar.color });
  }

  /** Page numbers, once the page count is known. */
  finish(): void {
    const pages = this.pdf.getPages();
    pages.forEach((page, index) => {
      const text = `Page ${index + 1} of ${pages.length}`;
      const width = this.fonts.regular.widthOfTextAtSize(text, 9);
      page.drawText(text, { x: (PAGE_WIDTH - width) / 2, y: FOOTER_Y, size: 9, font: this.fonts.regular, color: GREY });
    });
  }

  /** Inline nodes to styled pieces. `base` is the style the block imposes (a heading's size and weight). */
  private pieces(nodes: readonly LooseNode[], base: { size?: number; bold?: boolean }, href?: string, depth = 0): Piece[] {
    const size = base.size ?? BODY_SIZE;
    const out: Piece[] = [];
    for (const node of nodes) {
      if (isNode(node, "linebreak")) {
        out.push({ lineBreak: true });
      } else if (isNode(node, "image")) {
        out.push(this.imageSpan(node.alt, size));
      } else if (isNode(node, "link") && depth < MAX_NESTING) {
        for (const piece of this.pieces(node.children, base, node.url, depth + 1)) out.push(piece);
      } else if (typeof node.text === "string") {
        const format = typeof node.format === "number" ? node.format : 0;
        const bold = base.bold || (format & TEXT_FORMAT.bold) !== 0;
        const italic = (format & TEXT_FORMAT.italic) !== 0;
        const code = (format & TEXT_FORMAT.code) !== 0;
        const font = code
          ? this.fonts.code
          : bold
          ? italic
            ? this.fonts.boldItalic
            : this.fonts.bold
          : italic
          ? this.fonts.italic
          : this.fonts.regular;
        out.push({
          ...this.span(node.text, { font, size, color: href ? LINK_BLUE : BLACK }),
          underline: Boolean(href) || (format & TEXT_FORMAT.underline) !== 0,
          strike: (format & TEXT_FORMAT.strikethrough) !== 0,
          href,
        });
      } else if (depth < MAX_NESTING) {
        // Unknown inline containers (and blocks out of place): their inline content.
        for (const piece of this.pieces(childrenOf(node), base, href, depth + 1)) out.push(piece);
      }
    }
    return out;
  }

  private imageSpan(alt: string, size: number): Span {
    return this.span(`[Image${alt ? `: ${alt}` : ""}]`, { font: this.fonts.italic, size, color: GREY });
  }

  private span(text: string, style: { font?: PDFFont; size?: number; color?: RGB; bold?: boolean }): Span {
    const font = style.font ?? (style.bold ? this.fonts.bold : this.fonts.regular);
    return { text: this.encodableText(text), font, size: style.size ?? BODY_SIZE, color: style.color ?? BLACK };
  }

  /**
   * Text the standard fonts can draw: NFC-composed (so "e" + combining accent becomes "é"),
   * tabs and line separators as spaces, every other character outside WinAnsi as one "?"
   * per user-perceived character (an emoji with modifiers is one "?", not four).
   */
  private encodableText(text: string): string {
    const composed = text.normalize("NFC").replace(/[\t\n\r\u2028\u2029]/g, " ");
    let out = "";
    for (const grapheme of graphemes(composed)) {
      let ok = true;
      for (const char of grapheme) if (!this.encodable.has(char.codePointAt(0)!)) ok = false;
      out += ok ? grapheme : /^\s+$/.test(grapheme) ? " " : "?";
    }
    return out;
  }
}

function graphemes(text: string): Iterable<string> {
  if (typeof Intl.Segmenter !== "function") return text;
  const segments = new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text);
  return {
    *[Symbol.iterator]() {
      for (const { segment } of segments) yield segment;
    },
  };
}

/** Lexical's headerState: anything but 0 (none) marks a header cell. */
function isHeaderCell(cell: LooseNode): boolean {
  return typeof cell.headerState === "number" && cell.headerState > 0;
}

function alignOf(format: string): Align {
  return format === "center" ? "center" : format === "right" || format === "end" ? "right" : "left";
}

/** `#rgb` or `#rrggbb` to a colour; anything else (named colours, gradients) to the default box colour. */
function colorOf(value: string): RGB {
  let hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim())?.[1];
  if (!hex) return colorOf(BOX_COLOR);
  if (hex.length === 3) hex = [...hex].map((digit) => digit + digit).join("");
  const channel = (offset: number) => parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return rgb(channel(0), channel(2), channel(4));
}

function formatDate(value: Date | string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().slice(0, 10);
}
