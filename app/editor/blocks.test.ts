import { describe, expect, it } from "vitest";
import { BLOCKS, filterBlocks } from "./blocks";

describe("the block catalogue", () => {
  it("offers every block, each with a unique id", () => {
    const ids = BLOCKS.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ["paragraph", "heading-1", "heading-6", "bulleted-list", "numbered-list", "check-list", "vote-list", "toggle", "quote", "box", "code", "table", "columns-2", "divider", "table-of-contents", "image", "embed-frame", "card", "download"]) {
      expect(ids).toContain(id);
    }
  });

  it("ranks title prefixes before keyword matches", () => {
    expect(filterBlocks("ta").map((b) => b.id).slice(0, 2)).toEqual(["table", "table-of-contents"]);
    expect(filterBlocks("todo").map((b) => b.id)).toEqual(["check-list"]);
    expect(filterBlocks("h2").map((b) => b.id)).toEqual(["heading-2"]);
  });

  it("lists everything for an empty query and nothing for nonsense", () => {
    expect(filterBlocks("")).toHaveLength(BLOCKS.length);
    expect(filterBlocks("zzzz")).toEqual([]);
  });
});
