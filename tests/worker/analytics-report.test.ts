import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { defaultWorkspaceSettings } from "../../core/contracts/workspaces";
import { analyticsQuery, type AnalyticsQuery } from "../../core/contracts/analytics";
import { socialBriefSchema } from "../../core/contracts/content";
import type { ContentType } from "../../core/analytics/metrics";
import type { Network } from "../../core/publishing/limits";
import { accountMetrics, campaigns, postMetrics, postTargets, scheduledPosts, socialAccounts, type SocialAccount, type User, type Workspace } from "../../worker/db/schema";
import type { Actor } from "../../worker/policies";
import { presentAnalytics } from "../../worker/presenters/analytics";
import { bestPostNotes, bestPostsFor } from "../../worker/services/analytics/best-posts";
import { analyticsReport } from "../../worker/services/analytics/report";
import { promptFor } from "../../worker/services/ai/prompt";
import { analyticsPeriods } from "../../core/analytics/period";
import { createWorkspaceKey } from "../../worker/services/api-keys/keys";
import { api, buildMember, buildWorkspace, db, json, tokenFor } from "../factories";

// The analytics report over hand-made figures: post_metrics rows written directly, as the
// collector would leave them, so every total below can be checked by hand.


async function account(workspace: Workspace, network: Network = "sandbox", name = "Fernhill") {
  const [row] = await db
    .insert(socialAccounts)
    .values({ workspaceId: workspace.id, network, externalId: crypto.randomUUID(), displayName: name, handle: `@${name.toLowerCase().replace(/\W/g, "")}`, credentials: "" })
    .returning();
  return row!;
}

async function campaign(workspace: Workspace, owner: User, name: string) {
  const [row] = await db.insert(campaigns).values({ workspaceId: workspace.id, name, brief: "A brief long enough.", channels: ["twitter"], strategy: "CrosspostStrategy", createdById: owner.id }).returning();
  return row!;
}

interface Published {
  at: number | string;
  text?: string;
  impressions?: number | null;
  reach?: number;
  engagements?: number;
  clicks?: number;
  campaignId?: number | null;
  contentType?: ContentType;
  url?: string | null;
}

/** A published post on `account` with its latest figures, as the collector leaves them. */
async function published(account: SocialAccount, fields: Published) {
  const at = typeof fields.at === "number" ? fields.at : Date.parse(fields.at);
  const [post] = await db.insert(scheduledPosts).values({ workspaceId: account.workspaceId, text: fields.text ?? "A post", publishAt: at }).returning();
  const [target] = await db
    .insert(postTargets)
    .values({ postId: post!.id, workspaceId: account.workspaceId, accountId: account.id, idempotencyKey: crypto.randomUUID(), publishAt: at, state: "published", publishedAt: at, networkUrl: fields.url ?? null })
    .returning();
  await db.insert(postMetrics).values({
    targetId: target!.id,
    workspaceId: account.workspaceId,
    accountId: account.id,
    network: account.network,
    campaignId: fields.campaignId ?? null,
    contentType: fields.contentType ?? "text",
    publishedAt: at,
    impressions: fields.impressions === undefined ? 100 : fields.impressions,
    reach: fields.reach ?? 80,
    engagements: fields.engagements ?? 10,
    clicks: fields.clicks ?? 1,
    capturedAt: at + 60 * 60 * 1000,
  });
  return { post: post!, target: target! };
}

async function followers(account: SocialAccount, day: string, count: number) {
  await db.insert(accountMetrics).values({ workspaceId: account.workspaceId, accountId: account.id, day, followers: count, capturedAt: Date.parse(`${day}T12:00:00Z`) });
}

const actorOf = (workspace: Workspace, owner: User): Actor => ({ userId: owner.id, role: "admin", workspaceId: workspace.id, workspaceSettings: defaultWorkspaceSettings, isSuperAdmin: false });
const query = (fields: Record<string, string>): AnalyticsQuery => analyticsQuery.parse(fields);

