import { $forEachSelectedTextNode, $patchStyleText } from "@lexical/selection";
import { $getSelection, $isElementNode, $isRangeSelection, $isTextNode, type RangeSelection, type TextNode } from "lexical";
import {
  DEFAULT_FONT_SIZE,
  DEFAULT_FONT_WEIGHT,
  FONT_FAMILIES,
  fontFamiliesOf,
  type FontFamily,
} from "../../../core/document/fonts";
import { parseStyle, readTextStyle, serializeStyle, writeTextStyle, type TextStyle } from "../../../core/editor/textStyle";

/**
 * The values the mark toolbar offers (sizes, weights, colours, gradients) and the two
 * editor functions it needs: apply a value mark to the selection and read the marks the
 * selection carries. Value marks are written only through core/editor/textStyle.ts.
 */

/** What one toolbar choice changes: a value sets a mark, `null` removes it. */
export type TextStylePatch = Parameters<typeof writeTextStyle>[1];

// ── Font size ───────────────────────────────────────────────────────────────

export const FONT_SIZES = [8, 9, 10, 11, 12, 14, DEFAULT_FONT_SIZE, 18, 20, 24, 28, 32, 36, 48, 60, 72, 96] as const;
export const MIN_FONT_SIZE = 6;
export const MAX_FONT_SIZE = 400;
export const FONT_SIZE_HINT = `Enter a size from ${MIN_FONT_SIZE} to ${MAX_FONT_SIZE}`;

/** A typed size ("18", "18px", "10.5", "10,5") in pixels to one decimal, or null if it is not one. */
export function parseFontSize(input: string): number | null {
  const match = /^\s*(\d{1,4}(?:[.,]\d+)?)\s*(?:px)?\s*$/i.exec(input);
  if (!match?.[1]) return null;
  const size = Math.round(Number(match[1].replace(",", ".")) * 10) / 10;
  return size >= MIN_FONT_SIZE && size <= MAX_FONT_SIZE ? size : null;
}

// ── Font weight ─────────────────────────────────────────────────────────────

export const FONT_WEIGHTS = [
  { value: 100, label: "Thin" },
  { value: 200, label: "Extra light" },
  { value: 300, label: "Light" },
  { value: DEFAULT_FONT_WEIGHT, label: "Regular" },
  { value: 500, label: "Medium" },
  { value: 600, label: "Semibold" },
  { value: 700, label: "Bold" },
  { value: 800, label: "Extra bold" },
  { value: 900, label: "Black" },
] as const;

/** "Bold" for 700; the number itself for a weight between the named ones. */
export function fontWeightLabel(weight: number): string {
  return FONT_WEIGHTS.find((entry) => entry.value === weight)?.label ?? String(weight);
}

// ── Font family ─────────────────────────────────────────────────────────────

/**
 * The CSS value for a listed family. Names that are not plain words are quoted: a bare
 * `Source Sans 3` is not valid CSS, and quoting every multi-word name keeps one spelling.
 */
export function fontFamilyValue(family: FontFamily): string {
  return /^[A-Za-z-]+$/.test(family) ? family : `"${family}"`;
}

/** The listed family a stored `font-family` value starts with, in the list's spelling. */
export function listedFontFamily(value: string | undefined): FontFamily | undefined {
  const first = value ? fontFamiliesOf(value)[0]?.toLowerCase() : undefined;
  return first === undefined ? undefined : FONT_FAMILIES.find((family) => family.toLowerCase() === first);
}

/** The listed families matching what was typed (case and spaces ignored), names that start with it first. */
export function searchFontFamilies(query: string): FontFamily[] {
  const wanted = query.toLowerCase().replace(/\s+/g, "");
  if (!wanted) return [...FONT_FAMILIES];
  const squash = (family: string) => family.toLowerCase().replace(/\s+/g, "");
  const starts = FONT_FAMILIES.filter((family) => squash(family).startsWith(wanted));
  const contains = FONT_FAMILIES.filter((family) => !squash(family).startsWith(wanted) && squash(family).includes(wanted));
  return [...starts, ...contains];
}

// ── Colour ──────────────────────────────────────────────────────────────────

