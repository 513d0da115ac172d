import { boundsOf, centreOf, coverCrop, isFullBleed, isInside, naturalAspectOf, type Box } from "./geometry";
import type { Crop, Scene, SceneNode } from "./scene";

/**
 * The same design at another size, as a designer resizes a layout: what fills the frame still
 * fills it, a band across the frame still spans it, and everything else keeps its size relative
 * to the design (one uniform scale, so nothing is squashed) and its place relative to the
 * nearest edge or the centre, like Figma's constraints.
 */

interface Axis {
  start: number;
  length: number;
  size: number;
  newSize: number;
}

/** Where one side of a node goes along one axis: stretched, pinned to an edge, or centred. */
function placeOnAxis({ start, length, size, newSize }: Axis, scale: number): { start: number; length: number } {
  const end = start + length;
  if (start <= 0.5 && end >= size - 0.5) return { start: start * scale, length: newSize - start * scale + (end - size) * scale };
  const scaled = length * scale;
  const centre = (start + end) / 2;
  if (centre < size / 3) return { start: start * scale, length: scaled };
  if (centre > (2 * size) / 3) return { start: newSize - (size - end) * scale - scaled, length: scaled };
  return { start: (centre / size) * newSize - scaled / 2, length: scaled };
}

/** Moves a box that was inside the frame back inside it (a scaled box is never larger than the frame). */
function keepInside(node: SceneNode, frame: { width: number; height: number }): { x: number; y: number } {
  const bounds = boundsOf(node);
  const dx = bounds.x < 0 ? -bounds.x : Math.min(0, frame.width - (bounds.x + bounds.width));
  const dy = bounds.y < 0 ? -bounds.y : Math.min(0, frame.height - (bounds.y + bounds.height));
  return { x: node.x + dx, y: node.y + dy };
}

/** The crop for a new box: the same image (its aspect known from the old crop), around the same point. */
function recrop(crop: Crop | null, before: Box, after: Box): Crop | null {
  if (!crop) return null;
  if (Math.abs(before.width / before.height - after.width / after.height) < 1e-6) return crop;
  return coverCrop({ width: naturalAspectOf(crop, before), height: 1 }, after, centreOf(crop));
}

const round = (value: number) => Math.round(value * 100) / 100;

function adaptNode(node: SceneNode, from: { width: number; height: number }, to: { width: number; height: number }, scale: number): SceneNode {
  if (isFullBleed(node, from)) {
    const after = { x: 0, y: 0, width: to.width, height: to.height };
    return node.type === "image" ? { ...node, ...after, crop: recrop(node.crop, node, after) } : adaptStyle({ ...node, ...after }, scale);
  }
  // A rotated node keeps its shape: it moves by its bounds' anchor and scales as a whole.
  const bounds = boundsOf(node);
  const rotated = Boolean(node.rotation);
  const h = placeOnAxis({ start: bounds.x, length: bounds.width, size: from.width, newSize: to.width }, scale);
  const v = placeOnAxis({ start: bounds.y, length: bounds.height, size: from.height, newSize: to.height }, scale);
  const after = rotated
    ? { x: h.start + (node.x - bounds.x) * scale, y: v.start + (node.y - bounds.y) * scale, width: node.width * scale, height: node.height * scale }
    : { x: h.start, y: v.start, width: h.length, height: v.length };
  const moved = { ...node, x: round(after.x), y: round(after.y), width: Math.max(1, round(after.width)), height: Math.max(1, round(after.height)) } as SceneNode;
  const styled = moved.type === "image" ? { ...moved, crop: recrop(moved.crop, node, moved) } : adaptStyle(moved, scale);
  return isInside(bounds, from) ? { ...styled, ...keepInside(styled, to) } : styled;
}

/** Sizes drawn inside a node scale with it. */
function adaptStyle(node: SceneNode, scale: number): SceneNode {
  if (node.type === "text") return { ...node, font_size: Math.max(4, round(node.font_size * scale)), letter_spacing: round(node.letter_spacing * scale) };
  if (node.type === "shape") return { ...node, corner_radius: round(node.corner_radius * scale) };
  return node;
}

export function adaptScene(scene: Scene, width: number, height: number): Scene {
  const from = { width: scene.width, height: scene.height };
  const to = { width, height };
  // The smaller ratio: the design shrinks to fit the tighter side rather than spilling over it.
  const scale = Math.min(width / scene.width, height / scene.height);
  const background =
    scene.background.kind === "image"
      ? { ...scene.background, crop: recrop(scene.background.crop, { x: 0, y: 0, ...from }, { x: 0, y: 0, ...to }), blur: round(Math.min(60, scene.background.blur * scale)) }
      : scene.background;
  return { ...scene, width, height, background, nodes: scene.nodes.map((node) => adaptNode(node, from, to, scale)) };
}