/** The report the API would answer, at a fixed `now`. */
async function report(workspace: Workspace, owner: User, fields: Record<string, string>, now: string | number) {
  return presentAnalytics(await analyticsReport(db, actorOf(workspace, owner), query(fields), typeof now === "number" ? now : Date.parse(now)));
}

/** Today in UTC, minus `days`, as `YYYY-MM-DD` (API tests run at the real now). */
const daysAgo = (days: number) => Temporal.Now.plainDateISO("UTC").subtract({ days }).toString();

const NOW = "2026-12-01T12:00:00Z";
const NOVEMBER_WEEK = { preset: "custom", from: "2026-11-01", to: "2026-11-07" };

/** Two accounts, a campaign, three posts in the first week of November, one the week before, two just outside. */
async function fernhill() {
  const { workspace, owner } = await buildWorkspace();
  const sandbox = await account(workspace, "sandbox", "Fernhill");
  const linkedin = await account(workspace, "linkedin", "Fernhill Coffee");
  const spring = await campaign(workspace, owner, "Spring roast");
  const first = await published(sandbox, { at: "2026-11-01T09:00:00Z", text: "Our spring roast is here", impressions: 100, reach: 80, engagements: 10, clicks: 2, campaignId: spring.id, url: "https://sandbox.test/p/1" });
  const best = await published(sandbox, { at: "2026-11-03T15:00:00Z", text: "Why we roast on Tuesdays?", impressions: 300, reach: 200, engagements: 60, clicks: 5, contentType: "image" });
  const third = await published(linkedin, { at: "2026-11-03T20:00:00Z", text: "Tasting boxes for offices", impressions: 200, reach: 150, engagements: 10, clicks: 1, campaignId: spring.id, contentType: "video" });
  await published(sandbox, { at: "2026-10-30T10:00:00Z", impressions: 100, reach: 80, engagements: 5, clicks: 1 });
  await published(sandbox, { at: "2026-11-08T00:00:00Z", impressions: 5000, engagements: 900 });
  await published(sandbox, { at: "2026-10-24T23:59:00Z", impressions: 5000, engagements: 900 });
  await followers(sandbox, "2026-10-25", 990);
  await followers(sandbox, "2026-10-31", 1000);
  await followers(sandbox, "2026-11-01", 1000);
  await followers(linkedin, "2026-11-01", 500);
  await followers(sandbox, "2026-11-07", 1030);
  await followers(linkedin, "2026-11-07", 520);
  return { workspace, owner, sandbox, linkedin, spring, first, best, third };
}

