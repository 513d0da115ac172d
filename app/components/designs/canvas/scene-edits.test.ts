import { describe, expect, it } from "vitest";
import { MAX_SCENE_NODES, sceneSchema, type Scene } from "../../../../core/designs/scene";
import { describeSelection, duplicateNodes, layerLabel, moveLayer, moveNodes, placeNodes, removeNodes, setNodeFlag } from "./scene-edits";

const scene = (): Scene =>
  sceneSchema.parse({
    version: 1,
    width: 1080,
    height: 1080,
    background: { kind: "color", color: "#FFFFFF" },
    nodes: [
      { id: "photo", type: "image", upload_id: 7, core: true, x: 0, y: 0, width: 1080, height: 700 },
      { id: "band", type: "shape", shape: "rect", fill: "#2F5EBC", x: 0, y: 700, width: 1080, height: 380, locked: true },
      { id: "title", type: "text", role: "title", text: "Summer sale starts on Friday at noon", font_family: "Inter", font_size: 64, fill: "#FFFFFF", x: 60, y: 760, width: 960, height: 160 },
    ],
  });

const ids = (s: Scene) => s.nodes.map((node) => node.id);

describe("editing a design's layers", () => {
  it("moves the unlocked layers it is given, leaving the scene it started from as it was", () => {
    const before = scene();
    const after = moveNodes(before, ["title", "band"], 10, -5);
    expect(after.nodes.find((n) => n.id === "title")).toMatchObject({ x: 70, y: 755 });
    expect(moveNodes(before, ["title"], 0.1, 0.2).nodes[2]).toMatchObject({ x: 60.1, y: 760.2 });
    expect(after.nodes.find((n) => n.id === "band")).toMatchObject({ x: 0, y: 700 });
    expect(before.nodes.find((n) => n.id === "title")).toMatchObject({ x: 60, y: 760 });
  });

  it("places layers where a drag or a resize left them", () => {
    const after = placeNodes(scene(), new Map([["title", { x: 1, y: 2, width: 300, height: 90, rotation: 15 }]]));
    expect(after.nodes.find((n) => n.id === "title")).toMatchObject({ x: 1, y: 2, width: 300, height: 90, rotation: 15, font_size: 64 });
  });

  it("duplicates a layer just above it, offset, with a new id, unlocked, and selects the copy", () => {
    const { scene: after, ids: copies } = duplicateNodes(scene(), ["band", "photo"]);
    expect(ids(after)).toEqual(["photo", "photo-copy", "band", "band-copy", "title"]);
    expect(copies).toEqual(["photo-copy", "band-copy"]);
    expect(after.nodes[3]).toMatchObject({ x: 20, y: 720, locked: false });
    // A copy of the main photo is an ordinary image: the image step replaces one photo only.
    expect(after.nodes[1]).toMatchObject({ type: "image", core: false });
    const again = duplicateNodes(after, ["band-copy"]);
    expect(again.ids).toEqual(["band-copy-2"]);
    expect(sceneSchema.safeParse(again.scene).success).toBe(true);
  });

  it("duplicates no further than the layer limit", () => {
    let full = scene();
    while (full.nodes.length < MAX_SCENE_NODES) full = duplicateNodes(full, [full.nodes[0]!.id]).scene;
    expect(duplicateNodes(full, ["title"]).ids).toEqual([]);
  });

  it("moves a layer up and down the stack, no further than the top or bottom", () => {
    expect(ids(moveLayer(scene(), "photo", "up"))).toEqual(["band", "photo", "title"]);
    expect(ids(moveLayer(scene(), "title", "down"))).toEqual(["photo", "title", "band"]);
    expect(ids(moveLayer(scene(), "title", "up"))).toEqual(["photo", "band", "title"]);
    expect(ids(moveLayer(scene(), "photo", "down"))).toEqual(["photo", "band", "title"]);
  });

  it("removes, hides and locks layers", () => {
    expect(ids(removeNodes(scene(), ["band", "title"]))).toEqual(["photo"]);
    expect(setNodeFlag(scene(), "title", "hidden", true).nodes[2]).toMatchObject({ hidden: true });
    expect(setNodeFlag(scene(), "band", "locked", false).nodes[1]).toMatchObject({ locked: false });
  });

  it("labels layers by name, else a text's first words, else their kind", () => {
    const [photo, band, title] = scene().nodes;
    expect(layerLabel(title!)).toBe("Summer sale starts on Friday…");
    expect(layerLabel({ ...title!, name: "Headline" })).toBe("Headline");
    expect(layerLabel(band!)).toBe("Rectangle");
    expect(layerLabel(photo!)).toBe("Main image");
  });

  it("tells a screen reader what is selected", () => {
    expect(describeSelection(scene(), [])).toBe("No layer selected.");
    expect(describeSelection(scene(), ["band", "title"])).toBe("2 layers selected.");
    expect(describeSelection(scene(), ["band"])).toBe("Selected: Rectangle, locked. 1080 by 380 pixels at 0, 700.");
  });
});
