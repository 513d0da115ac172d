import { describe, expect, it } from "vitest";
import { boundsOf, coverCrop } from "./geometry";

describe("coverCrop", () => {
  it("keeps a wide photo's full height and centres the width it keeps", () => {
    const crop = coverCrop({ width: 4000, height: 2000 }, { width: 100, height: 100 });
    expect(crop).toEqual({ x: 0.25, y: 0, width: 0.5, height: 1 });
  });

  it("keeps a tall photo's full width and moves towards the focus without leaving the image", () => {
    expect(coverCrop({ width: 1000, height: 3000 }, { width: 200, height: 100 }, { x: 0.5, y: 0.05 })).toEqual({ x: 0, y: 0, width: 1, height: expect.closeTo(1 / 6) });
    const low = coverCrop({ width: 1000, height: 3000 }, { width: 200, height: 100 }, { x: 0.5, y: 0.7 });
    expect(low.y).toBeCloseTo(0.7 - 1 / 12);
  });

  it("takes the whole image when it already has the box's aspect", () => {
    expect(coverCrop({ width: 1600, height: 900 }, { width: 320, height: 180 })).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });
});

describe("boundsOf", () => {
  it("turns a node about its top-left corner, as Konva does", () => {
    const bounds = boundsOf({ x: 100, y: 50, width: 40, height: 20, rotation: 90 });
    expect(bounds.x).toBeCloseTo(80);
    expect(bounds.y).toBeCloseTo(50);
    expect(bounds.width).toBeCloseTo(20);
    expect(bounds.height).toBeCloseTo(40);
  });
});
