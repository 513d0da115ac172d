import { MIN_DAILY_BUDGET_MINOR } from "../../../../core/ads/budgets";
import { OBJECTIVES } from "../../../../core/ads/objectives";
import { AdsNetworkError, type AdsProvider, type InsightDay, type InsightsRequest } from "./types";

/**
 * The Sandbox ads network: nothing is bought and nothing leaves the Worker. Delivery is simulated
 * deterministically so the whole flow works offline: spend accrues over the schedule in proportion
 * to the time that passed (a daily budget per day, a lifetime budget across the schedule, never
 * beyond either), impressions follow from spend at the objective's CPM, clicks and results at its
 * rates, all integers. A link to a `.invalid` host is refused, as a network refuses a dead link.
 */

const DAY_MS = 86_400_000;
/** The smallest custom audience that delivers (Meta's rule of thumb: 100 matched people). */
const MIN_CUSTOM_AUDIENCE = 100;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const nextDayStart = (ms: number) => {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
};

/** Impressions, clicks and results bought by a cumulative spend: derived from totals so small steps never round away. */
function deliveredBy(request: Pick<InsightsRequest, "objective" | "budget" | "campaignId">, spendMinor: number) {
  const rates = OBJECTIVES[request.objective].sandbox;
  // The CPM table is in USD cents; other currencies scale by their minimum budget, the table's "one dollar".
  const cpm = Math.max(1, Math.round((rates.cpmMinor * (MIN_DAILY_BUDGET_MINOR[request.budget.currency] ?? 100)) / 100));
  // Each campaign performs a little differently, the same way every time.
  const spread = 90 + ((request.campaignId * 37) % 21);
  const impressions = Math.floor((spendMinor * 1000 * spread) / (cpm * 100));
  return {
    impressions,
    clicks: Math.floor((impressions * rates.clicksPerMille) / 1000),
    results: Math.floor((impressions * rates.resultsPerMille) / 1000),
  };
}

/** Spend accrued over [from, to) by the budget, in minor units (rounded down: never over budget). */
function accrued(request: InsightsRequest, from: number, to: number): number {
  const { budget, schedule } = request;
  if (to <= from) return 0;
  if (budget.type === "daily") return Math.floor((budget.amount_minor * (to - from)) / DAY_MS);
  const total = Date.parse(schedule.end!) - Date.parse(schedule.start);
  return Math.floor((budget.amount_minor * (to - from)) / Math.max(total, 1));
}

export const sandboxAdsProvider: AdsProvider = {
  network: "sandbox",
  sandbox: true,
  async createCampaign(_ctx, spec) {
    return `sandbox-campaign-${spec.campaignId}`;
  },
  async createAdSet(_ctx, spec) {
    // Like Meta, a custom audience too small to match anyone is refused.
    if (spec.hubspotContacts != null && spec.hubspotContacts < MIN_CUSTOM_AUDIENCE)
      throw new AdsNetworkError(`The HubSpot contacts audience has ${spec.hubspotContacts} people; a custom audience needs at least ${MIN_CUSTOM_AUDIENCE}.`, "audience", "bad_input");
    return `sandbox-adset-${spec.campaignId}`;
  },
  async createCreative(_ctx, spec, index) {
    const creative = spec.creatives[index]!;
    if (creative.link_url && new URL(creative.link_url).hostname.endsWith(".invalid"))
      throw new AdsNetworkError(`The Sandbox could not reach ${creative.link_url}: use a link that opens.`, "creatives", "bad_input");
    return `sandbox-creative-${spec.campaignId}-${index + 1}`;
  },
  async createAd(_ctx, spec, _adSet, _creative, index) {
    return `sandbox-ad-${spec.campaignId}-${index + 1}`;
  },
  async setStatus() {},
  async insights(_ctx, request) {
    const start = Math.max(request.from, Date.parse(request.schedule.start));
    const end = Math.min(request.to, request.schedule.end ? Date.parse(request.schedule.end) : Infinity);
    const known = new Map(request.known.map((day) => [day.day, { ...day }]));
    let totalSpend = request.known.reduce((sum, day) => sum + day.spendMinor, 0);
    let allowance = request.maxSpendMinor ?? Infinity;
    if (request.budget.type === "lifetime") allowance = Math.min(allowance, request.budget.amount_minor - totalSpend);
    const touched: InsightDay[] = [];
    for (let cursor = start; cursor < end && allowance > 0; cursor = nextDayStart(cursor)) {
      const stop = Math.min(end, nextDayStart(cursor));
      const day = known.get(dayOf(cursor)) ?? { day: dayOf(cursor), spendMinor: 0, results: 0, impressions: 0, clicks: 0 };
      // A daily budget is a per-day ceiling as well as a rate.
      const dayRoom = request.budget.type === "daily" ? request.budget.amount_minor - day.spendMinor : Infinity;
      const spend = Math.max(0, Math.min(accrued(request, cursor, stop), dayRoom, allowance));
      const before = deliveredBy(request, totalSpend);
      totalSpend += spend;
      allowance -= spend;
      const after = deliveredBy(request, totalSpend);
      day.spendMinor += spend;
      day.impressions += after.impressions - before.impressions;
      day.clicks += after.clicks - before.clicks;
      day.results += after.results - before.results;
      touched.push(day);
    }
    return touched;
  },
};
