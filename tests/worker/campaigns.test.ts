import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaignEvents, campaigns, scheduledPosts } from "../../worker/db/schema";
import { api, buildMember, buildWorkspace, db, json, tokenFor } from "../factories";

async function setup() {
  const { workspace, owner } = await buildWorkspace();
  return { workspace, owner, token: await tokenFor(owner) };
}

const brief = {
  name: "Spring roast launch",
  brief: "Our new spring roast is bright and floral. We want offices to order a tasting box.",
  goal: "Tasting box orders",
  starts_on: "2026-03-01",
  ends_on: "2026-03-15",
};

describe("campaigns", () => {
  it("a Pyramid campaign for three channels has a pillar post and derivatives within each channel's limits", async () => {
    const { workspace, token } = await setup();
    await api(`/w/${workspace.id}/brand_kits`, { method: "POST", token, body: { name: "Beanery", notes: { avoid_list: "cheap" } } });
    const response = await api(`/w/${workspace.id}/campaigns`, { method: "POST", token, body: { ...brief, strategy: "PyramidStrategy", channels: ["twitter", "linkedin", "instagram"], per_channel: 2 } });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data).toMatchObject({ strategy: "PyramidStrategy", status: "ready", channels: ["twitter", "linkedin", "instagram"] });
    expect(data.items).toHaveLength(7);
    const [pillar, ...derivatives] = data.items;
    expect(pillar).toMatchObject({ channel: null, position: 0, publish_on: "2026-03-01" });
    expect(pillar.body).toMatch(/^# /);
    for (const item of derivatives) {
      expect(item.derived_from_id).toBe(pillar.id);
      expect(item.body.length).toBeGreaterThan(0);
      expect(item.body.toLowerCase()).not.toContain("cheap");
      if (item.channel === "twitter") for (const post of item.body.split("\n\n")) expect(post.length).toBeLessThanOrEqual(280);
      if (item.channel === "instagram") expect(item.hashtags.length).toBeLessThanOrEqual(30);
    }
  });

  it("items are edited, regenerated one at a time and approved, and events are recorded", async () => {
    const { workspace, token } = await setup();
    const { data } = await json(await api(`/w/${workspace.id}/campaigns`, { method: "POST", token, body: { ...brief, strategy: "CrosspostStrategy", channels: ["facebook", "linkedin"] } }));
    const [facebook, linkedin] = data.items;
    expect(facebook.publish_on).toBe("2026-03-01");

    const edited = await json(await api(`/campaign_items/${facebook.id}`, { method: "PATCH", token, body: { body: "Try our spring roast at your next meeting." } }));
    expect(edited.data).toMatchObject({ body: "Try our spring roast at your next meeting.", status: "draft" });
    const approved = await json(await api(`/campaign_items/${facebook.id}/approve`, { method: "POST", token }));
    expect(approved.data.status).toBe("approved");

    const regenerated = await json(await api(`/campaign_items/${linkedin.id}/regenerate`, { method: "POST", token }));
    expect(regenerated.data).toMatchObject({ id: linkedin.id, channel: "linkedin", status: "draft" });
    expect(regenerated.data.body.length).toBeGreaterThan(20);
    // The other piece is untouched by regenerating this one.
    const after = await json(await api(`/campaigns/${data.id}`, { token }));
    expect(after.data.items[0]).toMatchObject({ body: "Try our spring roast at your next meeting.", status: "approved" });

    expect((await api(`/campaigns/event`, { method: "POST", token, body: { campaign_id: data.id, name: "plan.viewed", properties: { tab: "calendar" } } })).status).toBe(201);
    const events = await db.select().from(campaignEvents).where(eq(campaignEvents.campaignId, data.id));
    expect(events.map((e) => e.name).sort()).toEqual(["item.approved", "item.regenerated", "plan.viewed"]);
  });

  it("refuses bad input with 400 naming the field and creates nothing", async () => {
    const { workspace, token } = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...brief, brief: undefined, strategy: "PyramidStrategy", channels: ["twitter"] }, "brief"],
      [{ ...brief, strategy: "ViralStrategy", channels: ["twitter"] }, "strategy"],
      [{ ...brief, strategy: "PyramidStrategy", channels: ["myspace"] }, "channels.0"],
      [{ ...brief, ends_on: "2026-02-01", strategy: "PyramidStrategy", channels: ["twitter"] }, "ends_on"],
    ];
    for (const [body, field] of cases) {
      const response = await api(`/w/${workspace.id}/campaigns`, { method: "POST", token, body });
      expect(response.status, field).toBe(400);
      expect(Object.keys((await json(response)).fields), field).toEqual([field]);
    }
    const other = await buildWorkspace();
    const kit = (await json(await api(`/w/${other.workspace.id}/brand_kits`, { method: "POST", token: await tokenFor(other.owner), body: { name: "Theirs" } }))).data;
    expect((await api(`/w/${workspace.id}/campaigns`, { method: "POST", token, body: { ...brief, strategy: "CrosspostStrategy", channels: ["twitter"], brand_kit_id: kit.id } })).status).toBe(404);
    expect(await db.select().from(campaigns).where(eq(campaigns.workspaceId, workspace.id))).toEqual([]);
  });

  it("keeps campaigns inside their workspace and away from guests", async () => {
    const { workspace, token } = await setup();
    const { data } = await json(await api(`/w/${workspace.id}/campaigns`, { method: "POST", token, body: { ...brief, strategy: "EvergreenStrategy", channels: ["twitter"], per_channel: 2 } }));
    expect(data.items.map((i: { publish_on: string }) => i.publish_on)).toEqual(["2026-03-01", "2026-03-15"]);
    const guest = await buildMember(workspace, "guest");
    expect((await api(`/campaigns/${data.id}`, { token: guest.token })).status).toBe(404);
    const other = await buildWorkspace();
    const outsider = await tokenFor(other.owner);
    expect((await api(`/campaign_items/${data.items[0].id}/approve`, { method: "POST", token: outsider })).status).toBe(404);
    expect((await api(`/campaigns/event`, { method: "POST", token: outsider, body: { campaign_id: data.id, name: "plan.viewed" } })).status).toBe(404);
  });
});

