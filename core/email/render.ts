import { isSafeUrl } from "../document/links";
import { childrenOf, isNode, list, listItem, text } from "../document/nodes";
import { plainTextLines } from "../document/text";
import {
  HEADER_STATE,
  MAX_NODE_DEPTH,
  TEXT_FORMAT,
  normalizeImageWidth,
  type BoxNode,
  type HeadingTag,
  type ListNode,
  type LooseNode,
  type SerializedDocument,
} from "../document/types";
import { escapeHtml } from "./escape";
import { EDITOR_NODE_TYPES as T, emailFallbackText } from "./fallbacks";
import {
  CLASS,
  CONTENT_WIDTH,
  EMAIL_MAX_WIDTH,
  IMAGE_DEFAULT_WIDTH,
  PHONE_STYLESHEET,
  QUOTE_DEFAULT_COLOR,
  STYLE,
  boxCellStyle,
  HEADING_FONT_SIZES,
  css,
  fallbackStyle,
  headingStyle,
  listStyle,
  paragraphStyle,
  safeColor,
  sanitizeTextStyle,
  tableCellStyle,
} from "./styles";

export interface EmailOptions {
  /** The email's `<title>`, also shown as the first heading. */
  title?: string;
  /** The preview line inboxes show after the subject; hidden in the email itself. */
  preheader?: string;
  /** Resolves relative link and image addresses, which mean nothing in a mail client. */
  baseUrl?: string;
}

export interface RenderedEmail {
  html: string;
  /** The plain-text alternative (multipart/alternative). */
  text: string;
}

/**
 * A document as an email: a complete HTML page laid out with tables and inline styles
 * (SPEC section 9), the elements of SPEC section 8 replaced by their fallback text, and
 * a plain-text alternative that says the same. Pure: no DOM, no runtime APIs beyond URL.
 */
export function renderDocumentEmail(doc: SerializedDocument, options: EmailOptions = {}): RenderedEmail {
  const ctx: Context = { depth: 0, tight: false, doc, baseUrl: options.baseUrl };
  const title = options.title?.trim() ?? "";
  const heading = title ? el("h1", { style: headingStyle("h1", {}) }, escapeHtml(title)) : "";
  return {
    html: emailPage(heading + blocks(doc.root.children, ctx), { title, preheader: options.preheader?.trim() ?? "" }),
    text: [title, plainTextLines(forPlainText(doc.root.children, false, 0, doc)).join("\n")].filter(Boolean).join("\n\n"),
  };
}

/** A layout table, which screen readers should not announce as a table. */
const PRESENTATION = { role: "presentation", cellpadding: 0, cellspacing: 0, border: 0 } as const;

function emailPage(content: string, { title, preheader }: { title: string; preheader: string }): string {
  return (
    "<!DOCTYPE html>" +
    '<html lang="en"><head>' +
    '<meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="x-apple-disable-message-reformatting">' +
    `<title>${escapeHtml(title)}</title>` +
    `<style>${PHONE_STYLESHEET}</style>` +
    "</head>" +
    el(
      "body",
      { style: STYLE.page },
      (preheader ? el("div", { style: STYLE.preheader }, escapeHtml(preheader)) : "") +
        el(
          "table",
          { ...PRESENTATION, width: "100%", style: STYLE.page },
          el(
            "tr",
            {},
            el(
              "td",
              { align: "center", style: STYLE.pageCell },
              el(
                "table",
                { ...PRESENTATION, class: CLASS.container, width: EMAIL_MAX_WIDTH, style: STYLE.container },
                el("tr", {}, el("td", { class: CLASS.content, style: STYLE.content }, content)),
              ),
            ),
          ),
        ),
    ) +
    "</html>"
  );
}

interface Context {
  /** How many nodes enclose this one; past MAX_NODE_DEPTH only the words are kept. */
  depth: number;
  /** Inside a table cell or list item: blocks without the gap below. */
  tight: boolean;
  doc: SerializedDocument;
  baseUrl: string | undefined;
}

