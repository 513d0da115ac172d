import type { HandbookItemJson } from "./types";

// The handbook sidebar's moves, as pure functions over the tree the server sent. A move is
// where the item lands: a parent (a section, or null for the top level) and its index among
// that parent's items with the moving item left out: exactly the API's `parent_id` and `insert_at`.

export interface Placement {
  parentId: number | null;
  insertAt: number;
}

interface Found {
  node: HandbookItemJson;
  parent: HandbookItemJson | null;
  siblings: HandbookItemJson[];
  index: number;
}

export function findItem(tree: HandbookItemJson[], id: number, parent: HandbookItemJson | null = null): Found | null {
  for (const [index, node] of tree.entries()) {
    if (node.id === id) return { node, parent, siblings: tree, index };
    const inner = findItem(node.children, id, node);
    if (inner) return inner;
  }
  return null;
}

/** Whether `candidate` is `item` or somewhere inside it. */
function isWithin(item: HandbookItemJson, candidateId: number): boolean {
  return item.id === candidateId || item.children.some((child) => isWithin(child, candidateId));
}

export interface SectionChoice {
  id: number;
  title: string;
  depth: number;
}

/** Every section an item could move into: not itself, not inside itself, not where it already is. */
export function sectionChoices(tree: HandbookItemJson[], itemId: number): SectionChoice[] {
  const found = findItem(tree, itemId);
  if (!found) return [];
  const out: SectionChoice[] = [];
  const walk = (list: HandbookItemJson[], depth: number) => {
    for (const node of list) {
      if (node.type !== "section" || isWithin(found.node, node.id)) continue;
      if (node.id !== found.parent?.id) out.push({ id: node.id, title: node.title, depth });
      walk(node.children, depth + 1);
    }
  };
  walk(tree, 0);
  return out;
}

export interface KeyboardMoves {
  up: Placement | null;
  down: Placement | null;
  /** Out of its section, right after it. */
  out: Placement | null;
  into: (SectionChoice & { placement: Placement })[];
}

/** The keyboard alternative to dragging: what "Move up/down/out/into" would do for an item. */
export function keyboardMoves(tree: HandbookItemJson[], itemId: number): KeyboardMoves {
  const found = findItem(tree, itemId);
  if (!found) return { up: null, down: null, out: null, into: [] };
  const parentId = found.parent?.id ?? null;
  const outer = found.parent ? findItem(tree, found.parent.id) : null;
  return {
    up: found.index > 0 ? { parentId, insertAt: found.index - 1 } : null,
    down: found.index < found.siblings.length - 1 ? { parentId, insertAt: found.index + 1 } : null,
    out: outer ? { parentId: outer.parent?.id ?? null, insertAt: outer.index + 1 } : null,
    into: sectionChoices(tree, itemId).map((section) => {
      const target = findItem(tree, section.id)!.node;
      return { ...section, placement: { parentId: section.id, insertAt: target.children.length } };
    }),
  };
}

export type DropSide = "before" | "after" | "inside";

/** Where dropping `draggedId` on `targetId` puts it; null when that would be no move or a loop. */
export function dropPlacement(tree: HandbookItemJson[], draggedId: number, targetId: number, side: DropSide): Placement | null {
  const dragged = findItem(tree, draggedId);
  const target = findItem(tree, targetId);
  if (!dragged || !target || isWithin(dragged.node, targetId)) return null;
  if (side === "inside") {
    if (target.node.type !== "section") return null;
    return { parentId: target.node.id, insertAt: target.node.children.filter((child) => child.id !== draggedId).length };
  }
  const others = target.siblings.filter((sibling) => sibling.id !== draggedId);
  const index = others.findIndex((sibling) => sibling.id === targetId);
  const placement = { parentId: target.parent?.id ?? null, insertAt: side === "before" ? index : index + 1 };
  const unchanged = placement.parentId === (dragged.parent?.id ?? null) && placement.insertAt === dragged.index;
  return unchanged ? null : placement;
}

/** The tree with one item moved, for showing a move before the server confirms it. */
export function applyMove(tree: HandbookItemJson[], itemId: number, placement: Placement): HandbookItemJson[] {
  const found = findItem(tree, itemId);
  if (!found) return tree;
  const remove = (list: HandbookItemJson[]): HandbookItemJson[] =>
    list.filter((node) => node.id !== itemId).map((node) => ({ ...node, children: remove(node.children) }));
  const moved = { ...found.node, parent_id: placement.parentId };
  const insert = (list: HandbookItemJson[], parentId: number | null): HandbookItemJson[] => {
    const children = list.map((node) => ({ ...node, children: insert(node.children, node.id) }));
    if (parentId !== placement.parentId) return children;
    const at = Math.min(Math.max(placement.insertAt, 0), children.length);
    return [...children.slice(0, at), moved, ...children.slice(at)];
  };
  return insert(remove(tree), null);
}

/** The document items of a tree, in reading order (for "previous / next" in the handbook). */
export function docsInOrder(tree: HandbookItemJson[]): HandbookItemJson[] {
  return tree.flatMap((node) => (node.type === "doc" ? [node] : node.children.length ? docsInOrder(node.children) : []));
}
