import type { TextNode } from "./scene";

/**
 * Text layout shared by the stage and the export: the same words break at the same places and
 * shrink to the same size in both. Measuring is the caller's (a canvas context in the browser,
 * a fixed rule in tests), so this stays pure and deterministic.
 */

export interface FontSpec {
  family: string;
  size: number;
  weight: number;
  italic: boolean;
  letterSpacing: number;
}

/** The width in pixels of one line of text. */
export type Measure = (text: string, font: FontSpec) => number;

/** The smallest size auto-fit goes down to: below it text stops being worth reading. */
export const MIN_FIT_SIZE = 8;

/** Breaks a word wider than the line into pieces that fit, at least one character each. */
function breakWord(word: string, width: number, font: FontSpec, measure: Measure): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const char of Array.from(word)) {
    if (piece && measure(piece + char, font) > width) {
      pieces.push(piece);
      piece = char;
    } else piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Lines for `text` in a box `width` wide: greedy by words, hard newlines kept, long words broken. */
export function wrapText(text: string, width: number, font: FontSpec, measure: Measure): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    let line = "";
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate, font) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      if (measure(word, font) <= width) {
        line = word;
        continue;
      }
      const pieces = breakWord(word, width, font, measure);
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1) ?? "";
    }
    // An empty paragraph is a blank line the user typed.
    lines.push(line);
  }
  return lines;
}

type FitInput = Pick<TextNode, "text" | "width" | "height" | "font_family" | "font_size" | "font_weight" | "italic" | "line_height" | "letter_spacing" | "auto_fit">;

function layout(node: FitInput, size: number, measure: Measure): { lines: string[]; fits: boolean } {
  // Letter spacing stays in pixels as set, as Konva draws it whatever the size.
  const font: FontSpec = { family: node.font_family, size, weight: node.font_weight, italic: node.italic, letterSpacing: node.letter_spacing };
  const lines = wrapText(node.text, node.width, font, measure);
  const fits = lines.length * size * node.line_height <= node.height + 0.01 && lines.every((line) => measure(line, font) <= node.width + 0.01);
  return { lines, fits };
}

/**
 * The size the text is drawn at and its lines. With auto_fit, the largest size up to font_size
 * (whole pixels, at least MIN_FIT_SIZE) whose lines fit the box; without it, font_size as set.
 */
export function fitText(node: FitInput, measure: Measure): { fontSize: number; lines: string[]; overflow: boolean } {
  const atSize = layout(node, node.font_size, measure);
  if (atSize.fits || !node.auto_fit || node.font_size <= MIN_FIT_SIZE) return { fontSize: node.font_size, lines: atSize.lines, overflow: !atSize.fits };
  // Binary search over whole sizes: fewer measurements than stepping down, and the same answer
  // everywhere since wrapping only gets easier as the size drops.
  let low = MIN_FIT_SIZE;
  let high = Math.ceil(node.font_size) - 1;
  let best: { size: number; lines: string[] } | null = null;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const attempt = layout(node, mid, measure);
    if (attempt.fits) {
      best = { size: mid, lines: attempt.lines };
      low = mid + 1;
    } else high = mid - 1;
  }
  if (best) return { fontSize: best.size, lines: best.lines, overflow: false };
  return { fontSize: MIN_FIT_SIZE, lines: layout(node, MIN_FIT_SIZE, measure).lines, overflow: true };
}
