/**
 * Paints as brand kits and designs store them: a hex colour, or a CSS linear or radial gradient
 * of hex colours (with optional stop positions), the only gradients both the brand kit's
 * swatches (CSS) and the design canvas (Konva) can draw the same way.
 */
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;
export const GRADIENT =
  /^(linear|radial)-gradient\(\s*(?:(?:\d{1,3}deg|to (?:top|bottom|left|right)(?: (?:top|bottom|left|right))?|circle|ellipse)\s*,\s*)?#[0-9a-f]{6}(?:\s+\d{1,3}%)?(?:\s*,\s*#[0-9a-f]{6}(?:\s+\d{1,3}%)?)+\s*\)$/i;

export const isHexColor = (value: string) => HEX_COLOR.test(value);
export const isGradient = (value: string) => GRADIENT.test(value);
export const isPaint = (value: string) => isHexColor(value) || isGradient(value);
export const PAINT_MESSAGE = "must be a hex colour such as #2F5EBC, or a linear or radial gradient of hex colours";

export interface GradientStop {
  offset: number;
  color: string;
}

type Corner = "top right" | "bottom right" | "bottom left" | "top left";
interface ParsedGradient {
  type: "linear" | "radial";
  angle: number;
  stops: GradientStop[];
  /** `to top right` and the like: the true angle depends on the box (see cornerAngle). */
  corner: Corner | null;
}

const SIDE_ANGLES: Record<string, number> = { top: 0, right: 90, bottom: 180, left: 270 };
const CORNER_ANGLES: Record<Corner, number> = { "top right": 45, "bottom right": 135, "bottom left": 225, "top left": 315 };

function cornerOf(words: string[]): Corner | null {
  const vertical = words.find((word) => word === "top" || word === "bottom");
  const horizontal = words.find((word) => word === "left" || word === "right");
  return vertical && horizontal ? (`${vertical} ${horizontal}` as Corner) : null;
}

/**
 * CSS's rule for stops without a position: the first is at 0%, the last at 100%, the others
 * evenly between their positioned neighbours; a position before an earlier one moves up to it.
 */
function placeStops(stops: { color: string; offset: number | null }[]): GradientStop[] {
  const offsets = stops.map((stop) => stop.offset);
  if (offsets[0] === null) offsets[0] = 0;
  if (offsets.at(-1) === null) offsets[offsets.length - 1] = 1;
  let highest = 0;
  for (let i = 0; i < offsets.length; i += 1) {
    const offset = offsets[i];
    if (offset === null || offset === undefined) continue;
    highest = Math.max(highest, offset);
    offsets[i] = highest;
  }
  for (let i = 1; i < offsets.length; i += 1) {
    if (offsets[i] !== null) continue;
    const before = i - 1;
    let after = i;
    while (offsets[after] === null) after += 1;
    const from = offsets[before] ?? 0;
    const to = offsets[after] ?? 1;
    for (let j = i; j < after; j += 1) offsets[j] = from + ((to - from) * (j - before)) / (after - before);
  }
  return stops.map((stop, i) => ({ color: stop.color.toUpperCase(), offset: Math.min(1, offsets[i] ?? 0) }));
}

function parse(css: string): ParsedGradient | null {
  const value = css.trim();
  if (!isGradient(value)) return null;
  const type = value.toLowerCase().startsWith("radial") ? "radial" : "linear";
  const parts = value
    .slice(value.indexOf("(") + 1, value.lastIndexOf(")"))
    .split(",")
    .map((part) => part.trim().toLowerCase());
  const first = parts[0] ?? "";
  const hasDirection = !first.startsWith("#");
  const stops = placeStops(
    parts.slice(hasDirection ? 1 : 0).map((part) => {
      const [color = "", position] = part.split(/\s+/);
      return { color, offset: position ? Number.parseFloat(position) / 100 : null };
    }),
  );
  // CSS's default direction is top to bottom: 180deg.
  let angle = type === "linear" ? 180 : 0;
  let corner: Corner | null = null;
  if (type === "linear" && hasDirection) {
    if (first.endsWith("deg")) angle = Number.parseFloat(first) % 360;
    else {
      const words = first.split(/\s+/).slice(1);
      corner = cornerOf(words);
      angle = corner ? CORNER_ANGLES[corner] : (SIDE_ANGLES[words[0] ?? "bottom"] ?? 180);
    }
  }
  return { type, angle, stops, corner };
}

/**
 * A gradient paint's kind, angle (CSS degrees: 0 points up, 90 right; a corner keyword as for a
 * square) and stops with every offset from 0 to 1 filled in. Null for a colour or anything else.
 */
export function parseGradient(css: string): { type: "linear" | "radial"; angle: number; stops: GradientStop[] } | null {
  const parsed = parse(css);
  return parsed && { type: parsed.type, angle: parsed.angle, stops: parsed.stops };
}

/** `to top right` on a w×h box: CSS aims the line so the other two corners share the middle colour. */
function cornerAngle(corner: Corner, box: { width: number; height: number }): number {
  const toward = (Math.atan2(box.height, box.width) * 180) / Math.PI;
  return { "top right": toward, "bottom right": 180 - toward, "bottom left": 180 + toward, "top left": 360 - toward }[corner];
}

/**
 * Konva fill attributes drawing `paint` over a box whose top-left corner is (0, 0), the way the
 * CSS draws it: a linear gradient along CSS's gradient line (through the centre, long enough for
 * the corners to reach the end colours); a radial one as a circle to the farthest corner (Konva
 * has no elliptical gradient; on a square the two are the same).
 */
export function konvaFill(paint: string, box: { width: number; height: number }): Record<string, unknown> {
  const gradient = parse(paint);
  if (!gradient) return { fill: paint, fillPriority: "color" };
  const colorStops = gradient.stops.flatMap((stop) => [stop.offset, stop.color]);
  const centre = { x: box.width / 2, y: box.height / 2 };
  if (gradient.type === "radial") {
    return {
      fillPriority: "radial-gradient",
      fillRadialGradientStartPoint: centre,
      fillRadialGradientEndPoint: centre,
      fillRadialGradientStartRadius: 0,
      fillRadialGradientEndRadius: Math.hypot(box.width, box.height) / 2,
      fillRadialGradientColorStops: colorStops,
    };
  }
  const angle = ((gradient.corner ? cornerAngle(gradient.corner, box) : gradient.angle) * Math.PI) / 180;
  const dx = Math.sin(angle);
  const dy = -Math.cos(angle);
  const half = (Math.abs(box.width * dx) + Math.abs(box.height * dy)) / 2;
  // Hundredths of a pixel: sin and cos leave 1e-15 residues (and -0) that help no one.
  const point = (x: number, y: number) => ({ x: Math.round(x * 100) / 100 + 0, y: Math.round(y * 100) / 100 + 0 });
  return {
    fillPriority: "linear-gradient",
    fillLinearGradientStartPoint: point(centre.x - dx * half, centre.y - dy * half),
    fillLinearGradientEndPoint: point(centre.x + dx * half, centre.y + dy * half),
    fillLinearGradientColorStops: colorStops,
  };
}

/** WCAG 2 relative luminance of a hex colour. */
function colorLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** 0 (black) to 1 (white); a gradient counts as the mean of its stops, what text over it mostly sits on. */
export function luminance(paint: string): number {
  const value = paint.trim();
  if (isHexColor(value)) return colorLuminance(value);
  const gradient = parse(value);
  if (!gradient) throw new Error(`not a paint: ${paint}`);
  return gradient.stops.reduce((sum, stop) => sum + colorLuminance(stop.color), 0) / gradient.stops.length;
}

/** WCAG contrast of two luminances: 1 to 21. */
export const luminanceContrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

export const contrastRatio = (a: string, b: string) => luminanceContrast(luminance(a), luminance(b));

export const DEFAULT_TEXT_COLORS = ["#111111", "#FFFFFF"];

/** The candidate that reads best on a background of this luminance. */
export function readableOnLuminance(background: number, candidates: string[] = DEFAULT_TEXT_COLORS): string {
  let best = candidates[0] ?? DEFAULT_TEXT_COLORS[0]!;
  for (const candidate of candidates) if (luminanceContrast(luminance(candidate), background) > luminanceContrast(luminance(best), background)) best = candidate;
  return best;
}

export const readableTextOn = (paint: string, candidates: string[] = DEFAULT_TEXT_COLORS) => readableOnLuminance(luminance(paint), candidates);
