import { describe, expect, it } from "vitest";
import { MIN_COLUMN_WIDTH, resizeColumn } from "./colwidths";

describe("resizing a table column", () => {
  it("widens one column and fills unset widths with the 128px default", () => {
    expect(resizeColumn(undefined, 3, 1, 40)).toEqual([128, 168, 128]);
    expect(resizeColumn([100, 200], 3, 0, -20.4)).toEqual([80, 200, 128]);
  });

  it("never goes below the minimum and ignores a column that does not exist", () => {
    expect(resizeColumn([100], 1, 0, -500)).toEqual([MIN_COLUMN_WIDTH]);
    expect(resizeColumn([100, 100], 2, 5, 10)).toEqual([100, 100]);
  });
});
