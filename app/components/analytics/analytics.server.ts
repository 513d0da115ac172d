import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { MAX_PERIOD_DAYS } from "../../../core/analytics/period";
import type { Database } from "../../../worker/db/client";
import { campaigns, postMetrics, socialAccounts, users } from "../../../worker/db/schema";
import { HttpError } from "../../../worker/lib/errors";
import { can, type Actor } from "../../../worker/policies";
import { presentAnalytics } from "../../../worker/presenters/analytics";
import { analyticsReport } from "../../../worker/services/analytics/report";
import type { AnalyticsQuery } from "../../../core/contracts/analytics";
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
  const asked = queryFromUrl(url.searchParams, profileZone ?? "UTC");
  const now = Date.now();
  const { query, problem, report } = await reportOrDefault(db, actor, asked.query, asked.problem, now);
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
    now: new Date(now).toISOString(),
  };
}

/** The report as the API presents it; a period the report refuses (a custom range in the future, over a year) shows the last 28 days, saying why. */
async function reportOrDefault(db: Database, actor: Actor, query: AnalyticsQuery, problem: string | null, now: number) {
  try {
    return { query, problem, report: presentAnalytics(await analyticsReport(db, actor, query, now)) };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 400) throw error;
    const fallback = { ...queryFromUrl(new URLSearchParams(), query.tz).query };
    const reason = error.message.replace(/^Invalid query: /, "");
    return { query: fallback, problem: `That period cannot be shown (${reason}), so the last 28 days are.`, report: presentAnalytics(await analyticsReport(db, actor, fallback, now)) };
  }
}

/**
 * A campaign's own rollup for its page: the report's totals for its pieces, from the day the
 * campaign was made (nothing of it can be published before) to today, in the workspace's zone.
 * Null when none of its pieces has been published, or the viewer may not read analytics.
 */
export async function campaignPerformance(db: Database, actor: Actor, campaign: { id: number; createdAt: Date }, now = Date.now()) {
  if (!can(actor, "analytics.read")) return null;
  // Most campaigns have no published piece: one indexed lookup spares them the whole report.
  const [published] = await db
    .select({ targetId: postMetrics.targetId })
    .from(postMetrics)
    .where(and(eq(postMetrics.workspaceId, actor.workspaceId), eq(postMetrics.campaignId, campaign.id)))
    .limit(1);
  if (!published) return null;
  const tz = actor.workspaceSettings.preferences?.time_zone ?? "UTC";
  const today = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(tz).toPlainDate();
  const made = Temporal.Instant.fromEpochMilliseconds(campaign.createdAt.getTime()).toZonedDateTimeISO(tz).toPlainDate();
  // A period is at most MAX_PERIOD_DAYS: an older campaign shows its last year.
  const yearAgo = today.subtract({ days: MAX_PERIOD_DAYS - 1 });
  const from = Temporal.PlainDate.compare(made, yearAgo) < 0 ? yearAgo : Temporal.PlainDate.compare(made, today) > 0 ? today : made;
  const query: AnalyticsQuery = { ...queryFromUrl(new URLSearchParams(), tz).query, preset: "custom", from: from.toString(), to: today.toString(), campaign_ids: [campaign.id] };
  const report = presentAnalytics(await analyticsReport(db, actor, query, now));
  if (!report.totals.posts.value) return null;
  return { totals: report.totals, query, updated_at: report.updated_at };
}
export type CampaignPerformance = NonNullable<Awaited<ReturnType<typeof campaignPerformance>>>;
