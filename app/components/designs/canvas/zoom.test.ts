import { describe, expect, it } from "vitest";
import { fitZoom, layoutView, stepZoom, wheelZoom, ZOOM_MAX, ZOOM_MIN } from "./zoom";

describe("the canvas's zoom", () => {
  it("fits the whole design inside the viewport", () => {
    expect(fitZoom({ width: 1080, height: 1920 }, { width: 400, height: 632 })).toBeCloseTo(600 / 1920, 5);
    expect(fitZoom({ width: 1584, height: 396 }, { width: 375, height: 400 })).toBeCloseTo(343 / 1584, 5);
  });

  it("centres a design smaller than the viewport and scrolls one larger", () => {
    expect(layoutView({ width: 1000, height: 1000 }, { width: 800, height: 600 }, 0.5)).toEqual({ originX: 150, originY: 50, contentWidth: 800, contentHeight: 600 });
    expect(layoutView({ width: 1000, height: 1000 }, { width: 800, height: 600 }, 2)).toEqual({ originX: 16, originY: 16, contentWidth: 2032, contentHeight: 2032 });
  });

  it("steps through round values and stays within its limits", () => {
    expect(stepZoom(0.42, 1)).toBe(0.5);
    expect(stepZoom(0.5, -1)).toBe(0.33);
    expect(stepZoom(ZOOM_MAX, 1)).toBe(ZOOM_MAX);
    expect(stepZoom(ZOOM_MIN, -1)).toBe(ZOOM_MIN);
    expect(wheelZoom(1, -100)).toBeGreaterThan(1);
    expect(wheelZoom(1, 100)).toBeLessThan(1);
    expect(wheelZoom(ZOOM_MAX, -300)).toBe(ZOOM_MAX);
  });
});
