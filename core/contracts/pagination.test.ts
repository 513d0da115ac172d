import { describe, expect, it } from "vitest";
import { pageMeta, pageQuery, pageWindow } from "./pagination";

describe("pageQuery", () => {
  it("defaults to page 1 of 50 and reads numbers from the query string", () => {
    expect(pageQuery.parse({})).toEqual({ page: 1, per_page: 50 });
    expect(pageQuery.parse({ page: "3", per_page: "100" })).toEqual({ page: 3, per_page: 100 });
  });

  it("refuses pages below 1 and page sizes outside 1 to 100, naming the field", () => {
    for (const [query, field] of [
      [{ page: "0" }, "page"],
      [{ page: "1.5" }, "page"],
      [{ per_page: "0" }, "per_page"],
      [{ per_page: "101" }, "per_page"],
      [{ per_page: "many" }, "per_page"],
    ] as const) {
      const result = pageQuery.safeParse(query);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual([field]);
    }
  });
});

describe("pageMeta and pageWindow", () => {
  it("say whether more follows and which rows a page holds", () => {
    expect(pageMeta({ page: 1, per_page: 2 }, 3)).toEqual({ page: 1, per_page: 2, total: 3, has_more: true });
    expect(pageMeta({ page: 2, per_page: 2 }, 3)).toMatchObject({ has_more: false });
    expect(pageMeta({ page: 1, per_page: 2 }, 2)).toMatchObject({ has_more: false });
    expect(pageWindow({ page: 3, per_page: 20 })).toEqual({ limit: 20, offset: 40 });
  });
});
