import { describe, expect, it } from "vitest";
import { formatBytes, formatDay } from "./format";

describe("formatBytes", () => {
  it("shows bytes as they are, larger sizes in KB, MB or GB with one decimal under 10", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1024)).toBe("1 KB");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(50 * 1024 * 1024)).toBe("50 MB");
    expect(formatBytes(3 * 1024 ** 4)).toBe("3072 GB");
  });
});

describe("formatDay", () => {
  it("shows the day in UTC, and nothing without a date", () => {
    expect(formatDay("2025-03-03T23:30:00Z")).toBe("Mar 3, 2025");
    expect(formatDay(null)).toBe("");
  });
});
