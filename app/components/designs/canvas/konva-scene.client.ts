import Konva from "konva";
import type { SceneSpec, ShapeSpec } from "./scene-shapes";

/** Konva's shape classes by the names scene-shapes.ts uses. */
export const SHAPE_CLASSES = {
  Rect: Konva.Rect,
  Image: Konva.Image,
  Text: Konva.Text,
  Ellipse: Konva.Ellipse,
  Line: Konva.Line,
} as const;

/**
 * Applies a blur: Konva filters work on a cached bitmap, cached at one bitmap pixel per design
 * pixel so the radius means the same on the stage (whatever its zoom) and in the export.
 */
export function applyBlur(shape: Konva.Shape, radius: number | undefined) {
  if (!radius) {
    if (shape.isCached()) shape.clearCache();
    shape.filters([]);
    return;
  }
  shape.filters([Konva.Filters.Blur]);
  shape.blurRadius(radius);
  shape.cache({ pixelRatio: 1 });
}

export function buildShape(spec: ShapeSpec): Konva.Shape {
  const shape = new SHAPE_CLASSES[spec.kind](spec.attrs as Konva.ShapeConfig & Konva.ImageConfig & Konva.LineConfig & Konva.EllipseConfig);
  if (spec.blur) applyBlur(shape, spec.blur);
  return shape;
}

/** The whole scene as one Konva group (plain Konva: the export has no React). */
export function buildScene(spec: SceneSpec): Konva.Group {
  const root = new Konva.Group({ clipX: 0, clipY: 0, clipWidth: spec.width, clipHeight: spec.height });
  for (const shape of spec.background) root.add(buildShape(shape));
  for (const node of spec.nodes) {
    const group = new Konva.Group(node.group);
    for (const shape of node.shapes) group.add(buildShape(shape));
    root.add(group);
  }
  return root;
}
