import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { defaultWorkspaceSettings } from "../../core/contracts/workspaces";
import { analyticsQuery, type AnalyticsQuery } from "../../core/contracts/analytics";
import type { ContentType } from "../../core/analytics/metrics";
import type { Network } from "../../core/publishing/limits";
import { accountMetrics, campaigns, postMetrics, postTargets, scheduledPosts, socialAccounts, type SocialAccount, type User, type Workspace } from "../../worker/db/schema";
import type { Actor } from "../../worker/policies";
import { presentAnalytics } from "../../worker/presenters/analytics";
import { analyticsReport } from "../../worker/services/analytics/report";
import { api, buildMember, buildWorkspace, db, json, tokenFor } from "../factories";

// The analytics report over hand-made figures: post_metrics rows written directly, as the
// collector would leave them, so every total below can be checked by hand.

const DAY = 24 * 60 * 60 * 1000;

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

describe("GET /v1/w/:ws/analytics", () => {
  it("answers the totals, a full series, top posts and breakdowns for a custom period", async () => {
    const { workspace, owner } = await buildWorkspace();
    const sandbox = await account(workspace);
    await published(sandbox, { at: `${daysAgo(3)}T10:00:00Z`, impressions: 200, engagements: 20 });
    const response = await api(`/w/${workspace.id}/analytics?preset=custom&from=${daysAgo(6)}&to=${daysAgo(0)}`, { token: await tokenFor(owner) });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.series).toHaveLength(7);
    expect(data.totals.posts).toEqual({ value: 1, previous: 0, change: null });
    expect(data.totals.engagement_rate.value).toBe(0.1);
    expect(data.top_posts).toHaveLength(1);
    expect(data.by_network).toEqual([expect.objectContaining({ network: "sandbox", posts: 1, impressions: 200 })]);
  });
});

void report;
void campaign;
void followers;
void buildMember;
void DAY;
