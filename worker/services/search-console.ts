import { and, asc, eq, ne } from "drizzle-orm";
import { SEARCH_PERFORMANCE_DAYS } from "../../core/contracts/search-console";
import { thirdPartyIntegrations, type ThirdPartyIntegration } from "../db/schema";
import { integrationFailure, withIntegrationToken, workspaceIntegration } from "./integrations/access";
import { googleMessage, propertyCovers, requestPerformance, type PerformanceRow } from "./integrations/google-search-console";
import type { ProviderContext } from "./publishing/providers/types";

/**
 * Search performance for the SEO analysis: clicks, impressions, CTR and position over the last
 * 28 days from the workspace's Search Console property, for one page when the property covers
 * it, else the site's top queries.
 */

const PROVIDER = "google_search_console";
const TOP_QUERIES = 10;
const DAY_MS = 86_400_000;

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const figures = (row: PerformanceRow | undefined) =>
  row ? { clicks: row.clicks, impressions: row.impressions, ctr: row.ctr, position: row.position } : { clicks: 0, impressions: 0, ctr: 0, position: 0 };

const presentProperty = (row: ThirdPartyIntegration) => ({ id: row.id, site_url: row.settings.siteUrl ?? row.externalId, display_name: row.displayName, state: row.state, state_reason: row.stateReason });

export async function searchPerformance(ctx: ProviderContext, workspaceId: number, input: { integrationId?: number; page?: string }) {
  const properties = await ctx.db
    .select()
    .from(thirdPartyIntegrations)
    .where(and(eq(thirdPartyIntegrations.workspaceId, workspaceId), eq(thirdPartyIntegrations.provider, PROVIDER), ne(thirdPartyIntegrations.state, "disconnected")))
    .orderBy(asc(thirdPartyIntegrations.displayName));
  const siteOf = (row: ThirdPartyIntegration) => row.settings.siteUrl ?? row.externalId;
  const chosen = input.integrationId
    ? await workspaceIntegration(ctx, workspaceId, input.integrationId, PROVIDER)
    : ((input.page ? properties.find((row) => propertyCovers(siteOf(row), input.page!)) : undefined) ?? properties[0]);
  if (!chosen) return { connected: false as const, properties: [] };

  const siteUrl = siteOf(chosen);
  const page = input.page && propertyCovers(siteUrl, input.page) ? input.page : null;
  // Google's figures settle over two or three days; the window ends yesterday (UTC).
  const end = ctx.now() - DAY_MS;
  const range = { siteUrl, startDate: ymd(end - (SEARCH_PERFORMANCE_DAYS - 1) * DAY_MS), endDate: ymd(end), page };
  const ask = async (dimensions: ("query" | "page")[], rowLimit: number) => {
    const answer = await withIntegrationToken(ctx, chosen, (token) => requestPerformance(ctx, token, { ...range, dimensions, rowLimit }));
    if (!answer.response.ok) throw integrationFailure("Google Search Console", answer, googleMessage(answer));
    return answer.body?.rows ?? [];
  };
  // One after the other: the first may refresh the token that the second then uses.
  const totals = await ask([], 1);
  const queries = await ask(["query"], TOP_QUERIES);
  return {
    connected: true as const,
    properties: properties.map(presentProperty),
    property: presentProperty(chosen),
    scope: page ? ("page" as const) : ("site" as const),
    page,
    start_date: range.startDate,
    end_date: range.endDate,
    has_data: totals.length > 0 && (totals[0]!.impressions > 0 || queries.length > 0),
    totals: figures(totals[0]),
    queries: queries.map((row) => ({ query: row.keys[0] ?? "", ...figures(row) })),
  };
}