describe("repurposing", () => {
  it("turns a document into a campaign whose posts use its material", async () => {
    const { workspace, owner, token } = await setup();
    const { buildArticle } = await import("../factories");
    const article = await buildArticle(workspace, owner, { title: "Harvest report", text: "Our Ethiopian growers had a record harvest with notes of jasmine and bergamot this year." });
    const response = await api(`/w/${workspace.id}/campaigns`, {
      method: "POST",
      token,
      body: { ...brief, strategy: "CrosspostStrategy", channels: ["linkedin"], repurposing: "docs_into_content", source: { type: "article", article_id: article.id } },
    });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data.items[0].body).toContain("jasmine and bergamot");
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, data.id));
    expect(row).toMatchObject({ repurposing: "docs_into_content", sourceArticleId: article.id });
  });

  it("reads a video transcript upload, and refuses a web page for video or a missing source", async () => {
    const { workspace, token } = await setup();
    const { env } = await import("cloudflare:workers");
    const { uploads } = await import("../../worker/db/schema");
    const key = `uploads/${workspace.id}/${crypto.randomUUID()}`;
    await env.UPLOADS.put(key, "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ana>Cold brew needs twelve hours in the fridge.\n");
    const [upload] = await db.insert(uploads).values({ workspaceId: workspace.id, r2Key: key, filename: "episode.vtt", contentType: "text/vtt", size: 80, status: "stored" }).returning();
    const ok = await api(`/w/${workspace.id}/campaigns`, {
      method: "POST",
      token,
      body: { ...brief, strategy: "CrosspostStrategy", channels: ["facebook"], repurposing: "video_into_content", source: { type: "file", upload_id: upload!.id } },
    });
    expect(ok.status).toBe(201);
    expect((await json(ok)).data.items[0].body).toContain("Cold brew needs twelve hours");

    const wrongType = await api(`/w/${workspace.id}/campaigns`, { method: "POST", token, body: { ...brief, strategy: "CrosspostStrategy", channels: ["facebook"], repurposing: "video_into_content", source: { type: "url", url: "https://example.com" } } });
    expect((await json(wrongType)).fields).toEqual({ "source.type": ["does not fit this kind of repurposing"] });
    const missing = await api(`/w/${workspace.id}/campaigns`, { method: "POST", token, body: { ...brief, strategy: "CrosspostStrategy", channels: ["facebook"], repurposing: "audio_into_content" } });
    expect((await json(missing)).fields).toEqual({ source: ["is needed to repurpose: a document, a web page or a transcript"] });
  });

  it("says plainly that audio needs an AI provider to be transcribed", async () => {
    const { workspace, token } = await setup();
    const { env } = await import("cloudflare:workers");
    const { uploads } = await import("../../worker/db/schema");
    const key = `uploads/${workspace.id}/${crypto.randomUUID()}`;
    await env.UPLOADS.put(key, new Uint8Array([1, 2, 3]));
    const [upload] = await db.insert(uploads).values({ workspaceId: workspace.id, r2Key: key, filename: "talk.mp3", contentType: "audio/mpeg", size: 3, status: "stored" }).returning();
    const response = await api(`/w/${workspace.id}/campaigns`, { method: "POST", token, body: { ...brief, strategy: "CrosspostStrategy", channels: ["facebook"], repurposing: "audio_into_content", source: { type: "file", upload_id: upload!.id } } });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe("Turning audio or video into text needs an AI provider. Upload a transcript (.txt, .vtt or .srt) instead.");
  });
});

