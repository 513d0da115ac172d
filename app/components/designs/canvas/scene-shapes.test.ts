import { describe, expect, it } from "vitest";
import type { Measure } from "../../../../core/designs/fit";
import { sceneSchema, type SceneInput } from "../../../../core/designs/scene";
import { fontStack, LOADING_FILL, sceneFonts, sceneSpec, type LoadedImage } from "./scene-shapes";

// Every character half the font size wide: easy to reason about, as fit.ts's tests do.
const measure: Measure = (text, font) => text.length * (font.size / 2 + font.letterSpacing);
const photo: LoadedImage = { image: "photo-bitmap", width: 2000, height: 1000 };
const logo: LoadedImage = { image: "logo-bitmap", width: 400, height: 100 };
const images = new Map([
  [7, photo],
  [9, logo],
]);
const image = (id: number) => images.get(id);

const build = (input: Partial<SceneInput>, options: { placeholders?: boolean; loaded?: boolean } = {}) =>
  sceneSpec(sceneSchema.parse({ version: 1, width: 1000, height: 1000, background: { kind: "color", color: "#FFFFFF" }, nodes: [], ...input }), {
    image: options.loaded === false ? () => undefined : image,
    measure,
    placeholders: options.placeholders,
  });

describe("what a scene draws (the stage's and the export's one description)", () => {
  it("draws the layers bottom to top, leaving hidden ones out, each in a group at its place with a box its size", () => {
    const spec = build({
      nodes: [
        { id: "a", type: "shape", shape: "rect", fill: "#111111", x: 10, y: 20, width: 100, height: 50, rotation: 30, opacity: 0.5 },
        { id: "b", type: "shape", shape: "rect", fill: "#222222", x: 0, y: 0, width: 10, height: 10, hidden: true },
        { id: "c", type: "shape", shape: "rect", fill: "#333333", x: 0, y: 0, width: 10, height: 10 },
      ],
    });
    expect(spec.nodes.map((node) => node.node.id)).toEqual(["a", "c"]);
    expect(spec.nodes[0]!.group).toEqual({ id: "a", x: 10, y: 20, rotation: 30, opacity: 0.5 });
    expect(spec.nodes[0]!.shapes[0]).toMatchObject({ key: "box", kind: "Rect", attrs: { width: 100, height: 50 } });
  });

  it("fills a photo's box without stretching: the centred crop when none is set, else the one set", () => {
    const spec = build({
      nodes: [
        { id: "p", type: "image", upload_id: 7, x: 0, y: 0, width: 500, height: 500 },
        { id: "q", type: "image", upload_id: 7, x: 0, y: 0, width: 500, height: 500, crop: { x: 0.1, y: 0.2, width: 0.25, height: 0.5 } },
      ],
    });
    expect(spec.nodes[0]!.shapes[1]).toMatchObject({ kind: "Image", attrs: { width: 500, height: 500, image: "photo-bitmap", crop: { x: 500, y: 0, width: 1000, height: 1000 } } });
    expect(spec.nodes[1]!.shapes[1]!.attrs.crop).toEqual({ x: 200, y: 200, width: 500, height: 500 });
  });

  it("shows a grey box where a photo is still loading", () => {
    const spec = build({ nodes: [{ id: "p", type: "image", upload_id: 7, x: 0, y: 0, width: 500, height: 500 }] }, { loaded: false });
    expect(spec.nodes[0]!.shapes[1]).toMatchObject({ kind: "Rect", attrs: { fill: LOADING_FILL } });
  });

  it("fits a logo inside its box, centred and uncropped; marks a logo to come only in the editor", () => {
    const nodes: SceneInput["nodes"] = [
      { id: "logo", type: "logo", variant: "Original", upload_id: 9, x: 0, y: 0, width: 200, height: 200 },
      { id: "empty", type: "logo", variant: "Original", x: 0, y: 0, width: 200, height: 100 },
    ];
    const editor = build({ nodes }, { placeholders: true });
    expect(editor.nodes[0]!.shapes[1]).toMatchObject({ kind: "Image", attrs: { x: 0, y: 75, width: 200, height: 50, image: "logo-bitmap" } });
    expect(editor.nodes[1]!.shapes.map((shape) => shape.key)).toEqual(["box", "placeholder", "placeholder-label"]);
    expect(build({ nodes }).nodes[1]!.shapes.map((shape) => shape.key)).toEqual(["box"]);
  });

  it("lays text out with fit.ts and places it in its box as vertical_align says", () => {
    const text = { id: "t", type: "text", role: "title", font_family: "Playfair Display", fill: "#111111", x: 0, y: 0, width: 200, height: 300, line_height: 1.5 } as const;
    const spec = build({
      nodes: [
        { ...text, id: "top", text: "one two three", font_size: 40, auto_fit: false },
        { ...text, id: "bottom", text: "one two three", font_size: 40, auto_fit: false, vertical_align: "bottom", font_weight: 700, italic: true, align: "right" },
        { ...text, id: "fit", text: "a very long headline indeed", font_size: 100, vertical_align: "middle" },
      ],
    });
    const [top, bottom, fit] = spec.nodes.map((node) => node.shapes[1]!.attrs);
    // 20px a character at 40px: "one two" (140) fits 200, "three" goes down.
    expect(top).toMatchObject({ text: "one two\nthree", fontSize: 40, y: 0, width: 200, wrap: "none", fontFamily: "Playfair Display, serif", fontStyle: "400", align: "left" });
    expect(bottom).toMatchObject({ y: 300 - 2 * 40 * 1.5, fontStyle: "italic 700", align: "right" });
    // Auto-fit shrinks until the lines fit the box; middle splits the room left above and below.
    const lines = (fit!.text as string).split("\n");
    const size = fit!.fontSize as number;
    expect(size).toBeLessThan(100);
    expect(lines.length * size * 1.5).toBeLessThanOrEqual(300);
    expect(fit!.y).toBeCloseTo((300 - lines.length * size * 1.5) / 2, 6);
  });

  it("draws shapes with their paint: rounded rectangles, ellipses with the gradient where CSS has it, triangles", () => {
    const spec = build({
      nodes: [
        { id: "r", type: "shape", shape: "rect", fill: "#2F5EBC", corner_radius: 500, x: 0, y: 0, width: 100, height: 40 },
        { id: "e", type: "shape", shape: "ellipse", fill: "linear-gradient(90deg, #000000, #FFFFFF)", x: 0, y: 0, width: 200, height: 100 },
        { id: "t", type: "shape", shape: "triangle", fill: "#FF0000", x: 0, y: 0, width: 100, height: 80 },
      ],
    });
    const [rect, ellipse, triangle] = spec.nodes.map((node) => node.shapes[1]!);
    expect(rect).toMatchObject({ kind: "Rect", attrs: { cornerRadius: 20, fill: "#2F5EBC" } });
    // An ellipse's own origin is its centre: the left-to-right gradient runs from its left edge to its right.
    expect(ellipse).toMatchObject({ kind: "Ellipse", attrs: { x: 100, y: 50, radiusX: 100, radiusY: 50 } });
    expect(ellipse!.attrs.fillLinearGradientStartPoint).toEqual({ x: -100, y: 0 });
    expect(ellipse!.attrs.fillLinearGradientEndPoint).toEqual({ x: 100, y: 0 });
    expect(triangle).toMatchObject({ kind: "Line", attrs: { points: [50, 0, 100, 80, 0, 80], closed: true, fill: "#FF0000" } });
  });

  it("draws an image background cropped to the frame, blurred and darkened as set", () => {
    const spec = build({ background: { kind: "image", upload_id: 7, blur: 12, darken: 0.4 } });
    expect(spec.background).toMatchObject([
      { kind: "Image", blur: 12, attrs: { width: 1000, height: 1000, crop: { x: 500, y: 0, width: 1000, height: 1000 } } },
      { kind: "Rect", attrs: { fill: "#000000", opacity: 0.4, width: 1000, height: 1000 } },
    ]);
    expect(build({ background: { kind: "gradient", gradient: "linear-gradient(180deg, #000000, #FFFFFF)" } }).background[0]!.attrs).toMatchObject({
      fillLinearGradientStartPoint: { x: 500, y: 0 },
      fillLinearGradientEndPoint: { x: 500, y: 1000 },
    });
  });

  it("names the fonts to load before drawing, each with a stand-in of its kind", () => {
    const scene = sceneSchema.parse({
      version: 1,
      width: 100,
      height: 100,
      background: { kind: "color", color: "#FFFFFF" },
      nodes: [
        { id: "a", type: "text", role: "title", text: "Hi", font_family: "Open Sans", font_weight: 700, font_size: 20, fill: "#111111", x: 0, y: 0, width: 50, height: 50 },
        { id: "b", type: "text", role: "body", text: "Hi", font_family: "Open Sans", font_weight: 700, font_size: 12, fill: "#111111", x: 0, y: 0, width: 50, height: 50 },
        { id: "c", type: "text", role: "body", text: "", font_family: "Lobster", font_size: 12, fill: "#111111", x: 0, y: 0, width: 50, height: 50 },
      ],
    });
    expect(sceneFonts(scene)).toEqual(['700 16px "Open Sans"']);
    expect(fontStack("Open Sans")).toBe("Open Sans, sans-serif");
    expect(fontStack("Fira Code")).toBe("Fira Code, monospace");
    expect(fontStack("Lobster")).toBe("Lobster, cursive");
  });
});
