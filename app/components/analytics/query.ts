import { analyticsQuery, type AnalyticsQuery, type exportViews, type PeriodPreset } from "../../../core/contracts/analytics";

/**
 * The analytics page's URL is its query (AnalyticsQuery), so a view is a link and the back
 * button returns to the one before. Lists are written `a,b` as the API reads them; a form's
 * repeated fields (`networks=a&networks=b`, as the filters post without JavaScript) mean the same.
 */

export const PRESET_LABELS: Record<PeriodPreset, string> = {
  last_7_days: "Last 7 days",
  last_28_days: "Last 28 days",
  last_90_days: "Last 90 days",
  this_month: "This month",
  last_month: "Last month",
  this_year: "This year",
  custom: "Custom range",
};

const LISTS = ["networks", "account_ids", "campaign_ids", "content_types"] as const;
export type FilterKey = (typeof LISTS)[number];

/** What the URL asks for, one value per field (repeated fields joined), blanks left out. */
export function wantedFrom(params: URLSearchParams): Record<string, string> {
  const wanted: Record<string, string> = {};
  for (const key of new Set(params.keys())) {
    const value = params.getAll(key).filter(Boolean).join(",");
    if (value) wanted[key] = value;
  }
  return wanted;
}

/**
 * The query a URL names. A link that no longer parses (a campaign id typed by hand, a zone that
 * does not exist) shows the default view with a sentence saying so, rather than an error page.
 */
export function queryFromUrl(params: URLSearchParams, defaultZone: string): { query: AnalyticsQuery; problem: string | null } {
  const wanted = { tz: defaultZone, ...wantedFrom(params) };
  const parsed = analyticsQuery.safeParse(wanted);
  if (parsed.success) return { query: parsed.data, problem: null };
  const issue = parsed.error.issues[0];
  return {
    query: analyticsQuery.parse({ tz: analyticsQuery.safeParse({ tz: wanted.tz }).success ? wanted.tz : "UTC" }),
    problem: `This link's ${String(issue?.path[0] ?? "query")} ${issue?.message ?? "was not understood"}, so the last 28 days are shown, without filters.`,
  };
}

/** The query as URL search params (defaults left out, so links stay short), with `changes` applied. */
export function searchOf(query: AnalyticsQuery, changes: Partial<AnalyticsQuery> = {}): URLSearchParams {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.preset !== "last_28_days") params.set("preset", next.preset);
  if (next.preset === "custom" && next.from && next.to) {
    params.set("from", next.from);
    params.set("to", next.to);
  }
  params.set("tz", next.tz);
  for (const key of LISTS) if (next[key].length) params.set(key, next[key].join(","));
  return params;
}

/** The CSV of one section of the view on screen (GET …/analytics/export.csv, answered as a download). */
export function exportHref(workspaceId: number, query: AnalyticsQuery, view: (typeof exportViews)[number]) {
  const params = searchOf(query);
  params.set("view", view);
  return `/v1/w/${workspaceId}/analytics/export.csv?${params}`;
}

export function analyticsHref(workspaceId: number, query: AnalyticsQuery, changes: Partial<AnalyticsQuery> = {}) {
  return `/workspaces/${workspaceId}/analytics?${searchOf(query, changes)}`;
}