describe("the analytics report", () => {
  it("adds up the period's posts into totals, a series, top posts and breakdowns, against the week before", async () => {
    const { workspace, owner, sandbox, spring, first, best, third } = await fernhill();
    const out = await report(workspace, owner, NOVEMBER_WEEK, NOW);

    expect(out.period).toEqual({ from: "2026-11-01", to: "2026-11-07" });
    expect(out.previous_period).toEqual({ from: "2026-10-25", to: "2026-10-31" });
    expect(out.totals.posts).toEqual({ value: 3, previous: 1, change: 2 });
    expect(out.totals.impressions).toEqual({ value: 600, previous: 100, change: 5 });
    expect(out.totals.reach).toEqual({ value: 430, previous: 80, change: 4.375 });
    expect(out.totals.engagements).toEqual({ value: 80, previous: 5, change: 15 });
    expect(out.totals.clicks).toEqual({ value: 8, previous: 1, change: 7 });
    expect(out.totals.engagement_rate.value).toBeCloseTo(80 / 600);
    expect(out.totals.engagement_rate.previous).toBeCloseTo(0.05);
    expect(out.totals.engagement_rate.change).toBeCloseTo(80 / 600 / 0.05 - 1);
    // Each account's last figure in the period minus its first: (1030 - 1000) + (520 - 500); before: 1000 - 990.
    expect(out.totals.followers_gained).toEqual({ value: 50, previous: 10, change: 4 });

    expect(out.series.map((row) => row.day)).toEqual(["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-07"]);
    expect(out.series[0]).toEqual({ day: "2026-11-01", posts: 1, impressions: 100, reach: 80, engagements: 10, engagement_rate: 0.1, clicks: 2, followers: 1500 });
    expect(out.series[1]).toEqual({ day: "2026-11-02", posts: 0, impressions: 0, reach: 0, engagements: 0, engagement_rate: null, clicks: 0, followers: 1500 });
    expect(out.series[2]).toMatchObject({ posts: 2, impressions: 500, engagements: 70 });
    expect(out.series[6]!.followers).toBe(1550);

    expect(out.top_posts.map((post) => post.target_id)).toEqual([best.target.id, third.target.id, first.target.id]);
    expect(out.top_posts[2]).toEqual({
      target_id: first.target.id,
      post_id: first.post.id,
      network: "sandbox",
      account: { id: sandbox.id, name: "Fernhill", handle: "@fernhill" },
      text: "Our spring roast is here",
      url: "https://sandbox.test/p/1",
      published_at: "2026-11-01T09:00:00.000Z",
      campaign: { id: spring.id, name: "Spring roast" },
      impressions: 100,
      reach: 80,
      engagements: 10,
      engagement_rate: 0.1,
      clicks: 2,
    });

    expect(out.by_network).toEqual([
      { network: "sandbox", posts: 2, impressions: 400, reach: 280, engagements: 70, engagement_rate: 70 / 400, clicks: 7 },
      { network: "linkedin", posts: 1, impressions: 200, reach: 150, engagements: 10, engagement_rate: 0.05, clicks: 1 },
    ]);
    expect(out.by_campaign).toEqual([
      { campaign: null, posts: 1, impressions: 300, reach: 200, engagements: 60, engagement_rate: 0.2, clicks: 5 },
      { campaign: { id: spring.id, name: "Spring roast" }, posts: 2, impressions: 300, reach: 230, engagements: 20, engagement_rate: 20 / 300, clicks: 3 },
    ]);
    expect(out.updated_at).toBe("2026-11-08T01:00:00.000Z");
  });

  it("filters by network, account, campaign and content type, and another workspace's ids match nothing", async () => {
    const { workspace, owner, sandbox, linkedin, spring } = await fernhill();
    const other = await buildWorkspace();
    const theirs = await account(other.workspace, "sandbox", "Theirs");
    const theirCampaign = await campaign(other.workspace, other.owner, "Theirs");
    await published(theirs, { at: "2026-11-02T10:00:00Z", campaignId: theirCampaign.id, impressions: 999 });
    await followers(theirs, "2026-11-01", 10);
    await followers(theirs, "2026-11-07", 9000);

    const posts = async (filters: Record<string, string>) => (await report(workspace, owner, { ...NOVEMBER_WEEK, ...filters }, NOW)).totals.posts.value;
    expect(await posts({ networks: "linkedin" })).toBe(1);
    expect(await posts({ networks: "sandbox,linkedin" })).toBe(3);
    expect(await posts({ account_ids: String(sandbox.id) })).toBe(2);
    expect(await posts({ campaign_ids: String(spring.id) })).toBe(2);
    expect(await posts({ content_types: "video,image" })).toBe(2);
    expect(await posts({ networks: "sandbox", content_types: "video" })).toBe(0);

    const foreign = await report(workspace, owner, { ...NOVEMBER_WEEK, account_ids: String(theirs.id), campaign_ids: String(theirCampaign.id) }, NOW);
    expect(foreign.totals.posts.value).toBe(0);
    expect(foreign.totals.followers_gained.value).toBeNull();
    expect(foreign.top_posts).toEqual([]);
    expect(foreign.best_times).toEqual([]);

    const linkedinOnly = await report(workspace, owner, { ...NOVEMBER_WEEK, account_ids: `${linkedin.id},${theirs.id}` }, NOW);
    expect(linkedinOnly.totals.followers_gained.value).toBe(20);
    expect(linkedinOnly.series[0]!.followers).toBe(500);
    // The other workspace's whole week adds nothing to ours.
    const all = await report(workspace, owner, NOVEMBER_WEEK, NOW);
    expect(all.totals.impressions.value).toBe(600);
    expect(all.totals.followers_gained.value).toBe(50);
  });

  it("answers an empty workspace with zeros, null rates and a full series of empty days", async () => {
    const { workspace, owner } = await buildWorkspace();
    const out = await report(workspace, owner, { preset: "last_28_days", tz: "America/New_York" }, NOW);
    expect(out.period).toEqual({ from: "2026-11-04", to: "2026-12-01" });
    expect(out.previous_period).toEqual({ from: "2026-10-07", to: "2026-11-03" });
    expect(out.series).toHaveLength(28);
    expect(out.series.every((row) => row.posts === 0 && row.impressions === 0 && row.engagement_rate === null && row.followers === null)).toBe(true);
    expect(out.totals.posts).toEqual({ value: 0, previous: 0, change: null });
    expect(out.totals.engagement_rate).toEqual({ value: null, previous: null, change: null });
    expect(out.totals.followers_gained).toEqual({ value: null, previous: null, change: null });
    expect(out).toMatchObject({ top_posts: [], by_network: [], by_campaign: [], best_times: [], updated_at: null });
  });

  it("counts local days across Europe/London's clock changes and buckets 00:30 local into its own day", async () => {
    const { workspace, owner } = await buildWorkspace();
    const sandbox = await account(workspace);
    // Spring forward on Sunday 29 March 2026: that day has 23 hours.
    const spring = analyticsPeriods({ preset: "custom", from: "2026-03-27", to: "2026-03-31", tz: "Europe/London" }, Date.parse("2026-04-15T12:00:00Z"));
    expect(spring.current.days).toEqual(["2026-03-27", "2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"]);
    expect(spring.current.start).toBe(Date.parse("2026-03-27T00:00:00Z"));
    expect(spring.current.end).toBe(Date.parse("2026-03-31T23:00:00Z"));
    expect((spring.current.end - spring.current.start) / (60 * 60 * 1000)).toBe(5 * 24 - 1);
    expect(spring.previous).toMatchObject({ from: "2026-03-22", to: "2026-03-26" });
    const week = analyticsPeriods({ preset: "last_7_days", tz: "Europe/London" }, Date.parse("2026-04-01T10:00:00Z"));
    expect(week.current.days).toHaveLength(7);
    expect(week.current).toMatchObject({ from: "2026-03-26", to: "2026-04-01" });

    await published(sandbox, { at: "2026-03-29T00:30:00Z", impressions: 10 }); // 00:30 GMT on the 29th
    await published(sandbox, { at: "2026-03-29T23:30:00Z", impressions: 20 }); // 00:30 BST on the 30th
    await published(sandbox, { at: "2026-03-31T23:30:00Z", impressions: 40 }); // 00:30 BST on 1 April: outside
    const march = await report(workspace, owner, { preset: "custom", from: "2026-03-27", to: "2026-03-31", tz: "Europe/London" }, "2026-04-15T12:00:00Z");
    expect(march.series.map((row) => [row.day, row.impressions])).toEqual([
      ["2026-03-27", 0],
      ["2026-03-28", 0],
      ["2026-03-29", 10],
      ["2026-03-30", 20],
      ["2026-03-31", 0],
    ]);

    // Fall back on Sunday 25 October 2026: that day has 25 hours.
    await published(sandbox, { at: "2026-10-24T23:30:00Z", impressions: 100 }); // 00:30 BST on the 25th
    await published(sandbox, { at: "2026-10-25T23:30:00Z", impressions: 200 }); // 23:30 GMT on the 25th
    await published(sandbox, { at: "2026-10-26T00:30:00Z", impressions: 400 }); // 00:30 GMT on the 26th
    const october = await report(workspace, owner, { preset: "custom", from: "2026-10-24", to: "2026-10-26", tz: "Europe/London" }, NOW);
    expect(october.series.map((row) => [row.day, row.impressions])).toEqual([
      ["2026-10-24", 0],
      ["2026-10-25", 300],
      ["2026-10-26", 400],
    ]);
    const autumn = analyticsPeriods({ preset: "custom", from: "2026-10-24", to: "2026-10-26", tz: "Europe/London" }, Date.parse(NOW));
    expect((autumn.current.end - autumn.current.start) / (60 * 60 * 1000)).toBe(3 * 24 + 1);
  });

  it("answers each preset as local days ending today, and the same number of days before", async () => {
    const at = Date.parse("2026-03-10T23:30:00Z"); // already 11 March in Paris
    const period = (preset: string) => analyticsPeriods({ preset: preset as AnalyticsQuery["preset"], tz: "Europe/Paris" }, at);
    expect(period("last_7_days").current).toMatchObject({ from: "2026-03-05", to: "2026-03-11" });
    expect(period("last_90_days").current.days).toHaveLength(90);
    expect(period("this_month").current).toMatchObject({ from: "2026-03-01", to: "2026-03-11" });
    expect(period("this_month").previous).toMatchObject({ from: "2026-02-18", to: "2026-02-28" });
    expect(period("last_month").current).toMatchObject({ from: "2026-02-01", to: "2026-02-28" });
    expect(period("last_month").previous).toMatchObject({ from: "2026-01-04", to: "2026-01-31" });
    expect(period("this_year").current).toMatchObject({ from: "2026-01-01", to: "2026-03-11" });
  });

  it("finds the best weekdays and hours in the viewer's zone, from the whole last year", async () => {
    const { workspace, owner } = await buildWorkspace();
    const sandbox = await account(workspace);
    // Monday 2 November 2026, 23:30 UTC: Tuesday 08:30 in Tokyo. Months before the period, still counted.
    await published(sandbox, { at: "2026-11-02T23:30:00Z", impressions: 100, engagements: 10 });
    await published(sandbox, { at: "2026-06-01T23:10:00Z", impressions: 100, engagements: 30 });
    await published(sandbox, { at: "2025-11-01T10:00:00Z", impressions: 100, engagements: 30 }); // over a year ago
    const week = { preset: "custom", from: "2026-11-24", to: "2026-11-30" };
    const tokyo = await report(workspace, owner, { ...week, tz: "Asia/Tokyo" }, NOW);
    expect(tokyo.totals.posts.value).toBe(0);
    expect(tokyo.best_times).toEqual([{ weekday: 1, hour: 8, posts: 2, engagement_rate: 0.2 }]);
    const utc = await report(workspace, owner, week, NOW);
    expect(utc.best_times).toEqual([{ weekday: 0, hour: 23, posts: 2, engagement_rate: 0.2 }]);
  });
});

