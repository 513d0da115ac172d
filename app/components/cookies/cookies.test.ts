import { describe, expect, it } from "vitest";
import { cookiesBlocked } from "./cookies";

function fakeDocument(keeps: boolean) {
  let jar = "";
  return {
    get cookie() {
      return jar;
    },
    set cookie(value: string) {
      if (!keeps) return;
      const [pair] = value.split(";");
      jar = value.includes("Max-Age=0") ? "" : pair!;
    },
  } as unknown as Document;
}

describe("detecting blocked cookies", () => {
  it("is not blocked when a written cookie reads back, and cleans up after itself", () => {
    const doc = fakeDocument(true);
    expect(cookiesBlocked(doc, { cookieEnabled: true } as Navigator)).toBe(false);
    expect(doc.cookie).toBe("");
  });

  it("is blocked when the browser says so", () => {
    expect(cookiesBlocked(fakeDocument(true), { cookieEnabled: false } as Navigator)).toBe(true);
  });

  it("is blocked when a written cookie does not read back", () => {
    expect(cookiesBlocked(fakeDocument(false), { cookieEnabled: true } as Navigator)).toBe(true);
  });
});
