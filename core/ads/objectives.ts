import type { AdObjective } from "../contracts/ads";

/**
 * What each objective buys: the result it counts, the Meta optimization goal and billing event its
 * ad set uses, and the Sandbox's delivery rates (per 1,000 impressions) used to simulate it.
 */
export interface ObjectiveRule {
  label: string;
  /** Words for one result and many: "link click" / "link clicks". */
  result: [singular: string, plural: string];
  /** The `actions[].action_type` Meta's insights report the result under (null: a field of its own, reach). */
  metaActionType: string | null;
  optimizationGoal: string;
  billingEvent: "IMPRESSIONS" | "LINK_CLICKS";
  /** Sandbox: cost per 1,000 impressions in minor units of USD-like currencies, clicks and results per 1,000 impressions. */
  sandbox: { cpmMinor: number; clicksPerMille: number; resultsPerMille: number };
}

export const OBJECTIVES: Record<AdObjective, ObjectiveRule> = {
  OUTCOME_AWARENESS: {
    label: "Awareness",
    result: ["person reached", "people reached"],
    metaActionType: null,
    optimizationGoal: "REACH",
    billingEvent: "IMPRESSIONS",
    sandbox: { cpmMinor: 350, clicksPerMille: 6, resultsPerMille: 700 },
  },
  OUTCOME_TRAFFIC: {
    label: "Traffic",
    result: ["link click", "link clicks"],
    metaActionType: "link_click",
    optimizationGoal: "LINK_CLICKS",
    billingEvent: "IMPRESSIONS",
    sandbox: { cpmMinor: 800, clicksPerMille: 14, resultsPerMille: 11 },
  },
  OUTCOME_ENGAGEMENT: {
    label: "Engagement",
    result: ["post engagement", "post engagements"],
    metaActionType: "post_engagement",
    optimizationGoal: "POST_ENGAGEMENT",
    billingEvent: "IMPRESSIONS",
    sandbox: { cpmMinor: 600, clicksPerMille: 9, resultsPerMille: 30 },
  },
  OUTCOME_LEADS: {
    label: "Leads",
    result: ["lead", "leads"],
    metaActionType: "lead",
    optimizationGoal: "OFFSITE_CONVERSIONS",
    billingEvent: "IMPRESSIONS",
    sandbox: { cpmMinor: 1200, clicksPerMille: 10, resultsPerMille: 1 },
  },
  OUTCOME_APP_PROMOTION: {
    label: "App promotion",
    result: ["app install", "app installs"],
    metaActionType: "mobile_app_install",
    optimizationGoal: "APP_INSTALLS",
    billingEvent: "IMPRESSIONS",
    sandbox: { cpmMinor: 1000, clicksPerMille: 12, resultsPerMille: 2 },
  },
  OUTCOME_SALES: {
    label: "Sales",
    result: ["purchase", "purchases"],
    metaActionType: "offsite_conversion.fb_pixel_purchase",
    optimizationGoal: "OFFSITE_CONVERSIONS",
    billingEvent: "IMPRESSIONS",
    sandbox: { cpmMinor: 1400, clicksPerMille: 10, resultsPerMille: 1 },
  },
};

/** "link clicks" — the column heading for an objective's results. */
export const resultLabel = (objective: AdObjective) => OBJECTIVES[objective].result[1];

/** Cost per result in minor units, rounded to the nearest unit; null before the first result. */
export const costPerResultMinor = (spendMinor: number, results: number) => (results > 0 ? Math.round(spendMinor / results) : null);
