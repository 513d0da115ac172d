import { describe, expect, it } from "vitest";
import { applyMove, docsInOrder, dropPlacement, keyboardMoves } from "./tree";
import type { HandbookItemJson } from "./types";

const item = (id: number, type: HandbookItemJson["type"], children: HandbookItemJson[] = [], parent: number | null = null): HandbookItemJson => ({
  id,
  handbook_id: 1,
  parent_id: parent,
  type,
  title: `Item ${id}`,
  custom_title: "",
  url: null,
  article: null,
  nested_handbook: null,
  position: id,
  created_at: "",
  updated_at: "",
  children,
});

// 1 (section: 2 doc, 3 section: 4 doc), 5 doc, 6 link
const sample = () => [item(1, "section", [item(2, "doc", [], 1), item(3, "section", [item(4, "doc", [], 3)], 1)]), item(5, "doc"), item(6, "link")];
const shape = (tree: HandbookItemJson[]): unknown[] => tree.map((node) => (node.children.length ? [node.id, shape(node.children)] : node.id));

describe("handbook sidebar moves", () => {
  it("offers up, down, out and into-section moves as API placements", () => {
    const moves = keyboardMoves(sample(), 2);
    expect(moves.up).toBeNull();
    expect(moves.down).toEqual({ parentId: 1, insertAt: 1 });
    expect(moves.out).toEqual({ parentId: null, insertAt: 1 });
    expect(moves.into.map((choice) => [choice.id, choice.placement])).toEqual([[3, { parentId: 3, insertAt: 1 }]]);
    // A section never moves into itself or its own sections.
    expect(keyboardMoves(sample(), 1).into).toEqual([]);
    expect(keyboardMoves(sample(), 5)).toMatchObject({ up: { parentId: null, insertAt: 0 }, down: { parentId: null, insertAt: 2 }, out: null });
  });

  it("turns a drop into a placement, refusing loops and no-ops", () => {
    expect(dropPlacement(sample(), 6, 1, "before")).toEqual({ parentId: null, insertAt: 0 });
    expect(dropPlacement(sample(), 5, 3, "inside")).toEqual({ parentId: 3, insertAt: 1 });
    expect(dropPlacement(sample(), 2, 4, "after")).toEqual({ parentId: 3, insertAt: 1 });
    expect(dropPlacement(sample(), 1, 4, "after")).toBeNull();
    expect(dropPlacement(sample(), 5, 6, "before")).toBeNull();
    expect(dropPlacement(sample(), 5, 6, "inside")).toBeNull();
  });

  it("applies a move locally the way the server will", () => {
    expect(shape(applyMove(sample(), 6, { parentId: 1, insertAt: 0 }))).toEqual([[1, [6, 2, [3, [4]]]], 5]);
    expect(shape(applyMove(sample(), 3, { parentId: null, insertAt: 99 }))).toEqual([[1, [2]], 5, 6, [3, [4]]]);
    expect(docsInOrder(sample()).map((node) => node.id)).toEqual([2, 4, 5]);
  });
});
