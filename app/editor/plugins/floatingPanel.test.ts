import { describe, expect, it } from "vitest";
import { placeFloating } from "./floatingPanel";

const viewport = { width: 1200, height: 800 };
const size = { width: 400, height: 44 };

describe("placeFloating", () => {
  it("centres the toolbar above the selection", () => {
    const target = { top: 300, bottom: 320, left: 500, right: 700 };
    expect(placeFloating({ target, size, viewport, prefer: "above" })).toEqual({ top: 300 - 8 - 44, left: 400, side: "above" });
  });

  it("flips below when the selection is near the top, under the sticky top bar", () => {
    const target = { top: 80, bottom: 100, left: 500, right: 700 };
    expect(placeFloating({ target, size, viewport, prefer: "above", topInset: 56 })).toEqual({ top: 108, left: 400, side: "below" });
  });

  it("opens the link editor below, and above when there is no room below", () => {
    const low = { top: 760, bottom: 780, left: 100, right: 200 };
    expect(placeFloating({ target: low, size, viewport, prefer: "below" }).side).toBe("above");
    const high = { top: 200, bottom: 220, left: 100, right: 200 };
    expect(placeFloating({ target: high, size, viewport, prefer: "below" }).side).toBe("below");
  });

  it("stays inside the viewport at the left and right edges", () => {
    const atLeft = { top: 300, bottom: 320, left: 0, right: 20 };
    expect(placeFloating({ target: atLeft, size, viewport, prefer: "above" }).left).toBe(8);
    const atRight = { top: 300, bottom: 320, left: 1180, right: 1200 };
    expect(placeFloating({ target: atRight, size, viewport, prefer: "above" }).left).toBe(1200 - 8 - 400);
  });

  it("pins itself inside the viewport when the selection is taller than the screen", () => {
    const tall = { top: -500, bottom: 1500, left: 100, right: 900 };
    const placed = placeFloating({ target: tall, size, viewport, prefer: "above", topInset: 56 });
    expect(placed.top).toBeGreaterThanOrEqual(64);
    expect(placed.top + size.height).toBeLessThanOrEqual(800 - 8);
  });
});
