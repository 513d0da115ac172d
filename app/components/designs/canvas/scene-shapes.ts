import { fitText, type FontSpec, type Measure } from "../../../../core/designs/fit";
import { coverCrop } from "../../../../core/designs/geometry";
import { konvaFill } from "../../../../core/designs/paint";
import type { Crop, Scene, SceneNode, TextNode } from "../../../../core/designs/scene";

/**
 * What a scene draws, as Konva shapes with their attributes: the one description both the editor's
 * stage (react-konva) and the exported file (plain Konva) are built from, so they cannot differ.
 * Pure: images come in already loaded and text is measured by the caller's `measure`.
 */

export interface LoadedImage {
  /** An HTMLImageElement (or any canvas image source) Konva draws. */
  image: unknown;
  width: number;
  height: number;
}

export type ShapeKind = "Rect" | "Image" | "Text" | "Ellipse" | "Line";

export interface ShapeSpec {
  key: string;
  kind: ShapeKind;
  attrs: Record<string, unknown>;
  /** A Konva Blur filter of this radius (the shape is cached to apply it). */
  blur?: number;
}

export interface NodeSpec {
  node: SceneNode;
  /** The node's group: position, rotation (about its top-left corner) and opacity. */
  group: { id: string; x: number; y: number; rotation: number; opacity: number };
  /** First a transparent box the node's size (what is clicked, dragged and resized), then what shows. */
  shapes: ShapeSpec[];
}

export interface SceneSpec {
  width: number;
  height: number;
  background: ShapeSpec[];
  nodes: NodeSpec[];
}

export interface SpecOptions {
  /** The loaded image of an upload; undefined while it loads (a grey box stands in). */
  image(uploadId: number): LoadedImage | undefined;
  measure: Measure;
  /** The editor marks where a logo goes before a brand kit gives it one; an export draws nothing there. */
  placeholders?: boolean;
}

/** Grey as a photo slot, for an image still loading. */
export const LOADING_FILL = "#D9DDE3";
export const BOX_FILL = "rgba(0,0,0,0)";

/** Fonts of the list (core/document/fonts.ts) that are not sans serif, by the generic family that stands in for them. */
const GENERIC_OF: Record<string, "serif" | "monospace" | "cursive"> = Object.fromEntries([
  ...["Georgia", "Times New Roman", "Garamond", "Palatino Linotype", "Book Antiqua", "Cambria", "Merriweather", "Playfair Display", "Noto Serif", "PT Serif", "Roboto Slab", "IBM Plex Serif", "Libre Baskerville", "Lora", "Crimson Text", "EB Garamond", "Cormorant Garamond", "Source Serif 4", "DM Serif Display", "Bitter", "Arvo", "Zilla Slab", "Alegreya", "Cardo", "Spectral", "Vollkorn", "Domine", "Abril Fatface"].map((family) => [family, "serif"] as const),
  ...["Courier New", "Lucida Console", "Consolas", "Monaco", "Roboto Mono", "Source Code Pro", "Fira Code", "IBM Plex Mono", "JetBrains Mono", "Inconsolata", "Space Mono"].map((family) => [family, "monospace"] as const),
  ...["Lobster", "Pacifico", "Dancing Script", "Caveat", "Permanent Marker", "Shadows Into Light", "Indie Flower"].map((family) => [family, "cursive"] as const),
]);

/**
 * A font family with the generic family that stands in while it loads or where it is missing
 * (the browser's own default is a serif, far from most of the list). The stage, the export and
 * the measuring all use this same stack.
 */
export const fontStack = (family: string) => `${family}, ${GENERIC_OF[family] ?? "sans-serif"}`;

export const fontStyleOf = (node: Pick<TextNode, "font_weight" | "italic">) => `${node.italic ? "italic " : ""}${node.font_weight}`;

/** The font of a text node at `size`, as fit.ts measures it. */
export const fontSpecOf = (node: TextNode, size: number): FontSpec => ({
  family: node.font_family,
  size,
  weight: node.font_weight,
  italic: node.italic,
  letterSpacing: node.letter_spacing,
});

/** A crop (fractions) as the source rectangle of Konva's Image (pixels). */
function cropRect(crop: Crop | null, natural: LoadedImage, box: { width: number; height: number }) {
  const fraction = crop ?? coverCrop(natural, box);
  return { x: fraction.x * natural.width, y: fraction.y * natural.height, width: fraction.width * natural.width, height: fraction.height * natural.height };
}

/** Konva gradients are in the shape's own coordinates; an ellipse's start at its centre. */
function shiftPoints(attrs: Record<string, unknown>, dx: number, dy: number): Record<string, unknown> {
  const shifted: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attrs)) {
    const point = value as { x?: unknown; y?: unknown } | null;
    shifted[name] =
      name.endsWith("Point") && point && typeof point.x === "number" && typeof point.y === "number" ? { x: point.x + dx, y: point.y + dy } : value;
  }
  return shifted;
}

