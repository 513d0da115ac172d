import { zipSync } from "fflate";
import Konva from "konva";
import { adaptScene } from "../../../../core/designs/adapt";
import { DESIGN_FORMATS, familyOf, type DesignFormatKey } from "../../../../core/designs/formats";
import { boundsOf } from "../../../../core/designs/geometry";
import type { Scene, SceneNode } from "../../../../core/designs/scene";
import { canvasMeasure, loadSceneFonts } from "./fonts.client";
import { loadedUploadImage, loadSceneImages } from "./images.client";
import { buildScene } from "./konva-scene.client";
import { fileSlug, meanLuminance, pixelRegion } from "./pixels";
import { sceneSpec } from "./scene-shapes";

/**
 * The design as a file: drawn by the stage's own description of the scene (scene-shapes.ts) on
 * an offscreen Konva stage at the design's full size, once its images and fonts have loaded.
 */

export type ImageType = "image/png" | "image/jpeg";
export const JPEG_QUALITY = 0.92;

const extensionOf = (type: ImageType) => (type === "image/jpeg" ? "jpg" : "png");

/** Draws the scene onto a canvas `scale` times its size. */
function drawScene(scene: Scene, options: { scale: number; base?: string }): HTMLCanvasElement {
  const stage = new Konva.Stage({ container: document.createElement("div"), width: scene.width, height: scene.height });
  try {
    const layer = new Konva.Layer({ listening: false });
    stage.add(layer);
    // The layer's own bitmap is never shown: keep it small whatever the screen's pixel density.
    layer.getCanvas().setPixelRatio(1);
    // JPEG has no transparency: what nothing covers is white rather than black.
    if (options.base) layer.add(new Konva.Rect({ width: scene.width, height: scene.height, fill: options.base }));
    layer.add(buildScene(sceneSpec(scene, { image: loadedUploadImage, measure: canvasMeasure })));
    return layer.toCanvas({ x: 0, y: 0, width: scene.width, height: scene.height, pixelRatio: options.scale });
  } finally {
    stage.destroy();
  }
}

async function ready(scene: Scene) {
  await Promise.all([loadSceneImages(scene), loadSceneFonts(scene)]);
}

function toBlob(canvas: HTMLCanvasElement, type: ImageType, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The browser could not make the image file."))), type, quality),
  );
}

/** The design at full resolution (scene.width × scene.height) as PNG or JPEG (quality 0.92 unless given). */
export async function renderScene(scene: Scene, options: { type: ImageType; quality?: number }): Promise<Blob> {
  await ready(scene);
  const canvas = drawScene(scene, { scale: 1, base: options.type === "image/jpeg" ? "#FFFFFF" : undefined });
  return toBlob(canvas, options.type, options.quality ?? JPEG_QUALITY);
}

/**
 * A ZIP of the design at every size of `format`'s family (`format` first), each adapted to its
 * size (core/designs/adapt.ts) and named `<design>-<format>-<w>x<h>.png` (or .jpg); `name` is the
 * design's name (default "design").
 */
export async function renderAllSizes(scene: Scene, format: DesignFormatKey, options: { type: ImageType; quality?: number; name?: string }): Promise<Blob> {
  const slug = fileSlug(options.name);
  const files: Record<string, Uint8Array> = {};
  for (const key of familyOf(format)) {
    const { width, height } = DESIGN_FORMATS[key];
    const sized = scene.width === width && scene.height === height ? scene : adaptScene(scene, width, height);
    const blob = await renderScene(sized, options);
    files[`${slug}-${key}-${width}x${height}.${extensionOf(options.type)}`] = new Uint8Array(await blob.arrayBuffer());
  }
  // PNG and JPEG are compressed already: stored, the ZIP is made at once.
  return new Blob([zipSync(files, { level: 0 })], { type: "application/zip" });
}

/** The longest side the scene is drawn at to read what is behind a node (a mean needs no detail). */
const SAMPLE_SIZE = 360;

/**
 * The mean relative luminance (0..1) of what is behind `node`: the background and the layers under
 * it, drawn without it and what is above it. null when the node lies outside the design.
 */
export async function luminanceBehind(scene: Scene, node: SceneNode): Promise<number | null> {
  const scale = Math.min(1, SAMPLE_SIZE / Math.max(scene.width, scene.height));
  const region = pixelRegion(boundsOf(node), scene, scale);
  if (!region) return null;
  const index = scene.nodes.findIndex((candidate) => candidate.id === node.id);
  const behind: Scene = { ...scene, nodes: index < 0 ? scene.nodes : scene.nodes.slice(0, index) };
  await ready(behind);
  const context = drawScene(behind, { scale }).getContext("2d", { willReadFrequently: true });
  if (!context) return null;
  return meanLuminance(context.getImageData(region.x, region.y, region.width, region.height).data);
}

/**
 * What is behind each text and logo layer, measured now, as the lookup `applyBrand` takes:
 * `applyBrand(scene, kit, { luminanceBehind: await luminanceLookup(scene) })`. A layer whose
 * background could not be drawn (an image that does not load) is unknown (null).
 */
export async function luminanceLookup(scene: Scene): Promise<(node: SceneNode) => number | null> {
  const measured = new Map<string, number | null>();
  for (const node of scene.nodes) {
    if (node.type !== "text" && node.type !== "logo") continue;
    measured.set(node.id, await luminanceBehind(scene, node).catch(() => null));
  }
  return (node) => measured.get(node.id) ?? null;
}
