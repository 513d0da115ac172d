import { describe, expect, it } from "vitest";
import { snapBox } from "./snap";

const frame = { width: 1080, height: 1080 };

describe("snapBox", () => {
  it("centres a box dragged near the frame's centre and shows both centre lines", () => {
    const snapped = snapBox({ x: 437, y: 443, width: 200, height: 200 }, [], frame, 6);
    expect(snapped).toEqual({ x: 440, y: 440, guides: { vertical: [540], horizontal: [540] } });
  });

  it("lines a box's edge up with another layer's edge within the threshold", () => {
    const other = { x: 100, y: 700, width: 300, height: 80 };
    const snapped = snapBox({ x: 404, y: 200, width: 150, height: 150 }, [other], frame, 6);
    expect(snapped.x).toBe(400);
    expect(snapped.guides.vertical).toEqual([400]);
    expect(snapped.y).toBe(200);
    expect(snapped.guides.horizontal).toEqual([]);
  });

  it("leaves a box alone when nothing is within the threshold", () => {
    const snapped = snapBox({ x: 407, y: 200, width: 150, height: 150 }, [{ x: 100, y: 700, width: 300, height: 80 }], frame, 6);
    expect(snapped).toEqual({ x: 407, y: 200, guides: { vertical: [], horizontal: [] } });
  });

  it("prefers the nearest line when two are in reach", () => {
    const snapped = snapBox({ x: 20, y: 500, width: 100, height: 40 }, [{ x: 24, y: 0, width: 10, height: 10 }], frame, 25);
    expect(snapped.x).toBe(24);
  });
});
