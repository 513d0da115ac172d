import { describe, expect, it } from "vitest";
import { resolutionsFrom } from "./resolutions";

describe("the merge form's conflict choices", () => {
  it("sends one resolution per chosen conflict, by its index", () => {
    const form = new FormData();
    form.append("main_revision", "7");
    form.append("conflict-0", "main");
    form.append("conflict-2", "both");
    form.append("conflict-10", "branch");
    expect(resolutionsFrom(form)).toEqual([
      { conflict: 0, choose: "main" },
      { conflict: 2, choose: "both" },
      { conflict: 10, choose: "branch" },
    ]);
  });

  it("leaves out choices that are not keep main, branch or both", () => {
    const form = new FormData();
    form.append("conflict-1", "theirs");
    form.append("conflict-x", "main");
    expect(resolutionsFrom(form)).toEqual([]);
  });
});