type Attributes = Readonly<Record<string, string | number | undefined>>;

const VOID_ELEMENTS = new Set(["img", "br", "meta"]);

/** An element; every attribute value is escaped here, `inner` is HTML already. */
function el(tag: string, attributes: Attributes, inner = ""): string {
  let open = `<${tag}`;
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined) open += ` ${name}="${escapeHtml(String(value))}"`;
  }
  return VOID_ELEMENTS.has(tag) ? `${open}>` : `${open}>${inner}</${tag}>`;
}

function deeper(ctx: Context, tight = ctx.tight): Context {
  return { ...ctx, depth: ctx.depth + 1, tight };
}

// Blocks.

function blocks(nodes: readonly LooseNode[], ctx: Context): string {
  let html = "";
  let run: LooseNode[] = [];
  // Inline nodes found among blocks (a stray text node, a smart link) share a paragraph.
  const endRun = () => {
    if (run.length) html += inlineBlock("p", { style: paragraphStyle(ctx) }, inline(run, ctx), ctx);
    run = [];
  };
  for (const node of nodes) {
    if (isInline(node)) {
      run.push(node);
    } else {
      endRun();
      html += block(node, ctx);
    }
  }
  endRun();
  return html;
}

const INLINE_TYPES: ReadonlySet<string> = new Set(["text", "link", T.lineBreak, T.smartLink]);

function isInline(node: LooseNode): boolean {
  if (INLINE_TYPES.has(node.type)) return true;
  // Unknown text-like nodes (mentions, hashtags, tabs) carry their text.
  return typeof node.text === "string" && !Array.isArray(node.children) && emailFallbackText(node.type) === undefined;
}

function block(node: LooseNode, ctx: Context): string {
  if (ctx.depth > MAX_NODE_DEPTH) {
    // Only an unvalidated document nests this deep: keep its words without recursing further.
    return el("p", { style: paragraphStyle(ctx) }, escapeHtml(plainTextLines([node]).join(" ")));
  }
  const fallback = emailFallbackText(node.type);
  if (fallback !== undefined) return fallbackBlock(fallback, ctx);
  if (isNode(node, "paragraph")) {
    const style = paragraphStyle({ tight: ctx.tight, align: alignment(node.format), indent: node.indent });
    return inlineBlock("p", { style, dir: rtl(node.direction) }, inline(childrenOf(node), ctx), ctx);
  }
  if (isNode(node, "heading")) {
    const tag: HeadingTag = Object.hasOwn(HEADING_FONT_SIZES, node.tag) ? node.tag : "h6";
    const style = headingStyle(tag, { align: alignment(node.format), indent: node.indent });
    return inlineBlock(tag, { style, dir: rtl(node.direction) }, inline(childrenOf(node), ctx), ctx);
  }
  if (isNode(node, "list")) return listHtml(node, ctx);
  if (isNode(node, "box")) return boxHtml(node, ctx);
  if (isNode(node, "image")) {
    const float = node.float === "center" ? "center" : node.float === "right" ? "right" : undefined;
    return el("div", { style: paragraphStyle({ tight: ctx.tight, align: float }) }, imageHtml(node, ctx.baseUrl));
  }
  if (isNode(node, "table")) return tableHtml(node, ctx);
  if (node.type === T.codeBlock) return codeBlockHtml(node);
  if (node.type === T.tableOfContents) {
    const contents = tableOfContents(ctx.doc);
    return contents ? listHtml(contents, ctx) : "";
  }
  // An AI suggestion is the editor offering text nobody has accepted yet: not for readers.
  if (node.type === T.aiSuggestion) return "";
  // Unknown containers (and rows, cells or items out of place) show what they hold.
  return blocks(childrenOf(node), deeper(ctx));
}