const today = () => Temporal.Now.plainDateISO("UTC");

describe("GET /v1/w/:ws/analytics", () => {
  it("answers a member with the report for the viewer's period", async () => {
    const { workspace, owner } = await buildWorkspace();
    const sandbox = await account(workspace);
    await published(sandbox, { at: `${daysAgo(3)}T10:00:00Z`, impressions: 200, engagements: 20 });
    const member = await buildMember(workspace, "member");
    const response = await api(`/w/${workspace.id}/analytics?preset=custom&from=${daysAgo(6)}&to=${daysAgo(0)}`, { token: member.token });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.series).toHaveLength(7);
    expect(data.totals.posts).toEqual({ value: 1, previous: 0, change: null });
    expect(data.totals.engagement_rate.value).toBe(0.1);
    expect(data.top_posts).toHaveLength(1);
    expect(data.by_network).toEqual([expect.objectContaining({ network: "sandbox", posts: 1, impressions: 200 })]);
    const byDefault = await json(await api(`/w/${workspace.id}/analytics`, { token: member.token }));
    expect(byDefault.data).toMatchObject({ tz: "UTC", period: { to: today().toString() } });
    expect(byDefault.data.series).toHaveLength(28);
    void owner;
  });

  it("refuses a bad query with 400 naming the field", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const fieldsOf = async (search: string) => {
      const response = await api(`/w/${workspace.id}/analytics?${search}`, { token });
      expect(response.status, search).toBe(400);
      return Object.keys((await json(response)).fields);
    };
    expect(await fieldsOf("preset=custom&to=2026-11-01")).toContain("from");
    expect(await fieldsOf("preset=custom&from=2026-11-05&to=2026-11-01")).toContain("from");
    expect(await fieldsOf("tz=Mars/Olympus_Mons")).toEqual(["tz"]);
    expect(await fieldsOf("networks=sandbox,myspace")).toEqual(["networks.1"]);
    expect(await fieldsOf("account_ids=1,abc")).toEqual(["account_ids.1"]);
    expect(await fieldsOf("preset=weekly")).toEqual(["preset"]);
    expect(await fieldsOf(`preset=custom&from=${daysAgo(400)}&to=${daysAgo(0)}`)).toEqual(["from"]);
    expect(await fieldsOf(`preset=custom&from=${daysAgo(2)}&to=${today().add({ days: 2 })}`)).toEqual(["to"]);
    expect(await fieldsOf("preset=custom&from=2026-02-31&to=2026-03-02")).toEqual(["from"]);
    expect((await api(`/w/${workspace.id}/analytics?preset=custom&from=${daysAgo(365)}&to=${daysAgo(0)}`, { token })).status).toBe(200);
  });

  it("is 403 to a guest, 404 to another workspace's user, and open to an API key with the read scope", async () => {
    const { workspace, owner } = await buildWorkspace();
    const guest = await buildMember(workspace, "guest");
    expect((await api(`/w/${workspace.id}/analytics`, { token: guest.token })).status).toBe(403);
    expect((await api(`/w/${workspace.id}/analytics/export.csv?view=series`, { token: guest.token })).status).toBe(403);
    const stranger = await buildWorkspace();
    const strangerToken = await tokenFor(stranger.owner);
    expect((await api(`/w/${workspace.id}/analytics`, { token: strangerToken })).status).toBe(404);
    expect((await api(`/w/${workspace.id}/analytics/export.csv?view=series`, { token: strangerToken })).status).toBe(404);
    const { token } = await createWorkspaceKey(db, workspace.id, owner, { name: "Looker", scopes: ["read"] });
    expect((await api(`/w/${workspace.id}/analytics?preset=last_7_days`, { token })).status).toBe(200);
    expect((await api(`/w/${workspace.id}/analytics/export.csv?view=totals`, { token })).status).toBe(200);
  });
});

