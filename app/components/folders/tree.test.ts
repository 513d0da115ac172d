import { describe, expect, it } from "vitest";
import { ancestorIds, buildFolderTree, treeKeyMove, visibleNodes, type FolderNodeRow } from "./tree";

const row = (id: number, parent_id: number | null, name = `F${id}`): FolderNodeRow => ({ id, parent_id, name, slug: `f-${id}`, icon: null });
const rows = [row(1, null, "Campaigns"), row(2, 1, "Q3"), row(3, 2, "Launch"), row(4, null, "Brand"), row(5, 99, "Shared with me")];

describe("buildFolderTree", () => {
  it("nests folders under their parents with depths, keeping order", () => {
    const tree = buildFolderTree(rows);
    expect(tree.map((node) => node.name)).toEqual(["Campaigns", "Brand", "Shared with me"]);
    expect(tree[0]!.children[0]!.children[0]).toMatchObject({ name: "Launch", depth: 2 });
  });

  it("puts a folder whose parent is not visible at the top level", () => {
    expect(buildFolderTree(rows).find((node) => node.id === 5)).toMatchObject({ depth: 0 });
  });
});

describe("visibleNodes", () => {
  it("shows children of open folders only", () => {
    const tree = buildFolderTree(rows);
    expect(visibleNodes(tree, new Set()).map((n) => n.id)).toEqual([1, 4, 5]);
    expect(visibleNodes(tree, new Set([1])).map((n) => n.id)).toEqual([1, 2, 4, 5]);
    expect(visibleNodes(tree, new Set([1, 2])).map((n) => n.id)).toEqual([1, 2, 3, 4, 5]);
    // An open folder under a closed one stays hidden.
    expect(visibleNodes(tree, new Set([2])).map((n) => n.id)).toEqual([1, 4, 5]);
  });
});

describe("ancestorIds", () => {
  it("lists the ancestors from the top", () => {
    expect(ancestorIds(rows, 3)).toEqual([1, 2]);
    expect(ancestorIds(rows, 1)).toEqual([]);
    expect(ancestorIds(rows, 5)).toEqual([]);
  });
});

describe("treeKeyMove", () => {
  const tree = buildFolderTree(rows);
  const open = new Set([1]);
  const visible = visibleNodes(tree, open);

  it("moves up and down through visible folders", () => {
    expect(treeKeyMove("ArrowDown", visible, 1, open)).toEqual({ kind: "focus", id: 2 });
    expect(treeKeyMove("ArrowUp", visible, 2, open)).toEqual({ kind: "focus", id: 1 });
    expect(treeKeyMove("ArrowUp", visible, 1, open)).toEqual({ kind: "none" });
    expect(treeKeyMove("End", visible, 1, open)).toEqual({ kind: "focus", id: 5 });
    expect(treeKeyMove("Home", visible, 5, open)).toEqual({ kind: "focus", id: 1 });
  });

  it("opens a closed folder, then steps into it; left closes, then goes to the parent", () => {
    expect(treeKeyMove("ArrowRight", visible, 2, open)).toEqual({ kind: "open", id: 2 });
    expect(treeKeyMove("ArrowRight", visible, 1, open)).toEqual({ kind: "focus", id: 2 });
    expect(treeKeyMove("ArrowLeft", visible, 1, open)).toEqual({ kind: "close", id: 1 });
    expect(treeKeyMove("ArrowLeft", visible, 2, open)).toEqual({ kind: "focus", id: 1 });
    expect(treeKeyMove("ArrowRight", visible, 4, open)).toEqual({ kind: "none" });
  });

  it("opens the folder on Enter", () => {
    expect(treeKeyMove("Enter", visible, 4, open)).toEqual({ kind: "activate", id: 4 });
  });
});
