import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { asc, desc, eq } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import type { Database } from "../../../worker/db/client";
import { campaigns, socialAccounts, users } from "../../../worker/db/schema";
import { can, type Actor } from "../../../worker/policies";
import { analyticsReport } from "../../../worker/services/analytics/report";
import { queryFromUrl } from "./query";
import { requireWorkspaceActor } from "~/lib/workspace.server";

/**
 * The analytics page's first paint: the report GET /v1/w/:ws/analytics answers, for the query
 * the URL names, and what the filters offer (the workspace's accounts, their networks, its
 * campaigns). Days are the viewer's: the zone in the URL, else the one on their profile, else
 * UTC until the browser says which (the page then reloads with its zone).
 */
export async function analyticsPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, workspaceIdParam);
  if (!can(actor, "analytics.read")) throw data("Analytics are for workspace members", { status: 403 });
  const url = new URL(request.url);
  const [[me], accounts, campaignList] = await Promise.all([
    db.select({ profile: users.profile }).from(users).where(eq(users.id, actor.userId)),
    db
      .select({ id: socialAccounts.id, name: socialAccounts.displayName, handle: socialAccounts.handle, network: socialAccounts.network })
      .from(socialAccounts)
      .where(eq(socialAccounts.workspaceId, workspace.id))
      .orderBy(asc(socialAccounts.displayName)),
    db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(eq(campaigns.workspaceId, workspace.id)).orderBy(desc(campaigns.id)).limit(200),
  ]);
  const profileZone = me?.profile.timezone ?? null;
  const { query, problem } = queryFromUrl(url.searchParams, profileZone ?? "UTC");
  const now = new Date();
  const report = await analyticsReport(db, actor, query, now);
  return {
    workspace: { id: workspace.id, name: workspace.name },
    query,
    problem,
    report,
    /** Whether the zone was chosen (in the link or on the profile); if not, the browser's replaces UTC. */
    zoneChosen: url.searchParams.has("tz") || profileZone !== null,
    accounts,
    campaigns: campaignList,
    /** The server's clock when the figures were read, so "updated 5 minutes ago" renders the same on both sides. */
    now: now.toISOString(),
  };
}

/**
 * A campaign's own rollup for its page: the report's totals for its pieces, from the day the
 * campaign was made (nothing of it can be published before) to today, in the workspace's zone.
 * Null when none of its pieces has been published, or the viewer may not read analytics.
 */
export async function campaignPerformance(db: Database, actor: Actor, campaign: { id: number; createdAt: Date }, now = new Date()) {
  if (!can(actor, "analytics.read")) return null;
  const tz = actor.workspaceSettings.preferences?.time_zone ?? "UTC";
  const day = (at: Date) => Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(tz).toPlainDate().toString();
  const query = { ...queryFromUrl(new URLSearchParams(), tz).query, preset: "custom" as const, from: day(campaign.createdAt), to: day(now), campaign_ids: [campaign.id] };
  const report = await analyticsReport(db, actor, query, now);
  if (!report.totals.posts.value) return null;
  return { totals: report.totals, period: report.period, updated_at: report.updated_at, tz: report.tz };
}
export type CampaignPerformance = NonNullable<Awaited<ReturnType<typeof campaignPerformance>>>;
