import { BOX_COLOR, QUOTE_COLOR, type HeadingTag } from "../document/types";

/** SPEC section 9's email layout, and the inline styles built from it. */

/** The email's content column never grows wider than this. */
export const EMAIL_MAX_WIDTH = 600;
/** Below this viewport width (phones) the column fills the screen and the padding shrinks. */
export const PHONE_MAX_WIDTH = 720;
export const BASE_FONT_SIZE = 16;
export const HEADING_FONT_SIZES: Readonly<Record<HeadingTag, number>> = { h1: 32, h2: 28, h3: 24, h4: 20, h5: 18, h6: 16 };
export const LIST_PADDING_LEFT = 30;
/** An image without its own width spans the column. */
export const IMAGE_DEFAULT_WIDTH = "100%";
export const BOX_DEFAULT_COLOR = BOX_COLOR;
export const QUOTE_DEFAULT_COLOR = QUOTE_COLOR;

/** Space between the white column's edge and the text, on wide screens and on phones. */
export const CONTENT_PADDING = 32;
export const PHONE_CONTENT_PADDING = 16;
/** What an image of "100%" measures, for the `width` attribute Outlook sizes images by. */
export const CONTENT_WIDTH = EMAIL_MAX_WIDTH - 2 * CONTENT_PADDING;
/** A paragraph's indent step: the same as a list's, so indented text lines up with list text. */
export const INDENT_STEP = LIST_PADDING_LEFT;
/** Deeper indents are drawn at this level, so the text never gets squeezed to nothing. */
const MAX_INDENT_LEVELS = 8;

const TEXT_COLOR = "#212529";
const MUTED_COLOR = "#6c757d";
const RULE_COLOR = "#ced4da";
const CODE_BACKGROUND = "#f1f3f5";
const PAGE_BACKGROUND = "#f1f3f5";
const BLOCK_GAP = "0 0 16px";
const FONT_FAMILY = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const MONO_FAMILY = "SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace";

/** Class names the phone media query targets; everything else is styled inline. */
export const CLASS = { container: "bw-container", content: "bw-content" } as const;

/**
 * The only `<style>` block: many clients strip `<style>`, so it holds nothing but the phone
 * rule, which cannot be written inline; without it the column still shrinks (max-width).
 */
export const PHONE_STYLESHEET =
  `@media (max-width: ${PHONE_MAX_WIDTH}px) {` +
  ` .${CLASS.container} { width: 100% !important; max-width: 100% !important; }` +
  ` .${CLASS.content} { padding: ${PHONE_CONTENT_PADDING}px !important; } }`;

export type Declarations = Readonly<Record<string, string | number | undefined>>;

/** A style attribute's value from declarations; numbers are pixels (0 is 0), undefined ones are left out. */
export function css(declarations: Declarations): string {
  return Object.entries(declarations)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([property, value]) => `${property}:${typeof value === "number" && value !== 0 ? `${value}px` : value}`)
    .join(";");
}

export const STYLE = {
  page: css({ margin: 0, padding: 0, "background-color": PAGE_BACKGROUND }),
  pageCell: css({ padding: "24px 0" }),
  container: css({ width: "100%", "max-width": EMAIL_MAX_WIDTH, "background-color": "#ffffff" }),
  content: css({
    padding: CONTENT_PADDING,
    "font-family": FONT_FAMILY,
    "font-size": BASE_FONT_SIZE,
    "line-height": "1.5",
    color: TEXT_COLOR,
    "text-align": "left",
  }),
  preheader: css({
    display: "none",
    "max-height": 0,
    overflow: "hidden",
    "mso-hide": "all",
    "font-size": 1,
    "line-height": 1,
    color: "#ffffff",
    opacity: "0",
  }),
  inlineCode: css({
    "font-family": MONO_FAMILY,
    "font-size": "0.875em",
    "background-color": CODE_BACKGROUND,
    padding: "1px 4px",
    "border-radius": 3,
  }),
  codeBlock: css({
    margin: BLOCK_GAP,
    padding: "12px 16px",
    "font-family": MONO_FAMILY,
    "font-size": 14,
    "line-height": "1.45",
    "background-color": CODE_BACKGROUND,
    "border-radius": 4,
    "white-space": "pre-wrap",
    "word-wrap": "break-word",
  }),
  highlight: css({ "background-color": "#fff3bf" }),
  link: css({ color: QUOTE_COLOR, "text-decoration": "underline" }),
  image: css({ "max-width": "100%", height: "auto", border: 0, outline: "none", "text-decoration": "none" }),
  table: css({ width: "100%", margin: BLOCK_GAP, "border-collapse": "collapse", border: `1px solid ${RULE_COLOR}` }),
  boxTable: css({ width: "100%", margin: BLOCK_GAP, "border-collapse": "separate" }),
} as const;