/** A box or quote as a one-cell table: background colours and borders on a `td` work in every client. */
function boxHtml(node: BoxNode, ctx: Context): string {
  const quoteColor = node.quoteColor === undefined ? undefined : (safeColor(node.quoteColor) ?? QUOTE_DEFAULT_COLOR);
  const cell = el("td", { style: boxCellStyle({ boxColor: safeColor(node.boxColor), quoteColor }) }, blocks(childrenOf(node), deeper(ctx, false)));
  return el("table", { ...PRESENTATION, width: "100%", style: STYLE.boxTable }, el("tr", {}, cell));
}

function fallbackBlock(fallback: string, ctx: Context): string {
  return el("p", { style: fallbackStyle(ctx.tight) }, escapeHtml(fallback));
}

/**
 * Inline content in `tag`. A fallback inside it (a line break, a smart link) cannot sit in
 * a paragraph as a paragraph of its own, so the block is split around it.
 */
function inlineBlock(tag: string, attributes: Attributes, parts: Part[], ctx: Context): string {
  if (!parts.length) return el(tag, attributes, "&nbsp;");
  return parts.map((part) => ("html" in part ? el(tag, attributes, part.html) : fallbackBlock(part.fallback, ctx))).join("");
}

function listHtml(node: ListNode, ctx: Context): string {
  const check = node.listType === "check";
  const ordered = node.tag === "ol" || node.listType === "number";
  const start = ordered && Number.isInteger(node.start) && node.start !== 1 ? node.start : undefined;
  const style = listStyle({ tight: ctx.tight, check, ordered });
  const inner = deeper(ctx, true);
  const items = childrenOf(node).map((item) => {
    const children = childrenOf(item);
    const nested = children.filter((child) => isNode(child, "list"));
    const content = children.filter((child) => !isNode(child, "list"));
    // Lexical puts a nested list in an item of its own, which must not show a marker.
    if (!content.length && nested.length) return el("li", { style: css({ "list-style-type": "none" }) }, blocks(nested, inner));
    const parts = inline(content, inner);
    if (check) parts.unshift({ html: item.checked === true ? "&#9745;&nbsp;" : "&#9744;&nbsp;" });
    const html = parts.map((part) => ("html" in part ? part.html : fallbackBlock(part.fallback, inner))).join("");
    return el("li", {}, (html || "&nbsp;") + blocks(nested, inner));
  });
  return el(ordered ? "ol" : "ul", { start, style }, items.join(""));
}

function tableHtml(node: LooseNode, ctx: Context): string {
  // Cells sit two levels below the table (rows, then cells).
  const inner: Context = { ...ctx, depth: ctx.depth + 2, tight: true };
  const rows = childrenOf(node).map((row) =>
    el(
      "tr",
      {},
      childrenOf(row)
        .map((cell) => {
          const header = typeof cell.headerState === "number" && cell.headerState !== HEADER_STATE.none;
          const style = tableCellStyle({
            header,
            background: safeColor(cell.backgroundColor),
            width: positiveNumber(cell.width, EMAIL_MAX_WIDTH),
            verticalAlign: VERTICAL_ALIGN.has(cell.verticalAlign as string) ? (cell.verticalAlign as string) : "top",
          });
          const spans = { colspan: span(cell.colSpan), rowspan: span(cell.rowSpan) };
          return el(header ? "th" : "td", { ...spans, style }, blocks(childrenOf(cell), deeper(inner)) || "&nbsp;");
        })
        .join(""),
    ),
  );
  return el("table", { width: "100%", cellpadding: 8, cellspacing: 0, border: 1, style: STYLE.table }, rows.join(""));
}

const VERTICAL_ALIGN: ReadonlySet<string> = new Set(["top", "middle", "bottom"]);

/** A colspan or rowspan worth writing (1 is the default; absurd values are capped). */
function span(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value > 1 ? Math.min(value, 1000) : undefined;
}

function positiveNumber(value: unknown, max: number): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.min(Math.round(value), max) : undefined;
}

