import { describe, expect, it } from "vitest";
import { contrastRatio, konvaFill, luminance, parseGradient, readableTextOn } from "./paint";

describe("parseGradient", () => {
  it("reads an angle and fills in missing stop positions evenly", () => {
    expect(parseGradient("linear-gradient(135deg, #FF5F6D, #FFC371 40%, #2F5EBC, #000000)")).toEqual({
      type: "linear",
      angle: 135,
      stops: [
        { offset: 0, color: "#FF5F6D" },
        { offset: 0.4, color: "#FFC371" },
        { offset: 0.7, color: "#2F5EBC" },
        { offset: 1, color: "#000000" },
      ],
    });
  });

  it("reads side and corner keywords, and CSS's top-to-bottom default", () => {
    expect(parseGradient("linear-gradient(to right, #000000, #ffffff)")?.angle).toBe(90);
    expect(parseGradient("linear-gradient(to top left, #000000, #ffffff)")?.angle).toBe(315);
    expect(parseGradient("linear-gradient(#000000, #ffffff)")?.angle).toBe(180);
    expect(parseGradient("radial-gradient(circle, #000000 10%, #ffffff 90%)")).toMatchObject({ type: "radial", stops: [{ offset: 0.1 }, { offset: 0.9 }] });
  });

  it("is null for a colour or a gradient the brand kit would refuse", () => {
    expect(parseGradient("#2F5EBC")).toBeNull();
    expect(parseGradient("linear-gradient(90deg, red, blue)")).toBeNull();
  });
});

describe("konvaFill", () => {
  it("gives a colour as it is", () => {
    expect(konvaFill("#2F5EBC", { width: 10, height: 10 })).toMatchObject({ fill: "#2F5EBC" });
  });

  it("runs a left-to-right gradient across the box's middle", () => {
    expect(konvaFill("linear-gradient(to right, #000000, #FFFFFF)", { width: 200, height: 100 })).toMatchObject({
      fillLinearGradientStartPoint: { x: 0, y: 50 },
      fillLinearGradientEndPoint: { x: 200, y: 50 },
      fillLinearGradientColorStops: [0, "#000000", 1, "#FFFFFF"],
    });
  });

  it("runs a 135° gradient from the top-left corner to the bottom-right one, as CSS does on a square", () => {
    const fill = konvaFill("linear-gradient(135deg, #000000, #FFFFFF)", { width: 100, height: 100 });
    const start = fill.fillLinearGradientStartPoint as { x: number; y: number };
    const end = fill.fillLinearGradientEndPoint as { x: number; y: number };
    expect([start.x, start.y, end.x, end.y].map((value) => Math.round(value))).toEqual([0, 0, 100, 100]);
  });

  it("aims `to top right` so the other two corners share the middle colour on a wide box", () => {
    const fill = konvaFill("linear-gradient(to top right, #000000, #FFFFFF)", { width: 300, height: 100 });
    const start = fill.fillLinearGradientStartPoint as { x: number; y: number };
    const end = fill.fillLinearGradientEndPoint as { x: number; y: number };
    // Where a point falls along the gradient line, 0 to 1.
    const along = (x: number, y: number) => ((x - start.x) * (end.x - start.x) + (y - start.y) * (end.y - start.y)) / ((end.x - start.x) ** 2 + (end.y - start.y) ** 2);
    expect(along(0, 0)).toBeCloseTo(0.5);
    expect(along(300, 100)).toBeCloseTo(0.5);
    expect(along(0, 100)).toBeCloseTo(0);
    expect(along(300, 0)).toBeCloseTo(1);
  });

  it("draws a radial gradient from the centre out to the corners", () => {
    expect(konvaFill("radial-gradient(#FFFFFF, #000000)", { width: 60, height: 80 })).toMatchObject({
      fillRadialGradientStartPoint: { x: 30, y: 40 },
      fillRadialGradientEndRadius: 50,
      fillRadialGradientColorStops: [0, "#FFFFFF", 1, "#000000"],
    });
  });
});

describe("luminance and contrast", () => {
  it("puts black at 0, white at 1 and their contrast at 21", () => {
    expect(luminance("#000000")).toBe(0);
    expect(luminance("#FFFFFF")).toBe(1);
    expect(contrastRatio("#000000", "#ffffff")).toBe(21);
    expect(contrastRatio("#2F5EBC", "#2F5EBC")).toBe(1);
  });

  it("counts a gradient as the mean of its stops", () => {
    expect(luminance("linear-gradient(90deg, #000000, #FFFFFF)")).toBeCloseTo(0.5);
  });

  it("picks the text colour that reads best", () => {
    expect(readableTextOn("#0B1F3A")).toBe("#FFFFFF");
    expect(readableTextOn("#F6E7C1")).toBe("#111111");
    expect(readableTextOn("#FFD400", ["#FFFFFF", "#2F5EBC"])).toBe("#2F5EBC");
  });
});
