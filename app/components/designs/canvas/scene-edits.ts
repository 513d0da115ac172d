import { MAX_SCENE_NODES, type Scene, type SceneNode } from "../../../../core/designs/scene";

/**
 * The edits the canvas, its keys and the layers panel make to a scene. Pure: each returns a new
 * scene (the history keeps the old one) and leaves nodes it does not change as they were.
 */

export interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

/** Where nodes end up after a drag or a transform (a Konva node's position, size and rotation). */
export function placeNodes(scene: Scene, placements: ReadonlyMap<string, Partial<Placement>>): Scene {
  if (placements.size === 0) return scene;
  return { ...scene, nodes: scene.nodes.map((node) => (placements.has(node.id) ? { ...node, ...placements.get(node.id) } : node)) };
}

/** Positions are kept to a hundredth of a pixel: finer is float noise from a drag. */
export const hundredths = (value: number) => Math.round(value * 100) / 100;

/** Moves the unlocked nodes among `ids` by (dx, dy). */
export function moveNodes(scene: Scene, ids: readonly string[], dx: number, dy: number): Scene {
  const moving = new Set(ids);
  return {
    ...scene,
    nodes: scene.nodes.map((node) => (moving.has(node.id) && !node.locked ? { ...node, x: hundredths(node.x + dx), y: hundredths(node.y + dy) } : node)),
  };
}

export function removeNodes(scene: Scene, ids: readonly string[]): Scene {
  const removing = new Set(ids);
  return { ...scene, nodes: scene.nodes.filter((node) => !removing.has(node.id)) };
}

/** An id no node of the scene has, made from `base` (ids are 1 to 40 of A-Z, a-z, 0-9, - and _). */
export function uniqueNodeId(taken: ReadonlySet<string>, base: string): string {
  const stem = base.replace(/-copy(?:-\d+)?$/, "").slice(0, 28) || "layer";
  for (let n = 1; ; n++) {
    const id = n === 1 ? `${stem}-copy` : `${stem}-copy-${n}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * Copies the nodes among `ids`, each just above its original and offset down and right, as far
 * as the scene's layer limit allows. Returns the copies' ids (the selection after Ctrl+D).
 */
export function duplicateNodes(scene: Scene, ids: readonly string[], offset = 20): { scene: Scene; ids: string[] } {
  const copying = new Set(ids);
  const taken = new Set(scene.nodes.map((node) => node.id));
  let room = MAX_SCENE_NODES - scene.nodes.length;
  const copies: string[] = [];
  const nodes: SceneNode[] = [];
  for (const node of scene.nodes) {
    nodes.push(node);
    if (!copying.has(node.id) || room <= 0) continue;
    const id = uniqueNodeId(taken, node.id);
    taken.add(id);
    copies.push(id);
    room -= 1;
    // A copy of the core image is an ordinary image: the core_image step replaces one photo.
    const copy: SceneNode = node.type === "image" ? { ...node, core: false } : { ...node };
    nodes.push({ ...copy, id, name: node.name, x: node.x + offset, y: node.y + offset, locked: false });
  }
  return { scene: { ...scene, nodes }, ids: copies };
}

/** Moves a node one layer up (towards the top, drawn over more) or down. */
export function moveLayer(scene: Scene, id: string, direction: "up" | "down"): Scene {
  const index = scene.nodes.findIndex((node) => node.id === id);
  const target = direction === "up" ? index + 1 : index - 1;
  if (index < 0 || target < 0 || target >= scene.nodes.length) return scene;
  const nodes = [...scene.nodes];
  [nodes[index], nodes[target]] = [nodes[target]!, nodes[index]!];
  return { ...scene, nodes };
}

export function setNodeFlag(scene: Scene, id: string, flag: "hidden" | "locked", value: boolean): Scene {
  return { ...scene, nodes: scene.nodes.map((node) => (node.id === id ? { ...node, [flag]: value } : node)) };
}

const TYPE_LABELS: Record<SceneNode["type"], string> = { image: "Image", text: "Text", logo: "Logo", shape: "Shape" };
const SHAPE_LABELS = { rect: "Rectangle", ellipse: "Ellipse", triangle: "Triangle" } as const;

/** A node's label in the layers panel: its name, else a text's first words, else its kind. */
export function layerLabel(node: SceneNode): string {
  if (node.name.trim()) return node.name.trim();
  if (node.type === "text") {
    const words = node.text.trim().split(/\s+/).filter(Boolean);
    if (words.length) {
      const start = words.slice(0, 5).join(" ");
      return start.length > 36 ? `${start.slice(0, 35)}…` : words.length > 5 ? `${start}…` : start;
    }
    return "Empty text";
  }
  if (node.type === "shape") return SHAPE_LABELS[node.shape];
  if (node.type === "image" && node.core) return "Main image";
  return TYPE_LABELS[node.type];
}

/** What a screen reader hears about the selection. */
export function describeSelection(scene: Scene, selectedIds: readonly string[]): string {
  const selected = scene.nodes.filter((node) => selectedIds.includes(node.id));
  if (selected.length === 0) return "No layer selected.";
  if (selected.length > 1) return `${selected.length} layers selected.`;
  const node = selected[0]!;
  const kind = node.type === "shape" ? SHAPE_LABELS[node.shape].toLowerCase() : TYPE_LABELS[node.type].toLowerCase();
  const label = layerLabel(node);
  const named = label.toLowerCase() === kind ? label : `${label}, ${kind}`;
  const state = [node.locked ? "locked" : "", node.hidden ? "hidden" : ""].filter(Boolean).join(", ");
  return `Selected: ${named}${state ? `, ${state}` : ""}. ${Math.round(node.width)} by ${Math.round(node.height)} pixels at ${Math.round(node.x)}, ${Math.round(node.y)}.`;
}
