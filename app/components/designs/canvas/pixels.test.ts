import { describe, expect, it } from "vitest";
import { fileSlug, meanLuminance, pixelRegion } from "./pixels";

const pixels = (...rgba: number[][]) => new Uint8ClampedArray(rgba.flat());

describe("what is behind a layer", () => {
  it("is measured as WCAG's relative luminance, averaged over its pixels", () => {
    expect(meanLuminance(pixels([0, 0, 0, 255]))).toBe(0);
    expect(meanLuminance(pixels([255, 255, 255, 255]))).toBeCloseTo(1, 6);
    expect(meanLuminance(pixels([0, 0, 0, 255], [255, 255, 255, 255]))).toBeCloseTo(0.5, 6);
    // #2F5EBC, the brand blue: dark enough for white text.
    expect(meanLuminance(pixels([0x2f, 0x5e, 0xbc, 255]))).toBeCloseTo(0.125, 2);
    expect(meanLuminance(pixels())).toBeNull();
  });

  it("counts transparent pixels as the white they show", () => {
    expect(meanLuminance(pixels([0, 0, 0, 0]))).toBeCloseTo(1, 6);
  });

  it("is read from the part of the layer inside the design", () => {
    expect(pixelRegion({ x: 100, y: 50, width: 200, height: 100 }, { width: 1000, height: 500 }, 0.5)).toEqual({ x: 50, y: 25, width: 100, height: 50 });
    expect(pixelRegion({ x: -100, y: 400, width: 300, height: 300 }, { width: 1000, height: 500 }, 1)).toEqual({ x: 0, y: 400, width: 200, height: 100 });
    expect(pixelRegion({ x: 1200, y: 0, width: 50, height: 50 }, { width: 1000, height: 500 }, 1)).toBeNull();
  });
});

describe("exported file names", () => {
  it("are the design's name in lower case with dashes", () => {
    expect(fileSlug("Summer Sale — Café!")).toBe("summer-sale-cafe");
    expect(fileSlug("  ")).toBe("design");
    expect(fileSlug(undefined)).toBe("design");
    expect(fileSlug("a".repeat(60)).length).toBe(40);
  });
});