describe("GET /v1/w/:ws/analytics/export.csv", () => {
  it("sends one view as RFC 4180 CSV named after the period, with formulas defused", async () => {
    const { workspace, owner } = await buildWorkspace();
    const sandbox = await account(workspace, "sandbox", "Fernhill");
    await published(sandbox, { at: `${daysAgo(2)}T10:00:00Z`, text: '=HYPERLINK("http://evil.test","Click")', impressions: 300, engagements: 30 });
    await published(sandbox, { at: `${daysAgo(2)}T11:00:00Z`, text: 'She said "hi", then left\nfor lunch', impressions: 200, engagements: 20 });
    await published(sandbox, { at: `${daysAgo(1)}T11:00:00Z`, text: "-5 % off, @everyone", impressions: 100, engagements: 10, url: "https://sandbox.test/p/3" });
    const token = await tokenFor(owner);
    const from = daysAgo(6);
    const to = daysAgo(0);

    const response = await api(`/w/${workspace.id}/analytics/export.csv?preset=custom&from=${from}&to=${to}&view=top_posts`, { token });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="analytics-${from}-to-${to}-top-posts.csv"`);
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe('"published_at","network","account","handle","campaign","text","url","impressions","reach","engagements","engagement_rate","clicks"');
    expect(lines[1]).toBe(`"${daysAgo(2)}T10:00:00.000Z","sandbox","Fernhill","'@fernhill",,"'=HYPERLINK(""http://evil.test"",""Click"")",,300,80,30,0.1,1`);
    expect(lines[2]).toBe(`"${daysAgo(2)}T11:00:00.000Z","sandbox","Fernhill","'@fernhill",,"She said ""hi"", then left\nfor lunch",,200,80,20,0.1,1`);
    expect(lines[3]).toContain(`"'-5 % off, @everyone","https://sandbox.test/p/3",100`);
    expect(lines.at(-1)).toBe("");

    const series = await api(`/w/${workspace.id}/analytics/export.csv?preset=custom&from=${from}&to=${to}&view=series`, { token });
    expect(series.headers.get("Content-Disposition")).toContain(`analytics-${from}-to-${to}-series.csv`);
    const rows = (await series.text()).trim().split("\r\n");
    expect(rows[0]).toBe('"day","posts","impressions","reach","engagements","engagement_rate","clicks","followers"');
    expect(rows).toHaveLength(8);
    expect(rows[1]).toBe(`"${from}",0,0,0,0,,0,`);
    expect(rows[5]).toBe(`"${daysAgo(2)}",2,500,160,50,0.1,2,`);

    const totals = await (await api(`/w/${workspace.id}/analytics/export.csv?preset=custom&from=${from}&to=${to}&view=totals`, { token })).text();
    expect(totals.split("\r\n").slice(0, 3)).toEqual(['"metric","value","previous","change"', '"posts",3,0,', '"impressions",600,0,']);

    const bad = await api(`/w/${workspace.id}/analytics/export.csv?view=everything`, { token });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).fields)).toEqual(["view"]);
  });
});

/** The server-sent events of a generation, in order. */
async function events(response: Response) {
  return (await response.text())
    .split("\n\n")
    .filter(Boolean)
    .map((block) => ({ event: block.match(/^event: (.+)$/m)![1]!, data: JSON.parse(block.match(/^data: (.+)$/m)![1]!) }));
}

describe("writing like our best posts", () => {
  const recently = (days: number) => Date.now() - days * 24 * 60 * 60 * 1000;

  async function linkedinHistory() {
    const { workspace, owner } = await buildWorkspace();
    const linkedin = await account(workspace, "linkedin", "Fernhill Coffee");
    const x = await account(workspace, "x", "Fernhill X");
    await published(linkedin, { at: recently(5), text: "Small batches, slow roast. What do you drink first thing?", impressions: 1000, engagements: 120 });
    await published(linkedin, { at: recently(10), text: "Our roaster turns 10 this week.", impressions: 1000, engagements: 90 });
    await published(linkedin, { at: recently(20), text: "Why do we roast on Tuesdays? Ask us.", impressions: 200, engagements: 30 });
    await published(linkedin, { at: recently(30), text: "A plain update nobody read.", impressions: 1000, engagements: 1 });
    await published(linkedin, { at: recently(2), text: "No figures yet", impressions: 0, engagements: 0 });
    await published(linkedin, { at: recently(120), text: "Last spring's hit", impressions: 100, engagements: 90 });
    await published(x, { at: recently(3), text: "Our best tweet ever", impressions: 10, engagements: 9 });
    const other = await buildWorkspace();
    const theirs = await account(other.workspace, "linkedin", "Someone else");
    await published(theirs, { at: recently(4), text: "THEIR SECRET post", impressions: 10, engagements: 10 });
    return { workspace, owner };
  }

  it("hands the writer the workspace's top 3 posts on the channel's network and says so in the job's notes", async () => {
    const { workspace, owner } = await linkedinHistory();
    const found = await bestPostsFor(db, workspace.id, ["linkedin", "seo"], Date.now());
    expect(found[0]!.posts.map((post) => [post.text, post.engagementRate])).toEqual([
      ["Why do we roast on Tuesdays? Ask us.", 0.15],
      ["Small batches, slow roast. What do you drink first thing?", 0.12],
      ["Our roaster turns 10 this week.", 0.09],
    ]);
    expect(found[1]).toEqual({ channel: "seo", network: null, posts: [] });

    const token = await tokenFor(owner);
    const response = await api(`/w/${workspace.id}/generations`, { method: "POST", token, body: { kind: "social_posts", brief: { topic: "Our new oat-milk cold brew launches in April", channels: ["linkedin"], like_best_posts: true } } });
    const done = (await events(response)).at(-1)!;
    expect(done.event).toBe("done");
    expect(done.data.notes[0]).toBe("linkedin: Modelled on 3 of your best posts on LinkedIn (engagement 15.0 %, 12.0 %, 9.0 %; about 8 words, no hashtags, asking a question).");
    // The offline writer takes their shape: no hashtags, a question, short.
    const [post] = done.data.result.posts;
    expect(post.hashtags).toEqual([]);
    expect(post.body).toContain("?");
    const job = await json(await api(`/generations/${done.data.id}`, { token }));
    expect(job.data.notes[0]).toMatch(/^linkedin: Modelled on 3 of your best posts/);
    expect(job.data.brief.like_best_posts).toBe(true);

    // Without the flag, nothing is looked up and nothing is said.
    const plain = (await events(await api(`/w/${workspace.id}/generations`, { method: "POST", token, body: { kind: "social_posts", brief: { topic: "Our new oat-milk cold brew launches in April", channels: ["linkedin"] } } }))).at(-1)!;
    expect(plain.data.notes.join(" ")).not.toContain("Modelled on");
    expect(plain.data.result.posts[0].hashtags.length).toBeGreaterThan(0);
  });

  it("gives a model the posts as ones that did well, and never another workspace's", async () => {
    const { workspace } = await linkedinHistory();
    const [linkedin] = await bestPostsFor(db, workspace.id, ["linkedin"], Date.now());
    const brief = socialBriefSchema.parse({ topic: "Our new oat-milk cold brew", channels: ["linkedin"], like_best_posts: true });
    const prompt = promptFor({ task: { kind: "social_posts", brief }, voice: { brandName: "Fernhill", notes: {} }, passages: [], examples: linkedin!.posts });
    expect(prompt.user).toContain("Posts that did well for us");
    expect(prompt.user).toContain('(15.0 % engagement) "Why do we roast on Tuesdays? Ask us."');
    expect(prompt.user).not.toContain("THEIR SECRET");
    expect(prompt.user).not.toContain("Our best tweet ever");
    expect(prompt.user).not.toContain("Last spring's hit");
  });

  it("learns from the Sandbox when no network is connected yet, and says when there is nothing to learn from", async () => {
    const { workspace } = await buildWorkspace();
    const sandbox = await account(workspace, "sandbox", "Fernhill Sandbox");
    await published(sandbox, { at: recently(1), text: "Sandbox hit #coffee", impressions: 50, engagements: 5 });
    const found = await bestPostsFor(db, workspace.id, ["twitter"], Date.now());
    expect(found[0]).toMatchObject({ channel: "twitter", network: "sandbox", posts: [{ text: "Sandbox hit #coffee", engagementRate: 0.1 }] });
    expect(bestPostNotes(found)).toEqual(["twitter: Modelled on 1 of your best posts on Sandbox (engagement 10.0 %; about 2 words, 1 hashtag, no question)."]);
    const empty = await buildWorkspace();
    expect(bestPostNotes(await bestPostsFor(db, empty.workspace.id, ["linkedin"], Date.now()))).toEqual(["linkedin: No published LinkedIn posts with figures in the last 90 days to model on."]);
  });
});
