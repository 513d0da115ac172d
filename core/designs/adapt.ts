import { boundsOf, centreOf, coverCrop, isFullBleed, isInside, naturalAspectOf, type Box } from "./geometry";
import type { Crop, Scene, SceneNode } from "./scene";

/**
 * The same design at another size, as a designer resizes a layout: what fills the frame still
 * fills it, a band across the frame still spans it, and everything else keeps its size relative
 * to the design (one uniform scale, so nothing is squashed). Layers that sit together (a headline
 * and its sub-line, a band and the text on it) move together, pinned to the nearest edge or to
 * the centre like Figma's constraints, so a group is never pulled apart.
 */

interface Span {
  start: number;
  length: number;
}

/** Layers closer than this share of the frame along an axis count as one group. */
const GROUP_GAP = 0.03;

/** Group indices of spans that overlap or nearly touch, as connected runs along the axis. */
function groupsOf(spans: Span[], size: number): number[][] {
  const order = spans.map((_, index) => index).sort((a, b) => spans[a]!.start - spans[b]!.start);
  const groups: number[][] = [];
  let reach = -Infinity;
  for (const index of order) {
    const span = spans[index]!;
    const end = span.start + span.length;
    const current = groups.at(-1);
    if (current && span.start <= reach + GROUP_GAP * size) {
      current.push(index);
      reach = Math.max(reach, end);
    } else {
      groups.push([index]);
      reach = end;
    }
  }
  return groups;
}

/**
 * New spans along one axis. A span across the whole axis stretches; each group of the others
 * keeps its distance, scaled, from the edge or the centre nearest to it.
 */
function placeAxis(spans: Span[], size: number, newSize: number, scale: number): Span[] {
  const placed: Span[] = spans.map((span) => span);
  const across = (span: Span) => span.start <= 0.5 && span.start + span.length >= size - 0.5;
  const inner = spans.map((span, index) => ({ span, index })).filter(({ span }) => !across(span));
  for (const { span, index } of spans.map((span, index) => ({ span, index })).filter(({ span }) => across(span))) {
    placed[index] = { start: span.start * scale, length: newSize - span.start * scale + (span.start + span.length - size) * scale };
  }
  for (const group of groupsOf(
    inner.map(({ span }) => span),
    size,
  )) {
    const members = group.map((at) => inner[at]!);
    const start = Math.min(...members.map(({ span }) => span.start));
    const end = Math.max(...members.map(({ span }) => span.start + span.length));
    const centre = (start + end) / 2;
    // Where the group's start goes: pinned to the near edge, or kept about the centre.
    const newStart = centre < size / 3 ? start * scale : centre > (2 * size) / 3 ? newSize - (size - end) * scale - (end - start) * scale : newSize / 2 + (start - size / 2) * scale;
    for (const { span, index } of members) placed[index] = { start: newStart + (span.start - start) * scale, length: span.length * scale };
  }
  return placed;
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
  const full = scene.nodes.map((node) => isFullBleed(node, from));
  const bounds = scene.nodes.map((node) => boundsOf(node));
  // Full-bleed layers are left out of the groups: they would join everything into one.
  const others = bounds.flatMap((box, index) => (full[index] ? [] : [{ box, index }]));
  const xs = placeAxis(
    others.map(({ box }) => ({ start: box.x, length: box.width })),
    from.width,
    to.width,
    scale,
  );
  const ys = placeAxis(
    others.map(({ box }) => ({ start: box.y, length: box.height })),
    from.height,
    to.height,
    scale,
  );
  const placedAt = new Map(others.map(({ index }, at) => [index, { x: xs[at]!, y: ys[at]! }]));

  const nodes = scene.nodes.map((node, index): SceneNode => {
    const spans = placedAt.get(index);
    if (!spans) {
      const after = { x: 0, y: 0, ...to };
      return node.type === "image" ? { ...node, ...after, crop: recrop(node.crop, node, after) } : adaptStyle({ ...node, ...after }, scale);
    }
    const before = bounds[index]!;
    // A rotated node keeps its shape: its bounds move, and it scales as a whole.
    const after = node.rotation
      ? { x: spans.x.start + (node.x - before.x) * scale, y: spans.y.start + (node.y - before.y) * scale, width: node.width * scale, height: node.height * scale }
      : { x: spans.x.start, y: spans.y.start, width: spans.x.length, height: spans.y.length };
    const moved = { ...node, x: round(after.x), y: round(after.y), width: Math.max(1, round(after.width)), height: Math.max(1, round(after.height)) } as SceneNode;
    const styled = moved.type === "image" ? { ...moved, crop: recrop(moved.crop, node, moved) } : adaptStyle(moved, scale);
    return isInside(before, from) ? { ...styled, ...keepInside(styled, to) } : styled;
  });

  const background =
    scene.background.kind === "image"
      ? { ...scene.background, crop: recrop(scene.background.crop, { x: 0, y: 0, ...from }, { x: 0, y: 0, ...to }), blur: round(Math.min(60, scene.background.blur * scale)) }
      : scene.background;
  return { ...scene, width, height, background, nodes };
}
