import { describe, expect, it } from "vitest";
import { planCampaign, spreadDates } from "./campaigns";

describe("campaign plans", () => {
  it("spreads dates evenly over the campaign, first and last day included", () => {
    expect(spreadDates("2026-12-01", "2026-12-31", 4)).toEqual(["2026-12-01", "2026-12-11", "2026-12-21", "2026-12-31"]);
    expect(spreadDates("2026-12-01", "2026-12-01", 3)).toEqual(["2026-12-01", "2026-12-01", "2026-12-01"]);
  });

  it("Pyramid: a pillar first, then derivatives per channel cut from it, after the pillar", () => {
    const items = planCampaign({ strategy: "PyramidStrategy", channels: ["linkedin", "twitter", "instagram"], startsOn: "2026-12-01", endsOn: "2026-12-09", perChannel: 2 });
    expect(items[0]).toMatchObject({ channel: null, derivedFrom: null, publishOn: "2026-12-01" });
    expect(items).toHaveLength(1 + 3 * 2);
    expect(items.slice(1).every((item) => item.derivedFrom === 0 && item.publishOn > "2026-12-01")).toBe(true);
    expect(items.map((item) => item.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("Crosspost: one piece per channel on the first day; Evergreen: recurring posts per channel", () => {
    expect(planCampaign({ strategy: "CrosspostStrategy", channels: ["facebook", "linkedin"], startsOn: "2026-12-01", endsOn: "2026-12-31" }).map((i) => [i.channel, i.publishOn])).toEqual([
      ["facebook", "2026-12-01"],
      ["linkedin", "2026-12-01"],
    ]);
    const evergreen = planCampaign({ strategy: "EvergreenStrategy", channels: ["twitter"], startsOn: "2026-12-01", endsOn: "2026-12-21", perChannel: 3 });
    expect(evergreen.map((i) => i.publishOn)).toEqual(["2026-12-01", "2026-12-11", "2026-12-21"]);
    expect(new Set(evergreen.map((i) => i.angle)).size).toBe(3);
  });
});
