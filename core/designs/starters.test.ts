import { describe, expect, it } from "vitest";
import { NETWORK_LIMITS } from "../publishing/limits";
import { DESIGN_FORMATS, DESIGN_LAYOUTS, designFormats, designLayouts } from "./formats";
import { boundsOf, isInside } from "./geometry";
import { placeCoreImage, starterScene } from "./starters";
import { FONT_FAMILIES } from "../document/fonts";

const everyStarter = designLayouts.flatMap((layout) => DESIGN_LAYOUTS[layout].formats.map((format) => ({ layout, format, scene: starterScene(layout, format) })));

describe("design formats", () => {
  it("fit their network's aspect-ratio range when they are posted in the feed", () => {
    const feed = designFormats.filter((format) => DESIGN_FORMATS[format].placement === "feed");
    expect(feed.length).toBeGreaterThan(0);
    for (const format of feed) {
      const { width, height, network } = DESIGN_FORMATS[format];
      const range = NETWORK_LIMITS[network].media.aspectRatio;
      if (!range) continue;
      expect(width / height, format).toBeGreaterThanOrEqual(range[0]);
      expect(width / height, format).toBeLessThanOrEqual(range[1]);
    }
  });
});

describe("starter scenes", () => {
  it("keep every layer inside the frame, in supported fonts, with no brand yet", () => {
    for (const { layout, format, scene } of everyStarter) {
      expect(scene.brand_kit_id).toBeNull();
      for (const node of scene.nodes) {
        expect(isInside(boundsOf(node), { width: scene.width, height: scene.height }), `${layout} ${format} ${node.id}`).toBe(true);
        if (node.type === "text") expect(FONT_FAMILIES).toContain(node.font_family);
      }
    }
  });

  it("have a grey photo slot, a logo and the text layers their layout promises", () => {
    const ids = (layout: (typeof designLayouts)[number]) => starterScene(layout, DESIGN_LAYOUTS[layout].formats[0]!).nodes.map((node) => node.id);
    expect(ids("photo_post")).toEqual(expect.arrayContaining(["photo_slot", "logo", "title", "subtitle"]));
    expect(ids("story")).toEqual(expect.arrayContaining(["photo_slot", "logo", "title", "subtitle"]));
    expect(ids("header")).toEqual(expect.arrayContaining(["logo", "title", "subtitle"]));
    expect(ids("header")).not.toContain("photo_slot");
    expect(ids("photo")).toEqual(["photo_slot", "logo"]);
    expect(ids("header_paragraph")).toEqual(expect.arrayContaining(["logo", "title", "body"]));
    const slot = starterScene("photo", "instagram_square").nodes[0];
    expect(slot).toMatchObject({ type: "shape", fill: "#D9DDE3" });
    const logo = starterScene("photo", "instagram_square").nodes.find((node) => node.id === "logo");
    expect(logo).toMatchObject({ type: "logo", upload_id: null });
  });

  it("put the given words in place of the placeholders", () => {
    const scene = starterScene("header_paragraph", "linkedin_post", { title: "Spring menu is here", body: "Twelve new dishes." });
    const texts = Object.fromEntries(scene.nodes.flatMap((node) => (node.type === "text" ? [[node.id, node.text]] : [])));
    expect(texts).toMatchObject({ title: "Spring menu is here", body: "Twelve new dishes.", subtitle: "Your name or website" });
    expect(starterScene("photo_post", "instagram_square").nodes.find((node) => node.id === "title")).toMatchObject({ text: "Your headline goes here" });
  });

  it("centre the video layout's play mark", () => {
    for (const format of DESIGN_LAYOUTS.video.formats) {
      const scene = starterScene("video", format);
      const circle = scene.nodes.find((node) => node.id === "play_circle")!;
      expect(circle.x + circle.width / 2).toBeCloseTo(scene.width / 2, -0.5);
      expect(circle.y + circle.height / 2).toBeCloseTo(scene.height / 2, -0.5);
      const mark = boundsOf(scene.nodes.find((node) => node.id === "play_triangle")!);
      expect(mark.x).toBeGreaterThan(circle.x);
      expect(mark.x + mark.width).toBeLessThan(circle.x + circle.width);
      expect(Math.abs(mark.y + mark.height / 2 - scene.height / 2)).toBeLessThanOrEqual(1);
    }
  });

  it("keep a header's text clear of the profile picture in the lower left", () => {
    for (const format of DESIGN_LAYOUTS.header.formats) {
      const scene = starterScene("header", format);
      for (const node of scene.nodes.filter((node) => node.type === "text")) expect(node.x, format).toBeGreaterThanOrEqual(0.25 * scene.width);
    }
  });

  it("keep a story's button above the reply bar Instagram draws over the bottom", () => {
    const scene = starterScene("story", "instagram_story");
    const button = scene.nodes.find((node) => node.id === "cta_button")!;
    expect(button.y + button.height).toBeLessThanOrEqual(scene.height * 0.87 + 1);
  });
});

describe("placeCoreImage", () => {
  const aspect = (crop: { width: number; height: number }, natural: { width: number; height: number }) => (crop.width * natural.width) / (crop.height * natural.height);

  it("fills the photo slot's box with a crop of the same aspect, on the slot's layer", () => {
    const scene = starterScene("story", "instagram_story");
    const natural = { width: 4032, height: 3024 };
    const placed = placeCoreImage(scene, 42, natural);
    const index = scene.nodes.findIndex((node) => node.id === "photo_slot");
    const image = placed.nodes[index]!;
    expect(image).toMatchObject({ type: "image", upload_id: 42, core: true, x: 0, y: 0, width: 1080 });
    if (image.type !== "image" || !image.crop) throw new Error("expected a cropped image");
    expect(aspect(image.crop, natural)).toBeCloseTo(image.width / image.height);
    expect(placed.nodes.some((node) => node.id === "photo_slot")).toBe(false);
  });

  it("replaces the current photo rather than adding another", () => {
    const once = placeCoreImage(starterScene("photo", "instagram_square"), 1, { width: 100, height: 100 });
    const twice = placeCoreImage(once, 2, { width: 300, height: 100 });
    const images = twice.nodes.filter((node) => node.type === "image");
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ upload_id: 2, crop: { x: expect.closeTo(1 / 3), width: expect.closeTo(1 / 3), height: 1 } });
  });

  it("adds a full-frame photo under everything when the layout has no photo", () => {
    const scene = starterScene("header", "x_header");
    const placed = placeCoreImage(scene, 7, { width: 3000, height: 1000 });
    expect(placed.nodes[0]).toMatchObject({ type: "image", x: 0, y: 0, width: 1500, height: 500, crop: { x: 0, y: 0, width: 1, height: 1 } });
    expect(placed.nodes.slice(1)).toEqual(scene.nodes);
  });
});
