import { type TextNode } from "lexical";
import { DEFAULT_FONT_SIZE, DEFAULT_FONT_WEIGHT, isAllowedFontFamily } from "../document/fonts";

/**
 * SPEC section 3's value marks (font size, weight, family, text colour with gradients,
 * highlight) live in a TextNode's inline `style`, as Lexical's own font toolbar does, so
 * they merge and split with the text. These read and write that style string.
 */
export interface TextStyle {
  /** Pixels; 16 when unset. */
  fontSize?: number;
  /** 100-900; 400 when unset. */
  fontWeight?: number;
  /** Only a family from core/document/fonts.ts; any other is dropped when written. */
  fontFamily?: string;
  color?: string;
  /** A CSS gradient (`linear-gradient(…)`) painted through the text. */
  gradient?: string;
  /** The highlight behind the text. */
  highlight?: string;
}

/** The CSS declarations of a style string, by lower-cased property. */
export function parseStyle(style: string): Map<string, string> {
  const declarations = new Map<string, string>();
  for (const part of style.split(";")) {
    const colon = part.indexOf(":");
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (property && value) declarations.set(property, value);
  }
  return declarations;
}

export function serializeStyle(declarations: Map<string, string>): string {
  return [...declarations].map(([property, value]) => `${property}: ${value};`).join(" ");
}

/** The value marks a style string sets. */
export function readTextStyle(style: string): TextStyle {
  const css = parseStyle(style);
  const result: TextStyle = {};
  const fontSize = Number.parseFloat(css.get("font-size") ?? "");
  if (Number.isFinite(fontSize) && fontSize > 0) result.fontSize = fontSize;
  const fontWeight = Number.parseInt(css.get("font-weight") ?? "", 10);
  if (Number.isFinite(fontWeight) && fontWeight > 0) result.fontWeight = fontWeight;
  const fontFamily = css.get("font-family");
  if (fontFamily && isAllowedFontFamily(fontFamily)) result.fontFamily = fontFamily;
  const gradient = css.get("background-image");
  if (gradient?.includes("gradient(")) result.gradient = gradient;
  else if (css.has("color")) result.color = css.get("color");
  if (css.has("background-color")) result.highlight = css.get("background-color");
  return result;
}

const GRADIENT_PROPERTIES = ["background-image", "-webkit-background-clip", "background-clip", "-webkit-text-fill-color"];

/**
 * `style` with `patch` applied: a value sets the mark, `null` removes it, an absent key
 * leaves it. Other declarations are kept. A font family outside the list is not written.
 */
export function writeTextStyle(style: string, patch: { [K in keyof TextStyle]?: TextStyle[K] | null }): string {
  const css = parseStyle(style);
  const set = (property: string, value: string | number | null | undefined, unit = "") => {
    if (value === undefined) return;
    if (value === null) css.delete(property);
    else css.set(property, `${value}${unit}`);
  };
  set("font-size", patch.fontSize, "px");
  set("font-weight", patch.fontWeight);
  if (patch.fontFamily === null || (patch.fontFamily !== undefined && isAllowedFontFamily(patch.fontFamily))) {
    set("font-family", patch.fontFamily);
  }
  set("background-color", patch.highlight);
  if (patch.color !== undefined) {
    for (const property of GRADIENT_PROPERTIES) css.delete(property);
    set("color", patch.color);
  }
  if (patch.gradient === null) {
    for (const property of GRADIENT_PROPERTIES) css.delete(property);
  } else if (patch.gradient !== undefined) {
    css.delete("color");
    css.set("background-image", patch.gradient);
    css.set("-webkit-background-clip", "text");
    css.set("background-clip", "text");
    css.set("-webkit-text-fill-color", "transparent");
  }
  return serializeStyle(css);
}

/** The size and weight a text node is drawn at, defaults filled in (SPEC section 9). */
export function $getTextMetrics(node: TextNode): { fontSize: number; fontWeight: number } {
  const style = readTextStyle(node.getStyle());
  return { fontSize: style.fontSize ?? DEFAULT_FONT_SIZE, fontWeight: style.fontWeight ?? DEFAULT_FONT_WEIGHT };
}

export function $setTextStyle(node: TextNode, patch: Parameters<typeof writeTextStyle>[1]): TextNode {
  return node.setStyle(writeTextStyle(node.getStyle(), patch));
}
