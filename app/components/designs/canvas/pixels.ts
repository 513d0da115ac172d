import { slugify } from "../../../../core/slug";

/** Pixel arithmetic and file names for the export, pure so they are tested without a browser. */

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** Each 8-bit channel value's linear light, looked up rather than computed per pixel. */
const LINEAR = Array.from({ length: 256 }, (_, value) => linear(value));

/**
 * The mean relative luminance (WCAG's, 0 black to 1 white) of RGBA pixels, transparent ones
 * counted as what they let through: white paper, as the export's PNG shows on a light page.
 */
export function meanLuminance(data: ArrayLike<number>): number | null {
  let total = 0;
  let count = 0;
  for (let i = 0; i + 3 < data.length; i += 4) {
    const alpha = data[i + 3]! / 255;
    const l = 0.2126 * LINEAR[data[i]!]! + 0.7152 * LINEAR[data[i + 1]!]! + 0.0722 * LINEAR[data[i + 2]!]!;
    total += l * alpha + (1 - alpha);
    count += 1;
  }
  return count ? total / count : null;
}

/** A file-name-safe form of a design's name ("Summer sale!" → "summer-sale"), at most 40 characters. */
export const fileSlug = (name: string | undefined, fallback = "design") => slugify(name ?? "").slice(0, 40).replace(/-+$/, "") || fallback;

/** The part of a box inside the frame, in whole pixels at `scale`; null when none is. */
export function pixelRegion(box: { x: number; y: number; width: number; height: number }, frame: { width: number; height: number }, scale: number) {
  const left = Math.max(0, Math.floor(box.x * scale));
  const top = Math.max(0, Math.floor(box.y * scale));
  const right = Math.min(Math.round(frame.width * scale), Math.ceil((box.x + box.width) * scale));
  const bottom = Math.min(Math.round(frame.height * scale), Math.ceil((box.y + box.height) * scale));
  if (right <= left || bottom <= top) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}