export interface Swatch {
  /** What a screen reader says ("Red"). */
  name: string;
  /** A CSS colour or, for gradients, a CSS gradient. */
  value: string;
}

// Content colours chosen to stay readable on white paper; they are document data, not theme.
export const TEXT_COLORS: readonly Swatch[] = [
  { name: "Black", value: "#1d1d2b" },
  { name: "Dark grey", value: "#4b5563" },
  { name: "Grey", value: "#6b7280" },
  { name: "Red", value: "#c62828" },
  { name: "Orange", value: "#e65100" },
  { name: "Amber", value: "#b7791f" },
  { name: "Green", value: "#2e7d32" },
  { name: "Teal", value: "#00796b" },
  { name: "Quote blue", value: "#2f5ebc" },
  { name: "Blue", value: "#1565c0" },
  { name: "Indigo", value: "#3949ab" },
  { name: "Purple", value: "#7b1fa2" },
  { name: "Pink", value: "#c2185b" },
  { name: "Brown", value: "#6d4c41" },
  { name: "Light grey", value: "#9ca3af" },
  { name: "White", value: "#ffffff" },
];

export const HIGHLIGHT_COLORS: readonly Swatch[] = [
  { name: "Yellow", value: "#fff3a3" },
  { name: "Lime", value: "#e6f7b5" },
  { name: "Green", value: "#c8ecd0" },
  { name: "Teal", value: "#bfe9e3" },
  { name: "Blue", value: "#cfe3fb" },
  { name: "Purple", value: "#e4d4f7" },
  { name: "Pink", value: "#fbd3e4" },
  { name: "Red", value: "#fbd0cc" },
  { name: "Orange", value: "#ffe0b8" },
  { name: "Grey", value: "#e5e7eb" },
];

/** Painted through the text (textStyle.ts writes the background-clip declarations). */
export const TEXT_GRADIENTS: readonly Swatch[] = [
  { name: "Sunset", value: "linear-gradient(90deg, #f97316, #db2777)" },
  { name: "Ocean", value: "linear-gradient(90deg, #0284c7, #6366f1)" },
  { name: "Forest", value: "linear-gradient(90deg, #15803d, #0d9488)" },
  { name: "Berry", value: "linear-gradient(90deg, #9333ea, #db2777)" },
  { name: "Gold", value: "linear-gradient(90deg, #d97706, #92400e)" },
  { name: "Aurora", value: "linear-gradient(90deg, #0891b2, #7c3aed, #e11d48)" },
];

export const HEX_COLOR_HINT = "Enter a hex colour such as #2f5ebc";

/** A typed hex colour ("#abc", "AABBCC", "#aabbcc80") as lower-case `#rrggbb` or `#rrggbbaa`, or null. */
export function parseHexColor(input: string): string | null {
  const hex = /^\s*#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})\s*$/i.exec(input)?.[1]?.toLowerCase();
  if (!hex) return null;
  return `#${hex.length <= 4 ? [...hex].map((digit) => digit + digit).join("") : hex}`;
}

/** The swatch's name for a colour, else the colour itself ("#123456"). */
export function colorName(value: string, swatches: readonly Swatch[]): string {
  return swatches.find((swatch) => swatch.value.toLowerCase() === value.toLowerCase())?.name ?? value;
}

// ── Applying and reading value marks ───────────────────────────────────────

/**
 * Every CSS property a value mark is stored in, in the order textStyle.ts writes them,
 * found by asking it to write each mark so this list cannot drift from it.
 */
const MARK_PROPERTIES: ReadonlyMap<string, string> = new Map([
  ...parseStyle(
    writeTextStyle("", {
      fontSize: DEFAULT_FONT_SIZE,
      fontWeight: DEFAULT_FONT_WEIGHT,
      fontFamily: FONT_FAMILIES[0],
      highlight: "#000",
      color: "#000",
    }),
  ),
  ...parseStyle(writeTextStyle("", { gradient: "linear-gradient(#000, #000)" })),
]);

const EVERY_MARK = serializeStyle(new Map(MARK_PROPERTIES));

/** Removes every value mark. */
export const NO_MARKS: TextStylePatch = { fontSize: null, fontWeight: null, fontFamily: null, color: null, gradient: null, highlight: null };

