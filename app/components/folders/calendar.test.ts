import { describe, expect, it } from "vitest";
import { calendarTitle, dayKey, dayOf, monthGrid, parseDay, placeByDay, shiftAnchor, weekDays } from "./calendar";

const day = (iso: string) => parseDay(iso, new Date(0));

describe("monthGrid", () => {
  it("covers the month in whole weeks starting on Monday", () => {
    const weeks = monthGrid(day("2024-05-15"));
    expect(weeks).toHaveLength(5);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(dayKey(weeks[0]![0]!)).toBe("2024-04-29");
    expect(dayKey(weeks[4]![6]!)).toBe("2024-06-02");
  });

  it("handles a month that starts on a Monday and one spanning six weeks", () => {
    expect(dayKey(monthGrid(day("2024-04-10"))[0]![0]!)).toBe("2024-04-01");
    expect(monthGrid(day("2024-09-01"))).toHaveLength(6);
  });
});

describe("weeks and moving", () => {
  it("lists the week's days from Monday", () => {
    expect(weekDays(day("2024-05-31")).map(dayKey)).toEqual([
      "2024-05-27", "2024-05-28", "2024-05-29", "2024-05-30", "2024-05-31", "2024-06-01", "2024-06-02",
    ]);
  });

  it("moves a month or a week at a time", () => {
    expect(dayKey(shiftAnchor("month_view", day("2024-01-31"), 1))).toBe("2024-02-29");
    expect(dayKey(shiftAnchor("week_view", day("2024-05-31"), -1))).toBe("2024-05-24");
  });

  it("titles the month and the week", () => {
    expect(calendarTitle("month_view", day("2024-05-31"))).toBe("May 2024");
    expect(calendarTitle("week_view", day("2024-05-31"))).toBe("27 May – 2 Jun 2024");
    expect(calendarTitle("week_view", day("2024-12-31"))).toBe("30 Dec 2024 – 5 Jan 2025");
  });
});

describe("parseDay", () => {
  it("falls back for missing or impossible dates", () => {
    const today = new Date(2024, 4, 1);
    expect(parseDay(null, today)).toBe(today);
    expect(parseDay("2024-02-30", today)).toBe(today);
    expect(parseDay("yesterday", today)).toBe(today);
  });
});

describe("placing documents", () => {
  it("keeps plain dates as they are and puts timestamps on their local day", () => {
    expect(dayOf("2024-05-31")).toBe("2024-05-31");
    const stamp = new Date(2024, 4, 31, 23, 30).toISOString();
    expect(dayOf(stamp)).toBe("2024-05-31");
    expect(dayOf(null)).toBeNull();
    expect(dayOf("not a date")).toBeNull();
  });

  it("groups items by day and leaves out undated ones", () => {
    const items = [{ id: 1, at: "2024-05-01" }, { id: 2, at: null }, { id: 3, at: "2024-05-01" }, { id: 4, at: "2024-05-02" }];
    const placed = placeByDay(items, (item) => item.at);
    expect(placed.get("2024-05-01")!.map((i) => i.id)).toEqual([1, 3]);
    expect(placed.size).toBe(2);
  });
});
