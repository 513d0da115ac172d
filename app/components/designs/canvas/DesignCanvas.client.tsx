import type Konva from "konva";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Group, Layer, Line, Rect, Stage, Transformer } from "react-konva";
import { boundsOf, type Box } from "../../../../core/designs/geometry";
import type { Scene } from "../../../../core/designs/scene";
import { snapBox } from "../../../../core/designs/snap";
import { canvasMeasure, useFontsVersion } from "./fonts.client";
import { useSceneImages } from "./images.client";
import { describeSelection, hundredths, moveNodes, placeNodes, type Placement } from "./scene-edits";
import { sceneSpec } from "./scene-shapes";
import { SpecShape } from "./SpecShape.client";
import { clampZoom, fitZoom, layoutView, wheelZoom } from "./zoom";

export interface DesignCanvasProps {
  scene: Scene;
  /** `commit: false` while a drag or resize is under way, `true` when it ends (one undo step). */
  onChange: (next: Scene, options?: { commit?: boolean }) => void;
  selectedIds: string[];
  onSelect: (ids: string[]) => void;
  /** "fit": the whole design in view, following the container's size; a number: that scale. */
  zoom: number | "fit";
  /** Ctrl/⌘ + wheel and pinching ask for a new scale (absent: the zoom stays as given). */
  onZoomChange?: (zoom: number) => void;
  readOnly?: boolean;
  /** Sizes the canvas (default: most of the window's height). */
  className?: string;
  /** The canvas region's accessible name. */
  label: string;
}

/** How near, in screen pixels, an edge or centre must come to snap. */
const SNAP_DISTANCE = 6;
const NO_GUIDES = { vertical: [] as number[], horizontal: [] as number[] };
const GUIDE_COLOUR = "#E5398F";
const SELECTION_COLOUR = "#3B82F6";
const MIN_SIZE = 4;

interface DragSession {
  base: Scene;
  ids: string[];
  start: Map<string, { x: number; y: number }>;
  box: Box;
  others: Box[];
}

const union = (boxes: Box[]): Box => {
  const x = Math.min(...boxes.map((box) => box.x));
  const y = Math.min(...boxes.map((box) => box.y));
  return { x, y, width: Math.max(...boxes.map((box) => box.x + box.width)) - x, height: Math.max(...boxes.map((box) => box.y + box.height)) - y };
};

const coarsePointer = () => typeof window !== "undefined" && window.matchMedia?.("(pointer: coarse)").matches;

/**
 * The design editor's canvas (Konva): draws the scene as the export does (scene-shapes.ts), and
 * lets a user select (Shift adds), drag with snapping guides, resize and rotate layers, zoom with
 * Ctrl/⌘ + wheel or a pinch, and scroll around a zoomed design. Keys are the page's (useCanvasKeys).
 */