/**
 * `patch` as the per-property CSS patch `$patchStyleText` takes: what textStyle.ts would
 * remove maps to null, what it would set maps to its value, the rest is left out. A family
 * outside the list is left out too, since textStyle.ts never writes one.
 */
export function cssPatchOf(patch: TextStylePatch): Record<string, string | null> {
  const css: Record<string, string | null> = {};
  const kept = parseStyle(writeTextStyle(EVERY_MARK, patch));
  for (const property of MARK_PROPERTIES.keys()) if (!kept.has(property)) css[property] = null;
  for (const [property, value] of parseStyle(writeTextStyle("", patch))) css[property] = value;
  return css;
}

/** A style string in textStyle.ts's spelling (`a: b; c: d;`). */
function normalStyle(style: string): string {
  return serializeStyle(parseStyle(style));
}

/**
 * Applies `patch` to the current selection. `$patchStyleText` splits the text at the
 * selection's edges and also reaches the caret's pending style and empty blocks; it writes
 * Lexical's own spelling (`a: b;c: d;`), so every style it touched is rewritten in
 * textStyle.ts's, keeping one spelling of a style in stored documents.
 */
export function $applyTextStyle(patch: TextStylePatch): void {
  const selection = $getSelection();
  const css = cssPatchOf(patch);
  if (selection === null || Object.keys(css).length === 0) return;
  $patchStyleText(selection, css);
  $forEachSelectedTextNode((node) => {
    const style = normalStyle(node.getStyle());
    if (style !== node.getStyle()) node.setStyle(style);
  });
  if ($isRangeSelection(selection) && selection.style !== normalStyle(selection.style)) selection.setStyle(normalStyle(selection.style));
  for (const node of selection.getNodes()) {
    if ($isElementNode(node) && node.isEmpty() && node.getTextStyle() !== normalStyle(node.getTextStyle())) {
      node.setTextStyle(normalStyle(node.getTextStyle()));
    }
  }
}

/** Removes the text formats (bold, italic…) and every value mark from the selected text. */
export function $clearTextFormatting(): void {
  const selection = $getSelection();
  if (selection === null) return;
  $applyTextStyle(NO_MARKS);
  $forEachSelectedTextNode((node) => {
    if (node.getFormat() !== 0) node.setFormat(0);
  });
  if ($isRangeSelection(selection)) selection.setFormat(0);
}

/** The text nodes a selection covers; one it only touches at an edge does not count. */
function $selectedTextNodes(selection: RangeSelection): TextNode[] {
  const nodes = selection.getNodes().filter($isTextNode);
  if (selection.isCollapsed()) return nodes;
  const [start, end] = selection.isBackward() ? [selection.focus, selection.anchor] : [selection.anchor, selection.focus];
  return nodes.filter(
    (node) =>
      !(start.type === "text" && start.key === node.getKey() && start.offset === node.getTextContentSize()) &&
      !(end.type === "text" && end.key === node.getKey() && end.offset === 0),
  );
}

export interface SelectionTextStyle {
  /** The marks every selected text node shares. */
  style: TextStyle;
  /** The marks that differ between the selected text nodes. */
  mixed: ReadonlySet<keyof TextStyle>;
}

/** The value marks of the selected text, for the toolbar to show. */
export function $readSelectionTextStyle(selection: RangeSelection): SelectionTextStyle {
  if (selection.isCollapsed() && selection.style) return { style: readTextStyle(selection.style), mixed: new Set() };
  const styles = $selectedTextNodes(selection).map((node) => readTextStyle(node.getStyle()));
  const first = styles[0];
  if (first === undefined) return { style: {}, mixed: new Set() };
  const keys = new Set(styles.flatMap((style) => Object.keys(style) as Array<keyof TextStyle>));
  const shared: Partial<Record<keyof TextStyle, unknown>> = {};
  const mixed = new Set<keyof TextStyle>();
  for (const key of keys) {
    if (styles.every((style) => style[key] === first[key])) shared[key] = first[key];
    else mixed.add(key);
  }
  return { style: shared as TextStyle, mixed };
}