/** A code block keeps its lines: Lexical stores them as text, tab and linebreak children. */
function codeBlockHtml(node: LooseNode): string {
  const code = childrenOf(node)
    .map((child) => (child.type === T.lineBreak ? "\n" : typeof child.text === "string" ? child.text : plainTextLines([child]).join("\n")))
    .join("");
  return el("pre", { style: STYLE.codeBlock }, el("code", {}, escapeHtml(code)));
}

/** The document's headings as a bulleted list, for a table-of-contents node; null without headings. */
function tableOfContents(doc: SerializedDocument): ListNode | null {
  const items = [];
  const stack: LooseNode[] = [...doc.root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isNode(node, "heading")) {
      const title = plainTextLines([node]).join(" ").trim();
      if (title) items.push(listItem([text(title)], items.length + 1));
    } else if (emailFallbackText(node.type) === undefined && node.type !== T.codeBlock && node.type !== T.aiSuggestion) {
      const children = childrenOf(node);
      for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
    }
  }
  return items.length ? list("bullet", items) : null;
}

// Inline content.

/** Inline HTML, or a fallback that has to stand as a block of its own. */
type Part = { html: string } | { fallback: string };

function inline(nodes: readonly LooseNode[], ctx: Context): Part[] {
  const parts: Part[] = [];
  const push = (part: Part) => {
    const last = parts[parts.length - 1];
    if (last && "html" in last && "html" in part) last.html += part.html;
    else parts.push(part);
  };
  for (const node of nodes) {
    for (const part of inlineNode(node, ctx)) push(part);
  }
  return parts;
}

function inlineNode(node: LooseNode, ctx: Context): Part[] {
  if (ctx.depth > MAX_NODE_DEPTH) return [{ html: escapeHtml(plainTextLines([node]).join(" ")) }];
  const fallback = emailFallbackText(node.type);
  if (fallback !== undefined) return [{ fallback }];
  if (isNode(node, "text")) return [{ html: textHtml(node.text, node.format, node.style) }];
  if (isNode(node, "link")) {
    const href = safeUrl(node.url, ctx.baseUrl);
    const parts = inline(childrenOf(node), deeper(ctx));
    // An unsafe link keeps its words and loses its address.
    if (href === undefined) return parts;
    const title = typeof node.title === "string" ? node.title : undefined;
    const attributes = { href, target: "_blank", rel: "noopener noreferrer", title, style: STYLE.link };
    return parts.map((part) => ("html" in part ? { html: el("a", attributes, part.html) } : part));
  }
  if (isNode(node, "image")) return [{ html: imageHtml(node, ctx.baseUrl) }];
  if (typeof node.text === "string") return [{ html: textHtml(node.text, node.format, node.style) }];
  // Blocks inside inline content, and unknown inline containers: their inline content.
  return inline(childrenOf(node), deeper(ctx));
}

/** Lexical's IS_HIGHLIGHT bit, which TEXT_FORMAT does not name. */
const HIGHLIGHT = 128;

function textHtml(value: unknown, format: unknown, style: unknown): string {
  const bits = typeof format === "number" ? format : 0;
  let html = escapeHtml(typeof value === "string" ? value : "");
  if (bits & TEXT_FORMAT.code) html = el("code", { style: STYLE.inlineCode }, html);
  if (bits & TEXT_FORMAT.subscript) html = el("sub", {}, html);
  if (bits & TEXT_FORMAT.superscript) html = el("sup", {}, html);
  if (bits & TEXT_FORMAT.strikethrough) html = el("s", {}, html);
  if (bits & TEXT_FORMAT.underline) html = el("u", {}, html);
  if (bits & TEXT_FORMAT.italic) html = el("em", {}, html);
  if (bits & TEXT_FORMAT.bold) html = el("strong", {}, html);
  if (bits & HIGHLIGHT) html = el("mark", { style: STYLE.highlight }, html);
  const own = sanitizeTextStyle(style);
  return own ? el("span", { style: own }, html) : html;
}

