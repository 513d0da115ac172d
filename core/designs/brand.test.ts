import { describe, expect, it } from "vitest";
import { applyBrand, type DesignBrandKit } from "./brand";
import { DESIGN_LAYOUTS } from "./formats";
import { contrastRatio } from "./paint";
import type { Scene, SceneNode } from "./scene";
import { placeCoreImage, starterScene } from "./starters";

const logo = (variant: "Original" | "Light" | "Dark", upload_id: number) => ({ variant, upload_id, filename: `${variant}.png`, content_type: "image/png", url: `/files/${upload_id}` });
const navy: DesignBrandKit = {
  id: 9,
  colors: [
    { name: "Navy", value: "#0B1F3A" },
    { name: "Coral", value: "#FF6B57" },
    { name: "Cream", value: "#F6E7C1" },
  ],
  fonts: { title: "Playfair Display", body: "Lato" },
  logos: [logo("Original", 13), logo("Light", 11), logo("Dark", 12)],
};
const cream: DesignBrandKit = { ...navy, id: 10, colors: [{ name: "Cream", value: "#F6E7C1" }, { name: "Navy", value: "#0B1F3A" }] };
const yellow: DesignBrandKit = { ...navy, id: 11, colors: [{ name: "Sun", value: "#FFC300" }, { name: "Sky", value: "#5AB0FF" }] };
const blue: DesignBrandKit = { ...navy, id: 12, colors: [{ name: "Blue", value: "#2F5EBC" }, { name: "Mint", value: "#9FE2BF" }] };

const byId = (scene: Scene, id: string) => scene.nodes.find((node) => node.id === id) as SceneNode & Record<string, unknown>;

describe("applyBrand", () => {
  it("sets each text role's font, the kit's body font where it names none for the role", () => {
    const branded = applyBrand(starterScene("header_paragraph", "instagram_square"), navy);
    expect(byId(branded, "title").font_family).toBe("Playfair Display");
    expect(byId(branded, "subtitle").font_family).toBe("Lato");
    expect(byId(branded, "body").font_family).toBe("Lato");
    expect(branded.brand_kit_id).toBe(9);
  });

  it("paints the background in the kit's first colour and shapes in their palette colour, leaving the scene it was given alone", () => {
    const scene = starterScene("header_paragraph", "instagram_square");
    const before = structuredClone(scene);
    const branded = applyBrand(scene, navy);
    expect(branded.background).toEqual({ kind: "color", color: "#0B1F3A" });
    expect(byId(branded, "accent").fill).toBe("#FF6B57");
    expect(scene).toEqual(before);
  });

  it("prefers the kit's gradient for the background", () => {
    const kit = { ...navy, colors: [...navy.colors, { name: "Dusk", value: "linear-gradient(135deg, #0B1F3A, #FF6B57)" }] };
    expect(applyBrand(starterScene("header", "x_header"), kit).background).toEqual({ kind: "gradient", gradient: "linear-gradient(135deg, #0B1F3A, #FF6B57)" });
  });

  it("picks the Light logo on a dark background and the Dark one on a light background", () => {
    const scene = starterScene("header_paragraph", "linkedin_post");
    expect(byId(applyBrand(scene, navy), "logo")).toMatchObject({ variant: "Light", upload_id: 11 });
    expect(byId(applyBrand(scene, cream), "logo")).toMatchObject({ variant: "Dark", upload_id: 12 });
  });

  it("falls back to the Original logo, and takes the logo away when the kit has none", () => {
    const scene = starterScene("header_paragraph", "linkedin_post");
    expect(byId(applyBrand(scene, { ...navy, logos: [logo("Original", 13), logo("Dark", 12)] }), "logo")).toMatchObject({ variant: "Original", upload_id: 13 });
    const withLogo = applyBrand(scene, navy);
    expect(byId(applyBrand(withLogo, { ...navy, logos: [] }), "logo")).toMatchObject({ upload_id: null });
  });

  it("keeps text readable on the colours the kit puts behind it, in every layout", () => {
    for (const kit of [navy, cream, yellow, blue]) {
      for (const format of DESIGN_LAYOUTS.header_paragraph.formats) {
        const branded = applyBrand(starterScene("header_paragraph", format), kit);
        if (branded.background.kind !== "color") throw new Error("expected a colour background");
        for (const id of ["title", "subtitle", "body"]) expect(contrastRatio(byId(branded, id).fill as string, branded.background.color), `${kit.id} ${format} ${id}`).toBeGreaterThanOrEqual(4.5);
      }
      for (const format of DESIGN_LAYOUTS.photo_post.formats) {
        const branded = applyBrand(starterScene("photo_post", format), kit);
        const band = byId(branded, "band").fill as string;
        for (const id of ["title", "subtitle"]) expect(contrastRatio(byId(branded, id).fill as string, band), `${kit.id} ${format} ${id}`).toBeGreaterThanOrEqual(4.5);
      }
      const story = applyBrand(starterScene("story", "instagram_story"), kit);
      expect(contrastRatio(byId(story, "cta").fill as string, byId(story, "cta_button").fill as string)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("uses a kit colour for text when it reads well enough", () => {
    const branded = applyBrand(starterScene("header_paragraph", "instagram_square"), cream);
    expect(byId(branded, "title").fill).toBe("#0B1F3A");
  });

  it("asks what a photo behind text looks like, and leaves the text alone when no one can say", () => {
    const scene = placeCoreImage(starterScene("video", "youtube_thumbnail"), 4, { width: 1280, height: 720 });
    const bright = applyBrand(scene, yellow, { luminanceBehind: () => 0.9 });
    expect(contrastRatio(byId(bright, "title").fill as string, "#E6E6E6")).toBeGreaterThanOrEqual(4.5);
    expect(byId(bright, "logo")).toMatchObject({ variant: "Dark" });
    expect(byId(applyBrand(scene, yellow), "title").fill).toBe(byId(scene, "title").fill);
  });
});
