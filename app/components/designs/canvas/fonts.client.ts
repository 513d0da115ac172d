import { useEffect, useState } from "react";
import type { FontSpec, Measure } from "../../../../core/designs/fit";
import type { Scene } from "../../../../core/designs/scene";
import { fontStack, sceneFonts } from "./scene-shapes";

/**
 * Text measured as Konva draws it: the same font shorthand (style, variant, size, family quoted
 * when it has a space) and letter spacing added after every character, so the lines fit.ts
 * breaks are the lines Konva shows.
 */
let context: CanvasRenderingContext2D | null = null;

/** Konva's quoting of a font-family list (Text's normalizeFontFamily). */
const familyCss = (families: string) =>
  families
    .split(",")
    .map((family) => family.trim())
    .map((family) => (family.includes(" ") && !/["']/.test(family) ? `"${family}"` : family))
    .join(", ");

export const konvaFont = (font: FontSpec) => `${font.italic ? "italic " : ""}${font.weight} normal ${font.size}px ${familyCss(fontStack(font.family))}`;

export const canvasMeasure: Measure = (text, font) => {
  context ??= document.createElement("canvas").getContext("2d");
  if (!context) return text.length * font.size * 0.55;
  context.font = konvaFont(font);
  return context.measureText(text).width + font.letterSpacing * text.length;
};

const FONT_WAIT_MS = 3_000;

/** Waits (at most 3 s) for the scene's fonts; a font that cannot load falls back, as on the stage. */
export async function loadSceneFonts(scene: Scene): Promise<void> {
  if (typeof document === "undefined" || !document.fonts) return;
  const fonts = sceneFonts(scene);
  if (!fonts.length) return;
  const all = Promise.allSettled(fonts.map((font) => document.fonts.load(font)));
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS))]);
}

/**
 * For the stage: a number that changes when a font the scene uses finishes loading, so its text
 * is laid out again with the real glyphs' widths.
 */
export function useFontsVersion(scene: Scene): number {
  const [version, setVersion] = useState(0);
  const key = sceneFonts(scene).join("|");
  useEffect(() => {
    if (!key || typeof document === "undefined" || !document.fonts) return;
    let live = true;
    const fonts = key.split("|");
    if (fonts.every((font) => document.fonts.check(font))) return;
    void Promise.allSettled(fonts.map((font) => document.fonts.load(font))).then(() => live && setVersion((v) => v + 1));
    return () => {
      live = false;
    };
  }, [key]);
  return version;
}
