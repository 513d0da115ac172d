import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adCampaigns, adInsightDays, uploads } from "../../worker/db/schema";
import { syncAdCampaigns } from "../../worker/cron/tasks";
import { sandboxAdsProvider } from "../../worker/services/ads/providers/sandbox";
import { mapMetaError, metaAdsProvider, minorFromDecimal } from "../../worker/services/ads/providers/meta";
import type { AdsProviderContext, LaunchSpec } from "../../worker/services/ads/providers/types";
import { api, buildMember, buildWorkspace, db, json, tokenFor } from "../factories";

const DAY = 86_400_000;

async function setup() {
  const { workspace, owner } = await buildWorkspace();
  return { workspace, owner, token: await tokenFor(owner), ws: `/w/${workspace.id}` };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A complete wizard: every step saved for a Traffic campaign on the Sandbox. */
async function fillWizard(ws: string, token: string, id: number, overrides: { budget?: unknown } = {}) {
  const now = Date.now();
  const steps: [string, unknown][] = [
    ["objective", { objective: "OUTCOME_TRAFFIC", name: "Spring roast ads" }],
    ["categories", { special_ad_categories: ["NONE"] }],
    ["audience", { locations: [{ type: "country", key: "FR", name: "France" }], age_min: 25, age_max: 54 }],
    ["placements", { automatic: false, placements: ["facebook_feed", "instagram_feed"] }],
    ["budget", overrides.budget ?? { budget: { type: "daily", amount_minor: 1000, currency: "USD" }, schedule: { start: iso(now), end: iso(now + 10 * DAY) } }],
    ["creatives", { creatives: [{ primary_text: "Bright, floral, roasted this week.", headline: "Try the spring roast", link_url: "https://beanery.example/spring", call_to_action: "SHOP_NOW" }] }],
  ];
  for (const [step, body] of steps) {
    const response = await api(`${ws}/ads/campaigns/${id}/steps/${step}`, { method: "PATCH", token, body });
    expect(response.status, `${step}: ${await response.clone().text()}`).toBe(200);
  }
}

async function draft(ws: string, token: string, body: unknown = {}) {
  const response = await api(`${ws}/ads/campaigns`, { method: "POST", token, body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json(response)).data;
}

afterEach(() => vi.restoreAllMocks());

describe("paid ads: the wizard", () => {
  it("starts a blank draft on the Sandbox ads account, saves each step and resumes where it was left", async () => {
    const { ws, token } = await setup();
    const campaign = await draft(ws, token);
    expect(campaign).toMatchObject({ status: "draft", objective: null, ad_account: { network: "sandbox", name: "Sandbox ads account", sandbox: true, currency: "USD" } });
    expect(campaign.steps.every((step: { complete: boolean }) => !step.complete)).toBe(true);

    const saved = await api(`${ws}/ads/campaigns/${campaign.id}/steps/objective`, { method: "PATCH", token, body: { objective: "OUTCOME_LEADS" } });
    expect(saved.status).toBe(200);
    const resumed = (await json(await api(`${ws}/ads/campaigns/${campaign.id}`, { token }))).data;
    expect(resumed).toMatchObject({ objective: "OUTCOME_LEADS", result_label: "leads", draft: { objective: { objective: "OUTCOME_LEADS" }, audience: null } });
    expect(resumed.steps.find((step: { step: string }) => step.step === "objective").complete).toBe(true);
    expect(resumed.steps.find((step: { step: string }) => step.step === "audience").complete).toBe(false);
  });

  it("refuses a wrong step with 400 naming its fields and keeps the draft as it was", async () => {
    const { ws, token } = await setup();
    const campaign = await draft(ws, token);
    const wrong = await api(`${ws}/ads/campaigns/${campaign.id}/steps/objective`, { method: "PATCH", token, body: { objective: "OUTCOME_FAME" } });
    expect(wrong.status).toBe(400);
    expect(Object.keys((await json(wrong)).fields)).toEqual(["objective"]);
    const app = await api(`${ws}/ads/campaigns/${campaign.id}/steps/objective`, { method: "PATCH", token, body: { objective: "OUTCOME_APP_PROMOTION" } });
    expect(app.status).toBe(400);
    expect((await json(app)).fields.app_store_url[0]).toMatch(/App Store or Google Play/);
    expect((await json(await api(`${ws}/ads/campaigns/${campaign.id}`, { token }))).data.draft.objective).toBeNull();
  });

  it("HOUSING locks age and gender and refuses a ZIP code or a small radius", async () => {
    const { ws, token } = await setup();
    const campaign = await draft(ws, token);
    expect((await api(`${ws}/ads/campaigns/${campaign.id}/steps/categories`, { method: "PATCH", token, body: { special_ad_categories: ["HOUSING"] } })).status).toBe(200);
    const narrow = await api(`${ws}/ads/campaigns/${campaign.id}/steps/audience`, {
      method: "PATCH",
      token,
      body: {
        locations: [
          { type: "zip", key: "US:94304", name: "Palo Alto 94304" },
          { type: "city", key: "2420379", name: "San Francisco", radius_miles: 10 },
        ],
        age_min: 30,
        age_max: 50,
        genders: "women",
      },
    });
    expect(narrow.status).toBe(400);
    const { fields } = await json(narrow);
    expect(Object.keys(fields).sort()).toEqual(["age_max", "age_min", "genders", "locations.0.type", "locations.1.radius_miles"]);
    expect(fields["locations.0.type"][0]).toMatch(/ZIP/);
    expect(fields["locations.1.radius_miles"][0]).toMatch(/15 miles/);
    const broad = await api(`${ws}/ads/campaigns/${campaign.id}/steps/audience`, {
      method: "PATCH",
      token,
      body: { locations: [{ type: "city", key: "2420379", name: "San Francisco", radius_miles: 15 }] },
    });
    expect(broad.status).toBe(200);
  });

  it("each special category has its rules: NONE alone, politics needs its authorization noted", async () => {
    const { ws, token } = await setup();
    const campaign = await draft(ws, token);
    const path = `${ws}/ads/campaigns/${campaign.id}/steps/categories`;
    const mixed = await api(path, { method: "PATCH", token, body: { special_ad_categories: ["NONE", "EMPLOYMENT"] } });
    expect((await json(mixed)).fields.special_ad_categories[0]).toMatch(/NONE cannot be combined/);
    const politics = await api(path, { method: "PATCH", token, body: { special_ad_categories: ["ISSUES_ELECTIONS_POLITICS"] } });
    expect(Object.keys((await json(politics)).fields).sort()).toEqual(["paid_for_by", "political_authorization"]);
    expect((await api(path, { method: "PATCH", token, body: { special_ad_categories: ["ISSUES_ELECTIONS_POLITICS"], political_authorization: true, paid_for_by: "Citizens for Parks" } })).status).toBe(200);
    for (const category of ["EMPLOYMENT", "FINANCIAL_PRODUCTS_SERVICES"]) {
      expect((await api(path, { method: "PATCH", token, body: { special_ad_categories: [category] } })).status).toBe(200);
      const audience = await api(`${ws}/ads/campaigns/${campaign.id}/steps/audience`, { method: "PATCH", token, body: { locations: [{ type: "country", key: "US", name: "United States" }], genders: "men" } });
      expect((await json(audience)).fields.genders[0]).toMatch(/locked/);
    }
  });

  it("refuses a budget under the network's minimum with the minimum in words, and money that is not whole minor units", async () => {
    const { ws, token } = await setup();
    const campaign = await draft(ws, token);
    const path = `${ws}/ads/campaigns/${campaign.id}/steps/budget`;
    const now = Date.now();
    const schedule = { start: iso(now), end: iso(now + 5 * DAY) };
    const low = await api(path, { method: "PATCH", token, body: { budget: { type: "daily", amount_minor: 50, currency: "USD" }, schedule } });
    expect(low.status).toBe(400);
    expect((await json(low)).fields["budget.amount_minor"]).toEqual(["must be at least $1.00 a day"]);
    const lifetime = await api(path, { method: "PATCH", token, body: { budget: { type: "lifetime", amount_minor: 300, currency: "USD" }, schedule } });
    expect((await json(lifetime)).fields["budget.amount_minor"][0]).toBe("must be at least $5.00 for 5 days ($1.00 a day)");
    const fraction = await api(path, { method: "PATCH", token, body: { budget: { type: "daily", amount_minor: 12.5, currency: "USD" }, schedule } });
    expect(fraction.status).toBe(400);
    expect((await json(fraction)).fields["budget.amount_minor"][0]).toMatch(/whole number of minor units/);
    const currency = await api(path, { method: "PATCH", token, body: { budget: { type: "daily", amount_minor: 500, currency: "EUR" }, schedule } });
    expect((await json(currency)).fields["budget.currency"][0]).toMatch(/USD, the ad account's currency/);
    const endless = await api(path, { method: "PATCH", token, body: { budget: { type: "lifetime", amount_minor: 5000, currency: "USD" }, schedule: { start: iso(now) } } });
    expect((await json(endless)).fields["schedule.end"][0]).toMatch(/required with a lifetime budget/);
    expect((await api(path, { method: "PATCH", token, body: { budget: { type: "daily", amount_minor: 100, currency: "USD" }, schedule } })).status).toBe(200);
  });

  it("creatives follow the objective and the placements' text limits", async () => {
    const { ws, token } = await setup();
    const campaign = await draft(ws, token);
    await api(`${ws}/ads/campaigns/${campaign.id}/steps/objective`, { method: "PATCH", token, body: { objective: "OUTCOME_TRAFFIC" } });
    await api(`${ws}/ads/campaigns/${campaign.id}/steps/placements`, { method: "PATCH", token, body: { automatic: false, placements: ["instagram_feed"] } });
    const response = await api(`${ws}/ads/campaigns/${campaign.id}/steps/creatives`, { method: "PATCH", token, body: { creatives: [{ primary_text: "x".repeat(2_201), headline: "" }] } });
    expect(response.status).toBe(400);
    const { fields } = await json(response);
    expect(fields["creatives.0.primary_text"][0]).toMatch(/too long/);
    const missingLink = await api(`${ws}/ads/campaigns/${campaign.id}/steps/creatives`, { method: "PATCH", token, body: { creatives: [{ primary_text: "Come in" }] } });
    expect((await json(missingLink)).fields["creatives.0.link_url"][0]).toMatch(/web address/);
  });

  it("starts from a content campaign with its approved pieces as creatives; another workspace's campaign is 404", async () => {
    const { ws, token } = await setup();
    const brief = { name: "Spring roast launch", brief: "Our new spring roast is bright and floral. We want offices to order a tasting box.", starts_on: "2030-03-01", ends_on: "2030-03-10", channels: ["facebook", "linkedin"], strategy: "CrosspostStrategy" };
    const content = (await json(await api(`${ws}/campaigns`, { method: "POST", token, body: brief }))).data;
    const [facebook] = content.items;
    expect((await api(`/campaign_items/${facebook.id}/approve`, { method: "POST", token })).status).toBe(200);
    const campaign = await draft(ws, token, { content_campaign_id: content.id });
    expect(campaign).toMatchObject({ name: "Spring roast launch", content_campaign: { id: content.id, name: "Spring roast launch" } });
    expect(campaign.draft.creatives.creatives).toHaveLength(1);
    expect(campaign.draft.creatives.creatives[0]).toMatchObject({ campaign_item_id: facebook.id });
    const sources = (await json(await api(`${ws}/ads/campaigns/${campaign.id}/creative-sources`, { token }))).data;
    expect(sources.pieces[0]).toMatchObject({ id: facebook.id, approved: true });

    const stranger = await setup();
    expect((await api(`${stranger.ws}/ads/campaigns`, { method: "POST", token: stranger.token, body: { content_campaign_id: content.id } })).status).toBe(404);
  });

  it("checks upload ids in creatives with the upload read check", async () => {
    const { ws, token, workspace } = await setup();
    const other = await setup();
    const [mine] = await db.insert(uploads).values({ workspaceId: workspace.id, r2Key: `uploads/${crypto.randomUUID()}`, filename: "roast.png", contentType: "image/png", size: 10, status: "stored" }).returning();
    const [theirs] = await db.insert(uploads).values({ workspaceId: other.workspace.id, r2Key: `uploads/${crypto.randomUUID()}`, filename: "theirs.png", contentType: "image/png", size: 10, status: "stored" }).returning();
    const campaign = await draft(ws, token);
    const creative = { primary_text: "Roasted this week", headline: "Spring roast", link_url: "https://beanery.example" };
    expect((await api(`${ws}/ads/campaigns/${campaign.id}/steps/creatives`, { method: "PATCH", token, body: { creatives: [{ ...creative, upload_id: theirs!.id }] } })).status).toBe(404);
    expect((await api(`${ws}/ads/campaigns/${campaign.id}/steps/creatives`, { method: "PATCH", token, body: { creatives: [{ ...creative, upload_id: mine!.id }] } })).status).toBe(200);
    const sources = (await json(await api(`${ws}/ads/campaigns/${campaign.id}/creative-sources`, { token }))).data;
    expect(sources.uploads.map((upload: { id: number }) => upload.id)).toEqual([mine!.id]);
  });
});

describe("paid ads: launching and delivery on the Sandbox", () => {
  it("refuses to launch an unfinished draft, naming each step", async () => {
    const { ws, token } = await setup();
    const campaign = await draft(ws, token);
    const response = await api(`${ws}/ads/campaigns/${campaign.id}/launch`, { method: "POST", token });
    expect(response.status).toBe(400);
    expect(Object.keys((await json(response)).fields).sort()).toEqual(["audience", "budget", "categories", "creatives", "objective", "placements"]);
  });

  it("creates everything PAUSED, then activates it; spend accrues after a cron tick; pause and resume", async () => {
    const { ws, token } = await setup();
    const campaign = await draft(ws, token);
    await fillWizard(ws, token, campaign.id);
    const statuses: string[] = [];
    vi.spyOn(sandboxAdsProvider, "setStatus").mockImplementation(async (_ctx, id, status) => {
      statuses.push(`${id} ${status}`);
    });
    const launched = await api(`${ws}/ads/campaigns/${campaign.id}/launch`, { method: "POST", token });
    expect(launched.status, await launched.clone().text()).toBe(200);
    const { data } = await json(launched);
    expect(data).toMatchObject({
      status: "active",
      network_ids: { campaign: `sandbox-campaign-${campaign.id}`, ad_set: `sandbox-adset-${campaign.id}`, creatives: [`sandbox-creative-${campaign.id}-1`], ads: [`sandbox-ad-${campaign.id}-1`] },
      spend: { amount_minor: 0, currency: "USD", formatted: "$0.00" },
    });
    // Ads first, campaign last: nothing delivers half-made.
    expect(statuses).toEqual([`sandbox-ad-${campaign.id}-1 ACTIVE`, `sandbox-adset-${campaign.id} ACTIVE`, `sandbox-campaign-${campaign.id} ACTIVE`]);

    const [row] = await db.select().from(adCampaigns).where(eq(adCampaigns.id, campaign.id));
    await syncAdCampaigns.run(db, new Date(row!.launchedAt! + DAY / 2), env);
    const after = (await json(await api(`${ws}/ads/campaigns/${campaign.id}`, { token }))).data;
    // Half a day of a $10.00 daily budget.
    expect(after.spend.amount_minor).toBe(500);
    expect(Number.isInteger(after.impressions) && after.impressions > 0).toBe(true);
    expect(after.results).toBeGreaterThan(0);
    expect(after.cost_per_result.amount_minor).toBe(Math.round(500 / after.results));
    expect(after.last_synced_at).toBe(iso(row!.launchedAt! + DAY / 2));

    const list = (await json(await api(`${ws}/ads/campaigns`, { token }))).data;
    expect(list[0]).toMatchObject({ id: campaign.id, status: "active", objective: "OUTCOME_TRAFFIC", budget: { type: "daily", amount_minor: 1000 }, spend: { formatted: "$5.00" } });

    const paused = await api(`${ws}/ads/campaigns/${campaign.id}/pause`, { method: "POST", token });
    expect((await json(paused)).data.status).toBe("paused");
    expect(statuses.at(-1)).toBe(`sandbox-campaign-${campaign.id} PAUSED`);
    const resumed = await api(`${ws}/ads/campaigns/${campaign.id}/resume`, { method: "POST", token });
    expect((await json(resumed)).data).toMatchObject({ status: "active", can: { pause: true, resume: false } });
  });

  it("marks a campaign completed after its end date", async () => {
    const { ws, token } = await setup();
    const campaign = await draft(ws, token);
    const now = Date.now();
    await fillWizard(ws, token, campaign.id, { budget: { budget: { type: "lifetime", amount_minor: 2000, currency: "USD" }, schedule: { start: iso(now), end: iso(now + 2 * DAY) } } });
    expect((await api(`${ws}/ads/campaigns/${campaign.id}/launch`, { method: "POST", token })).status).toBe(200);
    await syncAdCampaigns.run(db, new Date(now + 3 * DAY), env);
    const after = (await json(await api(`${ws}/ads/campaigns/${campaign.id}`, { token }))).data;
    expect(after.status).toBe("completed");
    // A lifetime budget is spent across its schedule and never beyond.
    expect(after.spend.amount_minor).toBeLessThanOrEqual(2000);
    expect(after.spend.amount_minor).toBeGreaterThanOrEqual(1990);
  });

  it("maps a network error to the wizard step that caused it and saves it on the campaign", async () => {
    const { ws, token } = await setup();
    const campaign = await draft(ws, token);
    await fillWizard(ws, token, campaign.id);
    await api(`${ws}/ads/campaigns/${campaign.id}/steps/creatives`, { method: "PATCH", token, body: { creatives: [{ primary_text: "Hello", headline: "Hi", link_url: "https://gone.invalid/" }] } });
    const response = await api(`${ws}/ads/campaigns/${campaign.id}/launch`, { method: "POST", token });
    expect(response.status).toBe(422);
    expect((await json(response)).step).toBe("creatives");
    const failed = (await json(await api(`${ws}/ads/campaigns/${campaign.id}`, { token }))).data;
    expect(failed).toMatchObject({ status: "failed", error: { step: "creatives", class: "bad_input" }, can: { launch: true } });
  });

  it("refuses a launch beyond the monthly cap, saying how much is left, and the cron pauses at the cap", async () => {
    const { ws, token } = await setup();
    expect((await api(`${ws}/ads/settings`, { method: "PUT", token, body: { monthly_cap_minor: 12.5, currency: "USD" } })).status).toBe(400);
    expect((await api(`${ws}/ads/settings`, { method: "PUT", token, body: { monthly_cap_minor: 500, currency: "USD" } })).status).toBe(200);
    const campaign = await draft(ws, token);
    await fillWizard(ws, token, campaign.id);
    const refused = await api(`${ws}/ads/campaigns/${campaign.id}/launch`, { method: "POST", token });
    expect(refused.status).toBe(422);
    expect((await json(refused)).message).toMatch(/only \$5\.00 is left of the workspace's \$5\.00 monthly ad spend cap/);

    // Room for it now; a day's delivery reaches the cap and the cron pauses it.
    const start = Date.now();
    await api(`${ws}/ads/settings`, { method: "PUT", token, body: { monthly_cap_minor: 100_000, currency: "USD" } });
    expect((await api(`${ws}/ads/campaigns/${campaign.id}/launch`, { method: "POST", token })).status).toBe(200);
    await api(`${ws}/ads/settings`, { method: "PUT", token, body: { monthly_cap_minor: 300, currency: "USD" } });
    await syncAdCampaigns.run(db, new Date(start + DAY / 2), env);
    const after = (await json(await api(`${ws}/ads/campaigns/${campaign.id}`, { token }))).data;
    expect(after.status).toBe("paused");
    expect(after.spend.amount_minor).toBeLessThanOrEqual(300);
    expect(after.error.message).toMatch(/monthly ad spend cap of \$3\.00 is reached/);
    const settings = (await json(await api(`${ws}/ads/settings`, { token }))).data;
    expect(settings.spent_this_month.amount_minor).toBe(after.spend.amount_minor);
    const days = await db.select().from(adInsightDays).where(eq(adInsightDays.adCampaignId, campaign.id));
    expect(days.every((day) => Number.isInteger(day.spendMinor))).toBe(true);
    expect((await api(`${ws}/ads/campaigns/${campaign.id}/resume`, { method: "POST", token })).status).toBe(422);
  });
});

describe("paid ads: who may", () => {
  it("guests get 403; another workspace's user gets 404", async () => {
    const { ws, token, workspace } = await setup();
    const campaign = await draft(ws, token);
    const { token: guestToken } = await buildMember(workspace, "guest");
    expect((await api(`${ws}/ads/campaigns`, { token: guestToken })).status).toBe(403);
    expect((await api(`${ws}/ads/campaigns/${campaign.id}`, { token: guestToken })).status).toBe(403);
    const stranger = await setup();
    expect((await api(`${ws}/ads/campaigns/${campaign.id}`, { token: stranger.token })).status).toBe(404);
    expect((await api(`${stranger.ws}/ads/campaigns/${campaign.id}`, { token: stranger.token })).status).toBe(404);
    expect((await api(`${stranger.ws}/ads/campaigns/${campaign.id}/launch`, { method: "POST", token: stranger.token })).status).toBe(404);
  });

  it("saved audiences and the HubSpot source", async () => {
    const { ws, token } = await setup();
    const created = await api(`${ws}/ads/audiences`, { method: "POST", token, body: { name: "Paris", targeting: { locations: [{ type: "city", key: "2988507", name: "Paris", radius_miles: 20 }] } } });
    expect(created.status).toBe(201);
    const audiences = (await json(await api(`${ws}/ads/audiences`, { token }))).data;
    expect(audiences).toMatchObject({ saved: [{ name: "Paris", targeting: { age_min: 18, age_max: 65, genders: "all" } }], hubspot: { connected: false, contacts: null } });
    const campaign = await draft(ws, token);
    const hubspot = await api(`${ws}/ads/campaigns/${campaign.id}/steps/audience`, { method: "PATCH", token, body: { locations: [{ type: "country", key: "FR", name: "France" }], hubspot_contacts: true } });
    expect((await json(hubspot)).fields.hubspot_contacts[0]).toMatch(/HubSpot/);
    const other = await setup();
    expect((await api(`${other.ws}/ads/audiences/${audiences.saved[0].id}`, { method: "DELETE", token: other.token })).status).toBe(404);
  });
});

describe("paid ads: the Meta Marketing API", () => {
  const GRAPH = "https://graph.facebook.com/v24.0";
  const spec: LaunchSpec = {
    campaignId: 7,
    name: "Spring roast",
    objective: "OUTCOME_TRAFFIC",
    appStoreUrl: "",
    pixelId: "",
    specialAdCategories: ["HOUSING"],
    audience: { locations: [{ type: "country", key: "US", name: "United States", radius_miles: null }], age_min: 18, age_max: 65, genders: "all", interests: [], hubspot_contacts: false },
    hubspotContacts: null,
    automaticPlacements: false,
    placements: ["facebook_feed", "instagram_stories"],
    budget: { type: "daily", amount_minor: 2500, currency: "USD" },
    schedule: { start: "2030-03-01T09:00:00Z", end: "2030-03-10T09:00:00Z" },
    creatives: [{ campaign_item_id: null, upload_id: null, primary_text: "Bright and floral", headline: "Spring roast", description: "", link_url: "https://beanery.example/spring", call_to_action: "SHOP_NOW" }],
    imageUrls: {},
  };

  function fakeMeta(answers: Record<string, { status?: number; body: unknown }>) {
    const calls: { method: string; url: string; form: Record<string, string> }[] = [];
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      const form = Object.fromEntries(new URLSearchParams(method === "GET" ? url.split("?")[1] : String(init?.body ?? "")));
      calls.push({ method, url: url.split("?")[0]!, form });
      const answer = answers[`${method} ${url.split("?")[0]}`];
      if (!answer) return new Response(JSON.stringify({ error: { message: "unexpected", code: 1 } }), { status: 500 });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }) as typeof fetch;
    const ctx: AdsProviderContext = { env: { ...env, META_ADS_ACCESS_TOKEN: "system-user-token", META_AD_ACCOUNT_ID: "act_1234" } as Env, fetch: fetcher, account: { id: 1, network: "meta", externalId: "1234", currency: "USD", pageId: "555", accessToken: null } };
    return { ctx, calls };
  }

  it("sends the documented form fields, budgets in minor units, everything PAUSED", async () => {
    const { ctx, calls } = fakeMeta({
      [`POST ${GRAPH}/act_1234/campaigns`]: { body: { id: "120001" } },
      [`POST ${GRAPH}/act_1234/adsets`]: { body: { id: "120002" } },
      [`POST ${GRAPH}/act_1234/adcreatives`]: { body: { id: "120003" } },
      [`POST ${GRAPH}/act_1234/ads`]: { body: { id: "120004" } },
      [`POST ${GRAPH}/120001`]: { body: { success: true } },
    });
    const campaignId = await metaAdsProvider.createCampaign(ctx, spec);
    const adSetId = await metaAdsProvider.createAdSet(ctx, spec, campaignId);
    const creativeId = await metaAdsProvider.createCreative(ctx, spec, 0);
    expect(await metaAdsProvider.createAd(ctx, spec, adSetId, creativeId, 0)).toBe("120004");
    await metaAdsProvider.setStatus(ctx, campaignId, "ACTIVE");

    expect(calls[0]!.form).toMatchObject({ name: "Spring roast", objective: "OUTCOME_TRAFFIC", special_ad_categories: '["HOUSING"]', special_ad_category_country: '["US"]', status: "PAUSED", access_token: "system-user-token" });
    const adSet = calls[1]!.form;
    expect(adSet).toMatchObject({ campaign_id: "120001", daily_budget: "2500", billing_event: "IMPRESSIONS", optimization_goal: "LINK_CLICKS", status: "PAUSED", start_time: "2030-03-01T09:00:00+0000", end_time: "2030-03-10T09:00:00+0000" });
    expect(JSON.parse(adSet.targeting!)).toEqual({ geo_locations: { countries: ["US"] }, age_min: 18, age_max: 65, publisher_platforms: ["facebook", "instagram"], facebook_positions: ["feed"], instagram_positions: ["story"] });
    expect(JSON.parse(calls[2]!.form.object_story_spec!)).toEqual({
      page_id: "555",
      link_data: { message: "Bright and floral", link: "https://beanery.example/spring", name: "Spring roast", call_to_action: { type: "SHOP_NOW", value: { link: "https://beanery.example/spring" } } },
    });
    expect(calls[3]!.form).toMatchObject({ adset_id: "120002", creative: '{"creative_id":"120003"}', status: "PAUSED" });
    expect(calls[4]).toMatchObject({ url: `${GRAPH}/120001`, form: { status: "ACTIVE" } });
  });

  it("maps Meta's error JSON to the wizard step: blame_field_specs, subcodes, the failing call", async () => {
    const { ctx } = fakeMeta({
      [`POST ${GRAPH}/act_1234/adsets`]: {
        status: 400,
        body: {
          error: {
            message: "Invalid parameter",
            type: "OAuthException",
            code: 100,
            error_subcode: 1487079,
            is_transient: false,
            error_user_title: "Targeting Restricted",
            error_user_msg: "Housing ads can't target by ZIP code.",
            blame_field_specs: [["targeting", "geo_locations"]],
            fbtrace_id: "AbCdEf",
          },
        },
      },
    });
    await expect(metaAdsProvider.createAdSet(ctx, spec, "120001")).rejects.toMatchObject({ step: "audience", errorClass: "bad_input", message: "Meta: Targeting Restricted: Housing ads can't target by ZIP code. (code 100, subcode 1487079)" });
    expect(mapMetaError({ error: { code: 100, error_subcode: 1885272, error_user_msg: "Your budget is too low." } }, 400, "objective").step).toBe("budget");
    expect(mapMetaError({ error: { code: 100, blame_field_specs: [["targeting", "publisher_platforms"]] } }, 400, "budget").step).toBe("placements");
    expect(mapMetaError({ error: { code: 190, message: "Error validating access token" } }, 401, "objective")).toMatchObject({ errorClass: "auth" });
    expect(mapMetaError({ error: { code: 17, message: "User request limit reached" } }, 400, "budget")).toMatchObject({ errorClass: "rate_limit" });
  });

  it("reads insights by day, spend turned into minor units without floats", async () => {
    const { ctx, calls } = fakeMeta({
      [`GET ${GRAPH}/120001/insights`]: {
        body: { data: [{ date_start: "2030-03-01", date_stop: "2030-03-01", spend: "12.34", impressions: "2450", clicks: "61", reach: "2100", actions: [{ action_type: "link_click", value: "48" }] }] },
      },
    });
    const days = await metaAdsProvider.insights(ctx, { networkCampaignId: "120001", campaignId: 7, objective: "OUTCOME_TRAFFIC", budget: spec.budget, schedule: spec.schedule, from: Date.parse("2030-03-01T09:00:00Z"), to: Date.parse("2030-03-02T09:00:00Z"), known: [], maxSpendMinor: null });
    expect(days).toEqual([{ day: "2030-03-01", spendMinor: 1234, impressions: 2450, clicks: 61, results: 48 }]);
    expect(calls[0]!.form).toMatchObject({ fields: "spend,impressions,clicks,reach,actions", time_increment: "1", time_range: '{"since":"2030-03-01","until":"2030-03-02"}' });
    expect(minorFromDecimal("0.1", "USD")).toBe(10);
    expect(minorFromDecimal("150", "JPY")).toBe(150);
  });
});
