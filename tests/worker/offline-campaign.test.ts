import { describe, expect, it } from "vitest";
import { planCampaign } from "../../core/content/campaigns";
import { CORPUS, WORKSPACES } from "../../core/content/offline/briefs.corpus";
import { sentenceKey } from "../../core/content/offline/writer";
import { offlineProvider } from "../../worker/services/ai/offline";
import { writeCampaign } from "../../worker/services/campaign-writer";

const launch = CORPUS.find((entry) => entry.brief.startsWith("Our new oat-milk cold brew"))!;
const writer = { provider: offlineProvider(), voice: WORKSPACES.fernhill, passages: launch.passages };
const campaign = { name: "Cold brew launch", brief: `${launch.brief}. Office workers are the people we most want to reach.`, goal: "First-week sales" };
const plan = planCampaign({ strategy: "PyramidStrategy", channels: ["twitter", "linkedin", "instagram", "facebook"], startsOn: "2026-03-01", endsOn: "2026-03-31", perChannel: 2 });

describe("an offline campaign", () => {
  it("repeats no sentence between its channel pieces, and cites the workspace's knowledge", async () => {
    const items = await writeCampaign(writer, campaign, plan);
    const pieces = items.filter((item) => plan[item.position]!.channel !== null);
    expect(pieces).toHaveLength(8);
    const seen = new Map<string, number>();
    for (const piece of pieces) {
      expect(piece.body.length).toBeGreaterThan(20);
      for (const key of new Set(piece.body.split(/(?<=[.!?])\s+|\n+/).map(sentenceKey))) {
        if (key.split(" ").length < 3) continue;
        expect(seen.get(key), `“${key}” in pieces ${seen.get(key)} and ${piece.position}`).toBeUndefined();
        seen.set(key, piece.position);
      }
    }
    expect(pieces.filter((piece) => /\[\d\]/.test(piece.body)).length).toBeGreaterThanOrEqual(4);
    expect(items.find((item) => plan[item.position]!.channel === null)!.body).toMatch(/^# .*cold brew/im);
  });

  it("writes a regenerated piece differently", async () => {
    const position = plan.find((item) => item.channel === "linkedin")!.position;
    const bodies = new Set<string>();
    for (let i = 0; i < 3; i++) bodies.add((await writeCampaign(writer, campaign, plan, new Set([position])))[0]!.body);
    expect(bodies.size).toBeGreaterThan(1);
  });
});
