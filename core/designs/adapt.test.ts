import { describe, expect, it } from "vitest";
import { adaptScene } from "./adapt";
import { DESIGN_FORMATS, DESIGN_LAYOUTS, designFormats, designLayouts } from "./formats";
import { boundsOf, isFullBleed, isInside } from "./geometry";
import { sceneSchema } from "./scene";
import { placeCoreImage, starterScene } from "./starters";

describe("adaptScene", () => {
  it("keeps every layer that was inside the frame inside it, at every other size, and stays a valid scene", () => {
    for (const layout of designLayouts) {
      for (const format of DESIGN_LAYOUTS[layout].formats) {
        const scene = starterScene(layout, format);
        for (const target of designFormats) {
          const { width, height } = DESIGN_FORMATS[target];
          const adapted = adaptScene(scene, width, height);
          expect(sceneSchema.safeParse(adapted).success, `${layout} ${format} → ${target}`).toBe(true);
          for (const node of adapted.nodes) expect(isInside(boundsOf(node), { width, height }), `${layout} ${format} → ${target}: ${node.id}`).toBe(true);
        }
      }
    }
  });

  it("keeps a full-frame photo full-frame and recrops it to the new aspect around the same point", () => {
    const natural = { width: 3000, height: 2000 };
    const square = placeCoreImage(starterScene("photo", "instagram_square"), 5, natural);
    const wide = adaptScene(square, 1584, 396);
    const photo = wide.nodes[0]!;
    expect(isFullBleed(photo, { width: 1584, height: 396 })).toBe(true);
    if (photo.type !== "image" || !photo.crop) throw new Error("expected a cropped image");
    expect((photo.crop.width * natural.width) / (photo.crop.height * natural.height)).toBeCloseTo(1584 / 396);
    expect(photo.crop.y + photo.crop.height / 2).toBeCloseTo(0.5);
  });

  it("scales text with its box and keeps a band across the bottom at the bottom", () => {
    const scene = starterScene("photo_post", "instagram_square");
    const adapted = adaptScene(scene, 1080, 1350);
    const band = adapted.nodes.find((node) => node.id === "band")!;
    expect(band).toMatchObject({ x: 0, width: 1080 });
    expect(band.y + band.height).toBeCloseTo(1350);
    const half = adaptScene(scene, 540, 540);
    const title = (s: typeof scene) => s.nodes.find((node) => node.id === "title");
    expect(title(half)).toMatchObject({ font_size: (title(scene) as { font_size: number }).font_size / 2 });
  });

  it("keeps a corner logo in its corner", () => {
    const scene = starterScene("photo", "instagram_square");
    const logo = scene.nodes.find((node) => node.id === "logo")!;
    const wide = adaptScene(scene, 1600, 900).nodes.find((node) => node.id === "logo")!;
    const scale = 900 / 1080;
    expect(1600 - (wide.x + wide.width)).toBeCloseTo((1080 - (logo.x + logo.width)) * scale, 0);
    expect(900 - (wide.y + wide.height)).toBeCloseTo((1080 - (logo.y + logo.height)) * scale, 0);
  });
});
