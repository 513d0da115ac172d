import type Konva from "konva";
import { useLayoutEffect, useRef, type ComponentType } from "react";
import { Ellipse, Image, Line, Rect, Text } from "react-konva";
import { applyBlur } from "./konva-scene.client";
import type { ShapeSpec } from "./scene-shapes";

const COMPONENTS = { Rect, Image, Text, Ellipse, Line } as const;

/**
 * One shape of a scene's description (scene-shapes.ts) on the stage: the export builds the same
 * description with plain Konva (konva-scene.client.ts). `listening` is off for what only shows.
 */
export function SpecShape({ spec, listening }: { spec: ShapeSpec; listening: boolean }) {
  const ref = useRef<Konva.Shape>(null);
  const Component = COMPONENTS[spec.kind] as unknown as ComponentType<Record<string, unknown>>;
  // A blurred bitmap is cached: blur again only when what it shows changes (not on every drag frame).
  const { image, crop, width, height } = spec.attrs;
  const cropKey = JSON.stringify(crop ?? null);
  useLayoutEffect(() => {
    if (ref.current) applyBlur(ref.current, spec.blur);
  }, [spec.blur, image, cropKey, width, height]);
  return <Component ref={ref} {...spec.attrs} listening={listening} perfectDrawEnabled={false} />;
}
