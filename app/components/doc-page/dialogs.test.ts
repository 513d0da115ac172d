import { describe, expect, it } from "vitest";
import { dialogHref, openDialog } from "./dialogs";

describe("document dialogs in the address", () => {
  it("opens one dialog at a time and keeps other query parameters", () => {
    expect(dialogHref({ pathname: "/docs/plan-1", search: "" }, "share")).toBe("/docs/plan-1?share");
    expect(dialogHref({ pathname: "/docs/plan-1", search: "?move&tab=x" }, "share")).toBe("/docs/plan-1?tab=x&share");
  });

  it("reads which dialog the address opens", () => {
    expect(openDialog("?share")).toBe("share");
    expect(openDialog("?tab=x&archive=")).toBe("archive");
    expect(openDialog("?tab=x")).toBeNull();
  });
});