export default function DesignCanvas({ scene, onChange, selectedIds, onSelect, zoom, onZoomChange, readOnly = false, className, label }: DesignCanvasProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const transformerRef = useRef<Konva.Transformer>(null);
  const groups = useRef(new Map<string, Konva.Group>());
  const [viewport, setViewport] = useState({ width: 0, height: 0 });
  const [scroll, setScroll] = useState({ left: 0, top: 0 });
  const [guides, setGuides] = useState(NO_GUIDES);
  const [gesture, setGesture] = useState(false);
  const drag = useRef<DragSession | null>(null);
  const dragged = useRef(false);

  // Handlers run between renders (Konva and DOM events): they read the latest props here.
  const latest = useRef({ scene, onChange, selectedIds, onSelect, onZoomChange });
  latest.current = { scene, onChange, selectedIds, onSelect, onZoomChange };

  useLayoutEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const measure = () => setViewport({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = zoom === "fit" ? fitZoom(scene, viewport) : clampZoom(zoom);
  const view = layoutView(scene, viewport, scale);
  const origin = { x: view.originX - scroll.left, y: view.originY - scroll.top };
  const scaleRef = useRef(scale);
  scaleRef.current = scale;

  const images = useSceneImages(scene);
  const fontsVersion = useFontsVersion(scene);
  const spec = useMemo(
    () => sceneSpec(scene, { image: images.image, measure: canvasMeasure, placeholders: true }),
    // The version numbers stand for images and fonts that arrived since.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [scene, images.image, images.version, fontsVersion],
  );

  const selected = useMemo(() => scene.nodes.filter((node) => selectedIds.includes(node.id) && !node.hidden), [scene.nodes, selectedIds]);
  const transformable = readOnly ? [] : selected.filter((node) => !node.locked);
  const transformableKey = transformable.map((node) => node.id).join(",");
  const outlined = readOnly ? selected : selected.filter((node) => node.locked);

  // The transformer follows the selection, and re-reads the nodes' sizes after every change.
  useEffect(() => {
    const transformer = transformerRef.current;
    if (!transformer) return;
    const nodes = transformableKey ? transformableKey.split(",").flatMap((id) => groups.current.get(id) ?? []) : [];
    transformer.nodes(nodes);
    transformer.forceUpdate();
    transformer.getLayer()?.batchDraw();
  }, [transformableKey, spec, scale, scroll]);

  // --- A drag that a second finger turns into a pinch ---
  const pinching = useRef(false);
  /** A second finger turns a drag into a pinch: the layers go back to where the drag began. */
  const cancelDrag = () => {
    for (const group of groups.current.values()) if (group.isDragging()) group.stopDrag();
    const session = drag.current;
    if (!session) return;
    drag.current = null;
    for (const [id, start] of session.start) groups.current.get(id)?.position(start);
    latest.current.onChange(session.base, { commit: true });
    setGuides(NO_GUIDES);
    setGesture(false);
  };

  // --- Zoom: keep the design point under the pointer (or the pinch's centre) where it was. ---
  const anchor = useRef<{ designX: number; designY: number; px: number; py: number } | null>(null);
  const zoomAround = useCallback(
    (next: number, clientX: number, clientY: number) => {
      const element = viewportRef.current;
      const change = latest.current.onZoomChange;
      if (!element || !change) return;
      const rect = element.getBoundingClientRect();
      const px = clientX - rect.left;
      const py = clientY - rect.top;
      const current = layoutView(latest.current.scene, { width: element.clientWidth, height: element.clientHeight }, scaleRef.current);
      anchor.current = {
        designX: (px + element.scrollLeft - current.originX) / scaleRef.current,
        designY: (py + element.scrollTop - current.originY) / scaleRef.current,
        px,
        py,
      };
      change(clampZoom(next));
    },
    [],
  );

  useLayoutEffect(() => {
    const element = viewportRef.current;
    const point = anchor.current;
    if (!element || !point) return;
    anchor.current = null;
    element.scrollLeft = view.originX + point.designX * scale - point.px;
    element.scrollTop = view.originY + point.designY * scale - point.py;
    setScroll({ left: element.scrollLeft, top: element.scrollTop });
  }, [scale, view.originX, view.originY]);

  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      // Ctrl + wheel (and a trackpad pinch, which browsers send as one) zooms the design, not the page.
      event.preventDefault();
      zoomAround(wheelZoom(scaleRef.current, event.deltaY), event.clientX, event.clientY);
    };
    let pinch: { distance: number; zoom: number } | null = null;
    const spread = (touches: TouchList) => Math.hypot(touches[0]!.clientX - touches[1]!.clientX, touches[0]!.clientY - touches[1]!.clientY);
    const onTouchStart = (event: TouchEvent) => {
      if (event.touches.length !== 2) return;
      cancelDrag();
      pinching.current = true;
      pinch = { distance: spread(event.touches), zoom: scaleRef.current };
    };
    const onTouchMove = (event: TouchEvent) => {
      if (!pinch || event.touches.length !== 2) return;
      event.preventDefault();
      const centreX = (event.touches[0]!.clientX + event.touches[1]!.clientX) / 2;
      const centreY = (event.touches[0]!.clientY + event.touches[1]!.clientY) / 2;
      zoomAround((pinch.zoom * spread(event.touches)) / Math.max(1, pinch.distance), centreX, centreY);
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (event.touches.length < 2) pinch = null;
      if (event.touches.length === 0) pinching.current = false;
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    element.addEventListener("touchstart", onTouchStart, { passive: true });
    element.addEventListener("touchmove", onTouchMove, { passive: false });
    element.addEventListener("touchend", onTouchEnd);
    element.addEventListener("touchcancel", onTouchEnd);
    return () => {
      element.removeEventListener("wheel", onWheel);
      element.removeEventListener("touchstart", onTouchStart);
      element.removeEventListener("touchmove", onTouchMove);
      element.removeEventListener("touchend", onTouchEnd);
      element.removeEventListener("touchcancel", onTouchEnd);
    };
    // The handlers read refs only: attached once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // --- Selection: a mouse selects on press (ready to drag); a finger on a tap or a drag, so that a
  // pinch starting on a layer selects nothing. ---
  const pressNode = (id: string, shift: boolean) => {
    const { selectedIds: current, onSelect: select } = latest.current;
    dragged.current = false;
    if (shift) select(current.includes(id) ? current.filter((other) => other !== id) : [...current, id]);
    else if (!current.includes(id)) select([id]);
  };
  const clickNode = (id: string, shift: boolean) => {
    // A click (not a drag) on one layer of several selected selects just that one.
    const { selectedIds: current, onSelect: select } = latest.current;
    if (!shift && !dragged.current && current.length > 1 && current.includes(id)) select([id]);
  };
  const tapNode = (id: string) => {
    const { selectedIds: current, onSelect: select } = latest.current;
    if (current.length !== 1 || current[0] !== id) select([id]);
  };
  const pressEmpty = (event: Konva.KonvaEventObject<Event>) => {
    viewportRef.current?.focus({ preventScroll: true });
    const target = event.target;
    if (target.findAncestor("Transformer") || target.findAncestor(".scene-node")) return;
    const shift = "shiftKey" in event.evt && event.evt.shiftKey === true;
    if (!shift && latest.current.selectedIds.length) latest.current.onSelect([]);
  };

  // --- Dragging, with snapping. Several selected layers move together. ---
  const startDrag = (id: string, event: Konva.KonvaEventObject<DragEvent>) => {
    if (pinching.current) {
      event.target.stopDrag();
      return;
    }
    const { scene: base, selectedIds: current } = latest.current;
    dragged.current = true;
    const ids = current.includes(id) ? current : event.evt?.shiftKey ? [...current, id] : [id];
    if (!current.includes(id)) latest.current.onSelect(ids);
    const moving = base.nodes.filter((node) => ids.includes(node.id) && !node.locked && !node.hidden);
    if (!moving.length) return;
    const movingIds = moving.map((node) => node.id);
    drag.current = {
      base,
      ids: movingIds,
      start: new Map(moving.map((node) => [node.id, { x: node.x, y: node.y }])),
      box: union(moving.map(boundsOf)),
      // What stays put (a locked layer among the selected too) is what the moving ones snap to.
      others: base.nodes.filter((node) => !node.hidden && !movingIds.includes(node.id)).map(boundsOf),
    };
    setGesture(true);
  };

  const dragTo = (id: string, event: Konva.KonvaEventObject<DragEvent>, commit: boolean) => {
    const session = drag.current;
    const group = event.target as Konva.Group;
    const from = session?.start.get(id);
    if (!session || !from) return;
    let dx = group.x() - from.x;
    let dy = group.y() - from.y;
    const moved = { ...session.box, x: session.box.x + dx, y: session.box.y + dy };
    // Alt (Option) moves freely, as in other design tools.
    if (!event.evt?.altKey) {
      const snapped = snapBox(moved, session.others, { width: session.base.width, height: session.base.height }, SNAP_DISTANCE / scaleRef.current);
      dx += snapped.x - moved.x;
      dy += snapped.y - moved.y;
      setGuides(commit ? NO_GUIDES : snapped.guides);
    } else setGuides(NO_GUIDES);
    for (const other of session.ids) {
      const start = session.start.get(other)!;
      groups.current.get(other)?.position({ x: start.x + dx, y: start.y + dy });
    }
    latest.current.onChange(moveNodes(session.base, session.ids, dx, dy), { commit });
    if (commit) {
      drag.current = null;
      setGuides(NO_GUIDES);
      setGesture(false);
    }
  };

  // --- Resizing and rotating. The transformer scales a group; the scene keeps sizes at scale 1. ---
  const placementOf = (group: Konva.Group): Partial<Placement> => {
    const box = group.findOne<Konva.Rect>(".box");
    const width = Math.max(1, (box?.width() ?? 1) * Math.abs(group.scaleX()));
    const height = Math.max(1, (box?.height() ?? 1) * Math.abs(group.scaleY()));
    return { x: hundredths(group.x()), y: hundredths(group.y()), rotation: hundredths(group.rotation()), width: hundredths(width), height: hundredths(height) };
  };
  const onTransform = () => {
    const transformer = transformerRef.current;
    if (!transformer) return;
    setGesture(true);
    const placements = new Map<string, Partial<Placement>>();
    for (const group of transformer.nodes() as Konva.Group[]) {
      const node = latest.current.scene.nodes.find((candidate) => candidate.id === group.id());
      if (node?.type !== "text") continue;
      // A text box changes size, never its glyphs: undo the scale at once and lay the text out again.
      const placement = placementOf(group);
      group.scale({ x: 1, y: 1 });
      group.findOne<Konva.Rect>(".box")?.size({ width: placement.width!, height: placement.height! });
      group.findOne<Konva.Text>("Text")?.width(placement.width!);
      placements.set(node.id, placement);
    }
    if (placements.size) latest.current.onChange(placeNodes(latest.current.scene, placements), { commit: false });
  };
  const onTransformEnd = () => {
    const transformer = transformerRef.current;
    if (!transformer) return;
    const placements = new Map<string, Partial<Placement>>();
    for (const group of transformer.nodes() as Konva.Group[]) {
      placements.set(group.id(), placementOf(group));
      group.scale({ x: 1, y: 1 });
    }
    latest.current.onChange(placeNodes(latest.current.scene, placements), { commit: true });
    setGesture(false);
  };

  // What a screen reader hears: the selection, not every frame of a drag.
  const spoken = useRef("");
  if (!gesture) spoken.current = describeSelection(scene, selectedIds);

  const coarse = coarsePointer();
  const interactive = !readOnly;

  return (
    <div className={["design-canvas", className].filter(Boolean).join(" ")} style={{ aspectRatio: `${scene.width} / ${scene.height}` }}>
      <div
        ref={viewportRef}
        className="design-canvas__viewport"
        role="region"
        aria-label={label}
        aria-roledescription="design canvas"
        tabIndex={0}
        onScroll={(event) => setScroll({ left: event.currentTarget.scrollLeft, top: event.currentTarget.scrollTop })}
      >
        <div className="design-canvas__content" style={{ width: view.contentWidth, height: view.contentHeight }}>
          {viewport.width > 0 ? (
            <Stage
              className="design-canvas__stage"
              style={{ left: scroll.left, top: scroll.top }}
              width={viewport.width}
              height={viewport.height}
              onMouseDown={interactive ? pressEmpty : undefined}
              onTap={interactive ? pressEmpty : undefined}
            >
              <Layer listening={interactive}>
                <Group x={origin.x} y={origin.y} scaleX={scale} scaleY={scale}>
                  <Rect width={scene.width} height={scene.height} fill="#FFFFFF" shadowColor="#000000" shadowOpacity={0.18} shadowBlur={14} shadowForStrokeEnabled={false} listening={false} />
                  <Group clipX={0} clipY={0} clipWidth={scene.width} clipHeight={scene.height}>
                    {/* A touch on the background scrolls the canvas; a tap on it deselects. */}
                    {spec.background.map((shape) => (
                      <SpecShape key={shape.key} spec={{ ...shape, attrs: { ...shape.attrs, preventDefault: false } }} listening />
                    ))}
                    {spec.nodes.map(({ node, group, shapes }) => (
                      <Group
                        key={node.id}
                        ref={(instance) => {
                          if (instance) groups.current.set(node.id, instance);
                          else groups.current.delete(node.id);
                        }}
                        {...group}
                        name="scene-node"
                        draggable={interactive && !node.locked}
                        onMouseDown={(event) => pressNode(node.id, event.evt.shiftKey)}
                        onClick={(event) => clickNode(node.id, event.evt.shiftKey)}
                        onTap={() => tapNode(node.id)}
                        onDragStart={(event) => startDrag(node.id, event)}
                        onDragMove={(event) => dragTo(node.id, event, false)}
                        onDragEnd={(event) => dragTo(node.id, event, true)}
                      >
                        {shapes.map((shape) => (
                          <SpecShape key={shape.kind === "Text" ? `${shape.key}-${fontsVersion}` : shape.key} spec={shape} listening={shape.key === "box"} />
                        ))}
                      </Group>
                    ))}
                  </Group>
                </Group>
              </Layer>
              <Layer>
                <Group x={origin.x} y={origin.y} scaleX={scale} scaleY={scale} listening={false}>
                  {outlined.map((node) => (
                    <Rect key={node.id} x={node.x} y={node.y} width={node.width} height={node.height} rotation={node.rotation} stroke={SELECTION_COLOUR} strokeWidth={1.5} strokeScaleEnabled={false} dash={[6, 4]} />
                  ))}
                  {guides.vertical.map((x) => (
                    <Line key={`v${x}`} points={[x, 0, x, scene.height]} stroke={GUIDE_COLOUR} strokeWidth={1} strokeScaleEnabled={false} />
                  ))}
                  {guides.horizontal.map((y) => (
                    <Line key={`h${y}`} points={[0, y, scene.width, y]} stroke={GUIDE_COLOUR} strokeWidth={1} strokeScaleEnabled={false} />
                  ))}
                </Group>
                <Transformer
                  ref={transformerRef}
                  visible={interactive && transformable.length > 0}
                  flipEnabled={false}
                  rotationSnaps={[0, 45, 90, 135, 180, 225, 270, 315]}
                  rotationSnapTolerance={4}
                  anchorSize={coarse ? 16 : 9}
                  anchorCornerRadius={coarse ? 8 : 2}
                  borderStroke={SELECTION_COLOUR}
                  anchorStroke={SELECTION_COLOUR}
                  ignoreStroke
                  keepRatio={transformable.every((node) => node.type === "image" || node.type === "logo")}
                  boundBoxFunc={(before, after) => (Math.abs(after.width) < MIN_SIZE || Math.abs(after.height) < MIN_SIZE ? before : after)}
                  onTransform={onTransform}
                  onTransformEnd={onTransformEnd}
                />
              </Layer>
            </Stage>
          ) : null}
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {spoken.current}
      </p>
      {images.failed.length ? (
        <p className="design-canvas__note" role="status">
          {images.failed.length === 1 ? "An image of this design could not be loaded." : `${images.failed.length} images of this design could not be loaded.`} Check your connection, or replace the image.
        </p>
      ) : null}
    </div>
  );
}