/** A paragraph; `tight` drops the gap below (inside table cells and list items). */
export function paragraphStyle(options: { tight: boolean; align?: string; indent?: number }): string {
  return css({ margin: options.tight ? 0 : BLOCK_GAP, "text-align": options.align, "padding-left": indentPadding(options.indent) });
}

/** The "<X> not supported in email" line: muted, so it reads as a note rather than content. */
export function fallbackStyle(tight: boolean): string {
  return css({ margin: tight ? 0 : BLOCK_GAP, color: MUTED_COLOR, "font-style": "italic" });
}

export function headingStyle(tag: HeadingTag, options: { align?: string; indent?: number }): string {
  return css({
    margin: BLOCK_GAP,
    "font-size": HEADING_FONT_SIZES[tag],
    "line-height": "1.25",
    "font-weight": "bold",
    "text-align": options.align,
    "padding-left": indentPadding(options.indent),
  });
}

export function listStyle(options: { tight: boolean; check: boolean; ordered: boolean }): string {
  return css({
    margin: options.tight ? 0 : BLOCK_GAP,
    "padding-left": LIST_PADDING_LEFT,
    "list-style-type": options.check ? "none" : options.ordered ? "decimal" : undefined,
  });
}

/** A box is filled with its colour; a quote is a bar in its quote colour (and filled only if it has a box colour too). */
export function boxCellStyle(colors: { boxColor?: string; quoteColor?: string }): string {
  const quote = colors.quoteColor !== undefined;
  return css({
    // No bottom padding: the last block's own gap below makes it.
    padding: "16px 16px 0",
    "background-color": quote ? colors.boxColor : (colors.boxColor ?? BOX_DEFAULT_COLOR),
    "border-left": quote ? `4px solid ${colors.quoteColor}` : undefined,
    "border-radius": quote ? undefined : 4,
  });
}

export function tableCellStyle(options: { background?: string; width?: number; verticalAlign: string; header: boolean }): string {
  return css({
    border: `1px solid ${RULE_COLOR}`,
    padding: "8px",
    "vertical-align": options.verticalAlign,
    "text-align": "left",
    "font-weight": options.header ? "bold" : undefined,
    "background-color": options.background,
    width: options.width,
  });
}

function indentPadding(indent: number | undefined): number | undefined {
  if (!indent || indent < 0) return undefined;
  return Math.min(Math.floor(indent), MAX_INDENT_LEVELS) * INDENT_STEP;
}

// Values written by users (colours, the text's own style) go into style attributes: escaping
// keeps them inside the attribute, these checks keep them from adding declarations or
// fetching anything (`url(…)`, a tracking pixel) when the email is opened.

const COLOR = /^(?:#[0-9a-f]{3,8}|(?:rgba?|hsla?)\([\d\s.,%/+-]+\)|[a-z]{3,30})$/i;

/** `value` when it is a plain colour, otherwise undefined. */
export function safeColor(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return COLOR.test(trimmed) ? trimmed : undefined;
}

/** The text properties a text node's own style may set in email. */
const TEXT_PROPERTIES = new Set(["color", "background-color", "font-size", "font-weight", "font-style", "font-family"]);
const PLAIN_VALUE = /^[\w\s#%.,'"()+-]+$/;
const FUNCTION_CALL = /\b(?!(?:rgba?|hsla?)\()[a-z-]+\(/i;

/** A text node's inline CSS reduced to plain text properties with plain values. */
export function sanitizeTextStyle(style: unknown): string {
  if (typeof style !== "string" || !style) return "";
  const kept: string[] = [];
  for (const declaration of style.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!TEXT_PROPERTIES.has(property) || !PLAIN_VALUE.test(value) || FUNCTION_CALL.test(value)) continue;
    kept.push(`${property}:${value}`);
  }
  return kept.join(";");
}
