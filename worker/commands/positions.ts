// Fractional positions for hand-ordered lists (handbook items, templates in a binder, home pins): moving
// an item writes only that item, halfway between its new neighbours. When two neighbours are
// too close to split again (dozens of moves into the same gap), the caller renumbers the list.

/** Below this gap, a midpoint is no longer trusted to sort between its neighbours. */
const MIN_GAP = 1e-6;

export interface Positioned {
  id: number;
  position: number;
}

/** Hand order: position, then id (two rows written at once may share a position). */
export const byPosition = (a: Positioned, b: Positioned) => a.position - b.position || a.id - b.id;

/** A position after every one of `siblings`. */
export const endPosition = (siblings: readonly Positioned[]) => siblings.reduce((max, item) => Math.max(max, item.position), 0) + 1;

export type Placement =
  | { kind: "position"; position: number; index: number }
  /** No room between the neighbours: renumber, putting the item right after `afterId` (null: first). */
  | { kind: "renumber"; afterId: number | null; index: number };

/**
 * Where an item lands at `insertAt` (0-based, clamped) among `siblings` in hand order, the
 * item itself left out. `current` is its position now, kept when it has no siblings.
 */
export function placeAt(siblings: readonly Positioned[], movingId: number, insertAt: number, current: number): Placement {
  const others = siblings.filter((item) => item.id !== movingId).sort(byPosition);
  const index = Math.min(Math.max(insertAt, 0), others.length);
  const before = others[index - 1];
  const after = others[index];
  if (before && after && after.position - before.position < MIN_GAP) return { kind: "renumber", afterId: before.id, index };
  if (before && after) return { kind: "position", position: (before.position + after.position) / 2, index };
  if (before) return { kind: "position", position: before.position + 1, index };
  if (after) return { kind: "position", position: after.position - 1, index };
  return { kind: "position", position: current, index };
}

/**
 * Every row of a list renumbered 1, 2, 3… with `moving` placed right after `afterId` (first
 * when null); rows the mover cannot see keep their relative place.
 */
export function renumbered<T extends Positioned>(all: readonly T[], moving: T, afterId: number | null): { id: number; position: number }[] {
  const order = all.filter((item) => item.id !== moving.id).sort(byPosition);
  const at = afterId === null ? 0 : order.findIndex((item) => item.id === afterId) + 1;
  order.splice(at, 0, moving);
  return order.map((item, index) => ({ id: item.id, position: index + 1 }));
}