function imageHtml(node: LooseNode, baseUrl?: string): string {
  const src = typeof node.src === "string" ? safeUrl(node.src, baseUrl) : undefined;
  const alt = typeof node.alt === "string" ? node.alt : "";
  if (src === undefined) return escapeHtml(alt);
  const { attribute, style } = imageWidth(node.width);
  const title = typeof node.title === "string" ? node.title : undefined;
  const img = el("img", { src, alt, title, width: attribute, style: `${STYLE.image};width:${style}` });
  const href = typeof node.href === "string" ? safeUrl(node.href, baseUrl) : undefined;
  return href === undefined ? img : el("a", { href, target: "_blank", rel: "noopener noreferrer" }, img);
}

/**
 * SPEC section 9: an image spans the column unless it has its own width; pixel widths up to
 * the email's width are kept (shrinking on narrow screens), fractions are a share of the column.
 * `attribute` is for Outlook, which sizes images by the attribute alone.
 */
function imageWidth(width: unknown): { attribute: number; style: string } {
  const value = normalizeImageWidth(width);
  if (value === undefined || value > EMAIL_MAX_WIDTH) return { attribute: CONTENT_WIDTH, style: IMAGE_DEFAULT_WIDTH };
  if (value <= 1) return { attribute: Math.round(CONTENT_WIDTH * value), style: `${Math.round(value * 1000) / 10}%` };
  return { attribute: Math.min(value, CONTENT_WIDTH), style: `${value}px` };
}

/** `url` when links and images may use it (made absolute against `baseUrl` when given). */
function safeUrl(url: unknown, baseUrl: string | undefined): string | undefined {
  if (typeof url !== "string" || !url.trim() || !isSafeUrl(url)) return undefined;
  if (!baseUrl) return url;
  try {
    const absolute = new URL(url, baseUrl).href;
    return isSafeUrl(absolute) ? absolute : undefined;
  } catch {
    return url;
  }
}

function alignment(format: unknown): string | undefined {
  if (format === "left" || format === "start") return undefined;
  if (format === "end") return "right";
  return format === "center" || format === "right" || format === "justify" ? format : undefined;
}

function rtl(direction: unknown): string | undefined {
  return direction === "rtl" ? "rtl" : undefined;
}

// The plain-text alternative.

/**
 * The nodes as the plain-text projection (core/document/text.ts) should read them in an
 * email: fallbacks as their sentence, links followed by their address, the table of contents
 * as its headings, AI suggestions left out.
 */
function forPlainText(nodes: readonly LooseNode[], inInline: boolean, depth: number, doc: SerializedDocument): LooseNode[] {
  const out: LooseNode[] = [];
  nodes.forEach((node, index) => {
    if (depth > MAX_NODE_DEPTH) return void out.push(node);
    const fallback = emailFallbackText(node.type);
    if (fallback !== undefined) {
      if (!inInline) return void out.push({ type: "paragraph", children: [text(fallback)] });
      // Inside a line of text: the sentence goes on a line of its own.
      if (index > 0) out.push({ type: T.lineBreak });
      out.push(text(fallback));
      if (index < nodes.length - 1) out.push({ type: T.lineBreak });
      return;
    }
    if (node.type === T.aiSuggestion) return;
    if (node.type === T.codeBlock) return void out.push(node);
    if (node.type === T.tableOfContents) {
      const contents = tableOfContents(doc);
      if (contents) out.push(contents);
      return;
    }
    const children = forPlainText(childrenOf(node), INLINE_PARENTS.has(node.type), depth + 1, doc);
    if (isNode(node, "link")) {
      out.push(...children);
      const href = safeUrl(node.url, undefined);
      const words = plainTextLines(children).join(" ").trim();
      if (href !== undefined && words !== href && !href.startsWith("#")) out.push(text(` (${href})`));
      return;
    }
    // Always an array, so the projection never trips over a node that lost its children.
    out.push({ ...node, children });
  });
  return out;
}

const INLINE_PARENTS: ReadonlySet<string> = new Set(["paragraph", "heading", "link", "listitem"]);