describe("the statuses tab's campaign-pieces switch", () => {
  /** A Crosspost campaign for Facebook and LinkedIn, its two draft pieces short enough for the Sandbox, both posting to one Sandbox account. */
  async function campaignWithSandbox() {
    const { workspace, token } = await setup();
    const account = (await json(await api(`/w/${workspace.id}/social_accounts`, { method: "POST", token, body: { network: "sandbox", display_name: "Beanery Sandbox" } }))).data;
    const { data: campaign } = await json(await api(`/w/${workspace.id}/campaigns`, { method: "POST", token, body: { ...brief, strategy: "CrosspostStrategy", channels: ["facebook", "linkedin"] } }));
    const [facebook, linkedin] = campaign.items;
    for (const item of [facebook, linkedin]) {
      const edited = await json(await api(`/campaign_items/${item.id}`, { method: "PATCH", token, body: { body: `Spring roast tasting boxes, now on ${item.channel}.`, hashtags: [] } }));
      expect(edited.data.status).toBe("draft");
    }
    const schedule = () => api(`/campaigns/${campaign.id}/schedule`, { method: "POST", token, body: { accounts: { facebook: account.id, linkedin: account.id }, time: "09:00", time_zone: "UTC" } });
    return { workspace, token, account, facebook, linkedin, schedule };
  }

  it("on (the default): unapproved pieces are refused with 422 naming each piece's status, and go out once approved", async () => {
    const { workspace, token, account, facebook, linkedin, schedule } = await campaignWithSandbox();
    const refused = await schedule();
    expect(refused.status).toBe(422);
    expect(await json(refused)).toMatchObject({
      message: expect.stringContaining("must be approved before they are scheduled (a workspace rule)"),
      fields: { [`items.${facebook.id}.status`]: ["is not approved yet"], [`items.${linkedin.id}.status`]: ["is not approved yet"] },
    });

    expect((await api(`/campaign_items/${facebook.id}/approve`, { method: "POST", token })).status).toBe(200);
    const first = await schedule();
    expect(first.status).toBe(201);
    expect((await json(first)).data).toMatchObject({ scheduled: 1, awaiting_approval: 1 });
    // The composer, given the piece, holds it back the same way.
    const composed = { text: "Spring roast", targets: [{ account_id: account.id }], publish_at: new Date(Date.now() + 60_000).toISOString(), campaign_item_id: linkedin.id };
    const viaComposer = await api(`/w/${workspace.id}/posts`, { method: "POST", token, body: composed });
    expect(viaComposer.status).toBe(422);
    expect((await json(viaComposer)).fields).toEqual({ campaign_item_id: ["is not approved yet"] });

    expect((await api(`/campaign_items/${linkedin.id}/approve`, { method: "POST", token })).status).toBe(200);
    const second = await schedule();
    expect(second.status).toBe(201);
    expect((await json(second)).data).toMatchObject({ scheduled: 1, awaiting_approval: 0 });
    const posts = await db.select().from(scheduledPosts).where(inArray(scheduledPosts.campaignItemId, [facebook.id, linkedin.id]));
    expect(posts).toHaveLength(2);
  });

  it("off: every piece is scheduled, approved or not", async () => {
    const { workspace, token, schedule } = await campaignWithSandbox();
    const saved = await api(`/w/${workspace.id}/settings/workspace`, { method: "PUT", token, body: { statuses: { require_approval: { campaign_pieces: false } } } });
    expect(saved.status).toBe(200);
    const response = await schedule();
    expect(response.status).toBe(201);
    expect((await json(response)).data).toMatchObject({ scheduled: 2, awaiting_approval: 0 });
  });
});
