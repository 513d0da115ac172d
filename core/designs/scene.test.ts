import { describe, expect, it } from "vitest";
import { DESIGN_FORMATS, DESIGN_LAYOUTS, designLayouts } from "./formats";
import { sceneSchema } from "./scene";
import { starterScene } from "./starters";

/** Every path zod names in its refusal, as "nodes.1.font_family". */
const refusedPaths = (input: unknown) => {
  const result = sceneSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("the scene schema", () => {
  it("accepts every starter of every layout at each of its sizes", () => {
    for (const layout of designLayouts) {
      for (const format of DESIGN_LAYOUTS[layout].formats) {
        const scene = starterScene(layout, format);
        expect(refusedPaths(scene), `${layout} at ${format}`).toEqual([]);
        expect([scene.width, scene.height]).toEqual([DESIGN_FORMATS[format].width, DESIGN_FORMATS[format].height]);
      }
    }
  });

  it("refuses a bad layer with a message naming its path", () => {
    const scene = starterScene("header_paragraph", "instagram_square");
    const nodes = scene.nodes.map((node) => (node.id === "title" ? { ...node, font_family: "Comic Sans MS" } : node));
    const at = nodes.findIndex((node) => node.id === "title");
    expect(refusedPaths({ ...scene, nodes })).toEqual([`nodes.${at}.font_family: must be one of the supported fonts`]);
  });

  it("refuses a colour that is not a paint, a crop outside the image and two layers with one id", () => {
    const scene = starterScene("photo_post", "instagram_square");
    expect(refusedPaths({ ...scene, background: { kind: "color", color: "red" } })).toEqual(["background.color: must be a hex colour such as #2F5EBC"]);
    const image = { id: "photo", type: "image", x: 0, y: 0, width: 10, height: 10, upload_id: 3, crop: { x: 0.5, y: 0, width: 0.6, height: 1 } };
    expect(refusedPaths({ ...scene, nodes: [image] })).toEqual(["nodes.0.crop: must lie inside the image"]);
    expect(refusedPaths({ ...scene, nodes: [scene.nodes[0], scene.nodes[0]] })).toEqual(["nodes: has two layers with the same id"]);
  });
});
