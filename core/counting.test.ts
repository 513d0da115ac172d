import { describe, expect, it } from "vitest";
import { count, DAY_MS, duration, every, formatNumber, MINUTE_MS, nounFor, per, relativeTime } from "./counting";

describe("count", () => {
  it("says 0 posts, 1 post, 2 posts and 1,000 posts", () => {
    expect([0, 1, 2, 1000].map((n) => count(n, "post"))).toEqual(["0 posts", "1 post", "2 posts", "1,000 posts"]);
  });

  it("takes an irregular plural as given", () => {
    expect([0, 1, 2, 1000].map((n) => count(n, ["person", "people"]))).toEqual(["0 people", "1 person", "2 people", "1,000 people"]);
  });

  it("carries a verb that agrees with the number", () => {
    expect(count(1, ["todo is", "todos are"])).toBe("1 todo is");
    expect(count(2, ["todo is", "todos are"])).toBe("2 todos are");
  });

  it("treats a fraction as plural and groups large numbers", () => {
    expect(count(1.5, "hour")).toBe("1.5 hours");
    expect(count(1_234_567, "character")).toBe("1,234,567 characters");
    expect(formatNumber(65_536)).toBe("65,536");
  });

  it("gives the noun alone for sentences that put the number elsewhere", () => {
    expect(nounFor(1, ["address", "addresses"])).toBe("address");
    expect(nounFor(0, ["address", "addresses"])).toBe("addresses");
  });
});

describe("lengths of time", () => {
  it("says 0, 1, 2 and 1,000 of a unit", () => {
    expect([0, 1, 2, 1000].map((n) => duration(n * 3_600_000))).toEqual(["0 seconds", "1 hour", "2 hours", "1,000 hours"]);
    expect(duration(MINUTE_MS)).toBe("1 minute");
    expect(duration(1_000)).toBe("1 second");
    expect(duration(200)).toBe("200 milliseconds");
  });

  it("keeps the largest unit that measures the time exactly", () => {
    expect(duration(90 * MINUTE_MS)).toBe("90 minutes");
    expect(duration(24 * 60 * MINUTE_MS)).toBe("1 day");
    expect(duration(1_500)).toBe("1.5 seconds");
  });

  it("says a rate as per hour, never per 1 hour", () => {
    expect(per(60 * MINUTE_MS)).toBe("per hour");
    expect(per(MINUTE_MS)).toBe("per minute");
    expect(per(24 * 60 * MINUTE_MS)).toBe("per day");
    expect(per(2 * 60 * MINUTE_MS)).toBe("per 2 hours");
    expect(per(90 * MINUTE_MS)).toBe("per 90 minutes");
    expect(every(DAY_MS)).toBe("every day");
    expect(every(3 * DAY_MS)).toBe("every 3 days");
  });

  it("says a time ahead or behind", () => {
    expect(relativeTime(60 * MINUTE_MS)).toBe("in 1 hour");
    expect(relativeTime(2 * MINUTE_MS)).toBe("in 2 minutes");
    expect(relativeTime(-DAY_MS)).toBe("1 day ago");
    expect(relativeTime(-4 * DAY_MS)).toBe("4 days ago");
  });
});
