import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from "../enums";
import { baseContentType, fileKindOf, uploadProblem } from "./files";

describe("uploadProblem (checked in the browser before sending, and again by the API)", () => {
  it("refuses a file over 50 MB with the limit message", () => {
    expect(uploadProblem({ size: MAX_UPLOAD_BYTES + 1, type: "image/png" })).toBe(UPLOAD_TOO_LARGE_MESSAGE);
    expect(uploadProblem({ size: MAX_UPLOAD_BYTES, type: "image/png" })).toBeNull();
  });

  it("refuses types outside the allow-list", () => {
    expect(uploadProblem({ size: 10, type: "text/html" })).toMatch(/can't be uploaded/);
    expect(uploadProblem({ size: 10, type: "" })).toMatch(/can't be uploaded/);
  });

  it("reads a content type without its parameters or case", () => {
    expect(baseContentType("Text/Plain; charset=UTF-8")).toBe("text/plain");
    expect(fileKindOf("application/pdf")).toBe("document");
    expect(fileKindOf("video/mp4")).toBe("video");
  });
});
