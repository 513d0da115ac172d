import type { Crop } from "./scene";

/**
 * Boxes in a design's own pixels. A node's `rotation` turns it about its top-left corner (x, y),
 * as Konva does, so the stage, the export and these functions agree on where a node is.
 */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Size {
  width: number;
  height: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The part of an image that fills `box` without stretching: the largest region with the box's
 * aspect, centred on `focus` (fractions of the image, default its middle) as far as the image allows.
 */
export function coverCrop(natural: Size, box: Size, focus: { x: number; y: number } = { x: 0.5, y: 0.5 }): Crop {
  const imageAspect = natural.width / natural.height;
  const boxAspect = box.width / box.height;
  // A wider image keeps its full height and loses the sides; a taller one the top and bottom.
  // The schema's smallest crop is 1% of a side, so extreme aspects stop there.
  const width = clamp(imageAspect > boxAspect ? boxAspect / imageAspect : 1, 0.01, 1);
  const height = clamp(imageAspect > boxAspect ? 1 : imageAspect / boxAspect, 0.01, 1);
  return {
    x: clamp(focus.x - width / 2, 0, 1 - width),
    y: clamp(focus.y - height / 2, 0, 1 - height),
    width,
    height,
  };
}

/** The image's width/height ratio a crop implies, given the box it fills (the crop has the box's aspect). */
export function naturalAspectOf(crop: Crop, box: Size): number {
  return (box.width / box.height) * (crop.height / crop.width);
}

/** The axis-aligned box a node covers once rotated about its top-left corner. */
export function boundsOf(node: Box & { rotation?: number }): Box {
  const angle = ((node.rotation ?? 0) * Math.PI) / 180;
  if (angle === 0) return { x: node.x, y: node.y, width: node.width, height: node.height };
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const corners: [number, number][] = [
    [0, 0],
    [node.width, 0],
    [0, node.height],
    [node.width, node.height],
  ];
  const xs = corners.map(([u, v]) => node.x + u * cos - v * sin);
  const ys = corners.map(([u, v]) => node.y + u * sin + v * cos);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** Half a pixel of slack: positions are often rounded. */
const EPSILON = 0.5;

export function isInside(box: Box, frame: Size): boolean {
  return box.x >= -EPSILON && box.y >= -EPSILON && box.x + box.width <= frame.width + EPSILON && box.y + box.height <= frame.height + EPSILON;
}

/** Whether an unrotated node covers the whole frame (a photo or colour "to the edges"). */
export function isFullBleed(node: Box & { rotation?: number }, frame: Size): boolean {
  return !node.rotation && node.x <= EPSILON && node.y <= EPSILON && node.x + node.width >= frame.width - EPSILON && node.y + node.height >= frame.height - EPSILON;
}

export function centreOf(box: Box): { x: number; y: number } {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

export function contains(box: Box, point: { x: number; y: number }): boolean {
  return point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;
}