function backgroundShapes(scene: Scene, options: SpecOptions): ShapeSpec[] {
  const frame = { x: 0, y: 0, width: scene.width, height: scene.height };
  const background = scene.background;
  if (background.kind === "color") return [{ key: "bg", kind: "Rect", attrs: { ...frame, fill: background.color } }];
  if (background.kind === "gradient") return [{ key: "bg", kind: "Rect", attrs: { ...frame, ...konvaFill(background.gradient, frame) } }];
  const loaded = options.image(background.upload_id);
  if (!loaded) return [{ key: "bg", kind: "Rect", attrs: { ...frame, fill: LOADING_FILL } }];
  const shapes: ShapeSpec[] = [
    {
      key: `bg-image-${background.upload_id}`,
      kind: "Image",
      attrs: { ...frame, image: loaded.image, crop: cropRect(background.crop, loaded, frame) },
      blur: background.blur > 0 ? background.blur : undefined,
    },
  ];
  if (background.darken > 0) shapes.push({ key: "bg-darken", kind: "Rect", attrs: { ...frame, fill: "#000000", opacity: background.darken } });
  return shapes;
}

function textShapes(node: TextNode, measure: Measure): ShapeSpec[] {
  if (!node.text) return [];
  const fitted = fitText(node, measure);
  // Konva drops lines below a fixed height; the text may spill instead (auto_fit off), so the
  // text has no height of its own and is placed in its box here.
  const textHeight = fitted.lines.length * fitted.fontSize * node.line_height;
  const free = node.height - textHeight;
  const y = node.vertical_align === "middle" ? free / 2 : node.vertical_align === "bottom" ? free : 0;
  return [
    {
      key: "text",
      kind: "Text",
      attrs: {
        x: 0,
        y,
        width: node.width,
        text: fitted.lines.join("\n"),
        fontFamily: fontStack(node.font_family),
        fontSize: fitted.fontSize,
        fontStyle: fontStyleOf(node),
        align: node.align,
        lineHeight: node.line_height,
        letterSpacing: node.letter_spacing,
        wrap: "none",
        ...shiftPoints(konvaFill(node.fill, { width: node.width, height: node.height }), 0, -y),
      },
    },
  ];
}

function nodeShapes(node: SceneNode, options: SpecOptions): ShapeSpec[] {
  const box = { width: node.width, height: node.height };
  switch (node.type) {
    case "text":
      return textShapes(node, options.measure);
    case "image": {
      const loaded = options.image(node.upload_id);
      if (!loaded) return [{ key: "loading", kind: "Rect", attrs: { ...box, fill: LOADING_FILL } }];
      return [{ key: `image-${node.upload_id}`, kind: "Image", attrs: { ...box, image: loaded.image, crop: cropRect(node.crop, loaded, box) } }];
    }
    case "logo": {
      const loaded = node.upload_id ? options.image(node.upload_id) : undefined;
      if (!loaded) {
        if (!options.placeholders) return [];
        const size = Math.max(10, Math.min(node.height * 0.4, node.width / 3));
        return [
          { key: "placeholder", kind: "Rect", attrs: { ...box, stroke: "#8A8F98", strokeWidth: Math.max(1, Math.min(node.width, node.height) / 60), dash: [8, 6], strokeScaleEnabled: false, fill: "rgba(138,143,152,0.12)" } },
          { key: "placeholder-label", kind: "Text", attrs: { x: 0, y: (node.height - size) / 2, width: node.width, text: "Logo", fontSize: size, fontFamily: "Arial, sans-serif", fill: "#6B7079", align: "center", wrap: "none" } },
        ];
      }
      // A logo is never cropped: it fits inside its box, centred.
      const scale = Math.min(node.width / loaded.width, node.height / loaded.height);
      const width = loaded.width * scale;
      const height = loaded.height * scale;
      return [{ key: `logo-${node.upload_id}`, kind: "Image", attrs: { x: (node.width - width) / 2, y: (node.height - height) / 2, width, height, image: loaded.image } }];
    }
    case "shape": {
      const fill = konvaFill(node.fill, box);
      if (node.shape === "ellipse") {
        return [{ key: "ellipse", kind: "Ellipse", attrs: { x: node.width / 2, y: node.height / 2, radiusX: node.width / 2, radiusY: node.height / 2, ...shiftPoints(fill, -node.width / 2, -node.height / 2) } }];
      }
      if (node.shape === "triangle") {
        return [{ key: "triangle", kind: "Line", attrs: { points: [node.width / 2, 0, node.width, node.height, 0, node.height], closed: true, ...fill } }];
      }
      const radius = Math.min(node.corner_radius, node.width / 2, node.height / 2);
      return [{ key: "rect", kind: "Rect", attrs: { ...box, cornerRadius: radius, ...fill } }];
    }
  }
}

/** What `scene` draws, bottom to top; hidden nodes are left out. */
export function sceneSpec(scene: Scene, options: SpecOptions): SceneSpec {
  const nodes: NodeSpec[] = [];
  for (const node of scene.nodes) {
    if (node.hidden) continue;
    nodes.push({
      node,
      group: { id: node.id, x: node.x, y: node.y, rotation: node.rotation, opacity: node.opacity },
      shapes: [{ key: "box", kind: "Rect", attrs: { name: "box", width: node.width, height: node.height, fill: BOX_FILL } }, ...nodeShapes(node, options)],
    });
  }
  return { width: scene.width, height: scene.height, background: backgroundShapes(scene, options), nodes };
}

/** Every font the scene's text uses, as CSS font shorthands (for `document.fonts.load`). */
export function sceneFonts(scene: Scene): string[] {
  const fonts = new Set<string>();
  for (const node of scene.nodes) {
    if (node.type === "text" && !node.hidden && node.text) fonts.add(`${fontStyleOf(node)} 16px "${node.font_family}"`);
  }
  return [...fonts];
}
