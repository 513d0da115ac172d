import type { BrandKitOut } from "../contracts/brand-kits";
import { FONT_FAMILIES } from "../document/fonts";
import type { LogoVariant } from "../enums";
import { boundsOf, centreOf, contains } from "./geometry";
import { isGradient, isHexColor, luminance, luminanceContrast, readableOnLuminance } from "./paint";
import type { Background, LogoNode, Scene, SceneNode, TextNode } from "./scene";

/**
 * "Apply brand": a design takes a brand kit's fonts, colours and logo, and its text stays readable
 * on whatever the new colours put behind it.
 */

export type DesignBrandKit = Pick<BrandKitOut, "id" | "colors" | "fonts" | "logos">;

interface BrandOptions {
  /**
   * What a node sits on, 0..1, when a photo is behind it (the canvas measures the pixels); null
   * when unknown. Colours and gradients behind a node are worked out here, after the kit's
   * colours are in, so a stale measurement of the old colours never decides.
   */
  luminanceBehind?: (node: SceneNode) => number | null;
}

/** WCAG AA for body text. */
const READABLE = 4.5;
/** Below this, what is behind counts as dark (the brief's threshold for logo variants). */
const DARK = 0.4;

const supportedFonts: ReadonlySet<string> = new Set(FONT_FAMILIES);

function brandFont(node: TextNode, fonts: DesignBrandKit["fonts"]): string {
  const font = fonts[node.role] ?? fonts.body;
  return font && supportedFonts.has(font) ? font : node.font_family;
}

function brandBackground(background: Background, kit: DesignBrandKit): Background {
  if (background.kind === "image") return background;
  const gradient = kit.colors.find((color) => isGradient(color.value));
  if (gradient) return { kind: "gradient", gradient: gradient.value };
  const first = kit.colors[0];
  return first && isHexColor(first.value) ? { kind: "color", color: first.value } : background;
}

/** Fonts and palette colours: what does not depend on what is behind a node. */
function brandOwnStyle(node: SceneNode, kit: DesignBrandKit): SceneNode {
  if (node.type === "text") return { ...node, font_family: brandFont(node, kit.fonts) };
  if (node.type === "shape" && node.palette_index !== null) {
    const color = kit.colors[node.palette_index];
    return color ? { ...node, fill: color.value } : node;
  }
  return node;
}

/**
 * The luminance under the centre of nodes[index], from the layers below it and the background;
 * null where a photo decides it. A see-through shape mixes with what is under it.
 */
function luminanceUnder(scene: Scene, index: number, point: { x: number; y: number }): number | null {
  for (let below = index - 1; below >= 0; below -= 1) {
    const node = scene.nodes[below];
    if (!node || node.hidden || node.type === "text" || node.type === "logo" || !contains(boundsOf(node), point)) continue;
    if (node.type === "image") return null;
    const own = luminance(node.fill);
    if (node.opacity >= 0.999) return own;
    const under = luminanceUnder(scene, below, point);
    return under === null ? null : node.opacity * own + (1 - node.opacity) * under;
  }
  const { background } = scene;
  if (background.kind === "image") return null;
  return luminance(background.kind === "color" ? background.color : background.gradient);
}

/** Kit colours first, the most legible of them, if any reads well enough; else near-black or white. */
function readableFill(behind: number, kit: DesignBrandKit): string {
  const legible = kit.colors
    .map((color) => color.value)
    .filter((value) => isHexColor(value) && luminanceContrast(luminance(value), behind) >= READABLE)
    .sort((a, b) => luminanceContrast(luminance(b), behind) - luminanceContrast(luminance(a), behind));
  return legible[0] ?? readableOnLuminance(behind);
}

function brandLogo(node: LogoNode, behind: number | null, kit: DesignBrandKit): LogoNode {
  if (kit.logos.length === 0) return { ...node, upload_id: null };
  const wanted: LogoVariant = node.auto_variant && behind !== null ? (behind < DARK ? "Light" : "Dark") : node.variant;
  const logo = kit.logos.find((l) => l.variant === wanted) ?? kit.logos.find((l) => l.variant === "Original") ?? kit.logos[0]!;
  return { ...node, variant: logo.variant, upload_id: logo.upload_id };
}

export function applyBrand(scene: Scene, kit: DesignBrandKit, options: BrandOptions = {}): Scene {
  const styled: Scene = { ...scene, background: brandBackground(scene.background, kit), nodes: scene.nodes.map((node) => brandOwnStyle(node, kit)), brand_kit_id: kit.id };
  const behind = (node: SceneNode, index: number) => luminanceUnder(styled, index, centreOf(boundsOf(node))) ?? options.luminanceBehind?.(scene.nodes[index] ?? node) ?? null;
  const nodes = styled.nodes.map((node, index) => {
    if (node.type === "text") {
      const under = behind(node, index);
      // Unknown (a photo the caller did not measure): the user's own colour stays.
      return under === null ? node : { ...node, fill: readableFill(under, kit) };
    }
    if (node.type === "logo") return brandLogo(node, behind(node, index), kit);
    return node;
  });
  return { ...styled, nodes };
}
