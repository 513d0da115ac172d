import { OBJECTIVES } from "../../../../core/ads/objectives";
import { minorDigits } from "../../../../core/ads/money";
import { PLACEMENTS } from "../../../../core/ads/placements";
import type { WizardStep } from "../../../../core/contracts/ads";
import { read } from "../../publishing/providers/http";
import { GRAPH_API_VERSION, metaHosts } from "../../publishing/providers/meta-graph";
import { AdsNetworkError, type AdErrorClass, type AdsProvider, type AdsProviderContext, type InsightDay, type LaunchSpec } from "./types";

/**
 * The Meta Marketing API with plain fetch (Graph, the version publishing pins): POST
 * /act_{id}/campaigns, /adsets, /adcreatives and /ads as form fields (objects as JSON, budgets in
 * the account currency's minor units), everything created PAUSED; POST /{id} with `status`;
 * GET /{campaign}/insights by day. Meta's error JSON is mapped to the wizard step to fix:
 * `blame_field_specs` first, then known subcodes, then the call that failed.
 */

/** The deployment's Meta ads settings; null: only the Sandbox ads account is offered. */
export function metaAdsConfig(env: Env): { accessToken: string; adAccountId: string; pageId: string | null; appSecret: string | null } | null {
  const accessToken = read(env, "META_ADS_ACCESS_TOKEN");
  const adAccountId = read(env, "META_AD_ACCOUNT_ID")?.replace(/^act_/, "");
  if (!accessToken || !adAccountId) return null;
  return { accessToken, adAccountId, pageId: read(env, "META_ADS_PAGE_ID") ?? null, appSecret: read(env, "META_APP_SECRET") ?? null };
}

const graph = (env: Env) => `${metaHosts(env).facebookGraph}/${GRAPH_API_VERSION}`;

async function appSecretProof(token: string, secret: string) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(token)));
  return [...mac].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function authParams(ctx: AdsProviderContext): Promise<Record<string, string>> {
  const config = metaAdsConfig(ctx.env);
  const token = ctx.account.accessToken ?? config?.accessToken;
  if (!token) throw new AdsNetworkError("Meta ads are not configured on this deployment (META_ADS_ACCESS_TOKEN).", "objective", "auth");
  return config?.appSecret ? { access_token: token, appsecret_proof: await appSecretProof(token, config.appSecret) } : { access_token: token };
}

/** Meta's error object, with the Marketing API's extras. */
interface MetaError {
  message?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
  blame_field_specs?: string[][];
}

/** Which step a blamed field belongs to. */
function stepOfBlamedField(path: string[]): WizardStep | null {
  const [head, next] = path;
  if (!head) return null;
  if (head === "targeting") return next && /publisher_platforms|_positions$|device_platforms/.test(next) ? "placements" : "audience";
  if (/budget|start_time|end_time|bid_/.test(head)) return "budget";
  if (head === "special_ad_categories" || head === "special_ad_category_country") return "categories";
  if (head === "objective" || head === "promoted_object" || head === "optimization_goal" || head === "billing_event") return "objective";
  if (head === "creative" || head === "object_story_spec" || head === "link_data" || head === "call_to_action") return "creatives";
  if (head === "name") return "review";
  return null;
}

/** Subcodes Meta documents for ad set budgets and targeting. */
const SUBCODE_STEPS: Record<number, WizardStep> = {
  1885272: "budget", // "Your budget is too low"
  1487146: "budget", // "Invalid budget"
  1885183: "creatives", // the ad's Page is missing or not usable
  1487079: "audience", // "Invalid targeting spec"
};

function classOf(error: MetaError, status: number): AdErrorClass {
  const code = error.code ?? 0;
  if (code === 190 || status === 401) return "auth";
  if ([4, 17, 32, 613, 80000, 80004].includes(code)) return "rate_limit";
  if ([10, 200, 294, 270].includes(code) || (code >= 200 && code < 300)) return "permission";
  if (error.is_transient || code === 1 || code === 2 || status >= 500) return "retry";
  return "bad_input";
}

/** Meta's error JSON as our error: the step, the class, and the words Meta gives people. */
export function mapMetaError(body: unknown, status: number, callStep: WizardStep): AdsNetworkError {
  const error: MetaError = ((body as { error?: MetaError } | null)?.error ?? {}) as MetaError;
  const errorClass = classOf(error, status);
  const blamed = (error.blame_field_specs ?? []).map(stepOfBlamedField).find((step): step is WizardStep => step != null);
  const step = errorClass === "bad_input" ? (blamed ?? (error.error_subcode ? SUBCODE_STEPS[error.error_subcode] : undefined) ?? callStep) : callStep;
  const title = error.error_user_title ? `${error.error_user_title}: ` : "";
  const words = error.error_user_msg ? `${title}${error.error_user_msg}` : (error.message ?? `Meta answered ${status}`);
  const codes = [error.code != null ? `code ${error.code}` : null, error.error_subcode ? `subcode ${error.error_subcode}` : null].filter(Boolean).join(", ");
  return new AdsNetworkError(`Meta: ${words}${codes ? ` (${codes})` : ""}`, step, errorClass);
}

async function call(ctx: AdsProviderContext, method: "GET" | "POST", path: string, fields: Record<string, unknown>, step: WizardStep): Promise<Record<string, unknown>> {
  const params = new URLSearchParams(await authParams(ctx));
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  const url = `${graph(ctx.env)}${path}`;
  let response: Response;
  try {
    response =
      method === "GET"
        ? await ctx.fetch.call(globalThis, `${url}?${params}`, { method })
        : await ctx.fetch.call(globalThis, url, { method, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: params.toString() });
  } catch (cause) {
    throw new AdsNetworkError(`Meta could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`, step, "retry");
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !body || body.error) throw mapMetaError(body, response.status, step);
  return body;
}

const idOf = (body: Record<string, unknown>) => String(body.id);
const act = (ctx: AdsProviderContext) => `/act_${ctx.account.externalId}`;

/** Meta's targeting spec from the audience and placements steps. */
export function metaTargeting(spec: LaunchSpec) {
  const { audience } = spec;
  const by = (type: string) => audience.locations.filter((location) => location.type === type);
  const geo: Record<string, unknown> = {};
  if (by("country").length) geo.countries = by("country").map((location) => location.key);
  if (by("region").length) geo.regions = by("region").map((location) => ({ key: location.key }));
  if (by("city").length) geo.cities = by("city").map((location) => ({ key: location.key, ...(location.radius_miles ? { radius: location.radius_miles, distance_unit: "mile" } : {}) }));
  if (by("zip").length) geo.zips = by("zip").map((location) => ({ key: location.key }));
  const targeting: Record<string, unknown> = { geo_locations: geo, age_min: audience.age_min, age_max: audience.age_max };
  if (audience.genders !== "all") targeting.genders = [audience.genders === "men" ? 1 : 2];
  if (audience.interests.length) targeting.flexible_spec = [{ interests: audience.interests.map(({ id, name }) => ({ id, name })) }];
  if (!spec.automaticPlacements) {
    const platforms = new Set<string>();
    const positions: Record<string, string[]> = {};
    for (const placement of spec.placements) {
      const meta = PLACEMENTS[placement].meta;
      platforms.add(meta.platform);
      if (meta.positionField && meta.position) (positions[meta.positionField] ??= []).push(meta.position);
    }
    targeting.publisher_platforms = [...platforms];
    Object.assign(targeting, positions);
  }
  return targeting;
}

/** "12.34" in the account's currency → 1234 minor units, without a float ever holding money. */
export function minorFromDecimal(value: unknown, currency: string): number {
  const text = String(value ?? "0").trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return 0;
  const digits = minorDigits(currency);
  const fraction = (match[2] ?? "").padEnd(digits, "0").slice(0, digits);
  return Number(match[1]) * 10 ** digits + Number(fraction || "0");
}

const isoSeconds = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, "+0000");

export const metaAdsProvider: AdsProvider = {
  network: "meta",
  sandbox: false,
  async createCampaign(ctx, spec) {
    const special = spec.specialAdCategories.filter((category) => category !== "NONE");
    const countries = spec.audience.locations.filter((location) => location.type === "country").map((location) => location.key);
    const body = await call(
      ctx,
      "POST",
      `${act(ctx)}/campaigns`,
      {
        name: spec.name,
        objective: spec.objective,
        special_ad_categories: special,
        ...(special.length ? { special_ad_category_country: countries } : {}),
        // Budgets live on the ad set; Meta asks to say so explicitly since v23.
        is_adset_budget_sharing_enabled: "false",
        status: "PAUSED",
      },
      "objective",
    );
    return idOf(body);
  },
  async createAdSet(ctx, spec, campaignId) {
    const rule = OBJECTIVES[spec.objective];
    const promoted: Record<string, string> = {};
    if (spec.pixelId) Object.assign(promoted, { pixel_id: spec.pixelId, custom_event_type: spec.objective === "OUTCOME_LEADS" ? "LEAD" : "PURCHASE" });
    if (spec.objective === "OUTCOME_APP_PROMOTION") promoted.object_store_url = spec.appStoreUrl;
    if (spec.objective === "OUTCOME_ENGAGEMENT" && ctx.account.pageId) promoted.page_id = ctx.account.pageId;
    const body = await call(
      ctx,
      "POST",
      `${act(ctx)}/adsets`,
      {
        name: `${spec.name} — ad set`,
        campaign_id: campaignId,
        [spec.budget.type === "daily" ? "daily_budget" : "lifetime_budget"]: String(spec.budget.amount_minor),
        billing_event: rule.billingEvent,
        optimization_goal: rule.optimizationGoal,
        bid_strategy: "LOWEST_COST_WITHOUT_CAP",
        targeting: metaTargeting(spec),
        start_time: isoSeconds(spec.schedule.start),
        end_time: spec.schedule.end ? isoSeconds(spec.schedule.end) : undefined,
        promoted_object: Object.keys(promoted).length ? promoted : undefined,
        status: "PAUSED",
      },
      "budget",
    );
    return idOf(body);
  },
  async createCreative(ctx, spec, index) {
    const creative = spec.creatives[index]!;
    if (!ctx.account.pageId) throw new AdsNetworkError("Meta ads need a Facebook Page to speak as: set META_ADS_PAGE_ID.", "creatives", "bad_input");
    const link = creative.link_url || spec.appStoreUrl;
    const picture = creative.upload_id ? spec.imageUrls[creative.upload_id] : undefined;
    const body = await call(
      ctx,
      "POST",
      `${act(ctx)}/adcreatives`,
      {
        name: `${spec.name} — creative ${index + 1}`,
        object_story_spec: {
          page_id: ctx.account.pageId,
          link_data: {
            message: creative.primary_text,
            link,
            ...(creative.headline ? { name: creative.headline } : {}),
            ...(creative.description ? { description: creative.description } : {}),
            ...(picture ? { picture } : {}),
            call_to_action: { type: creative.call_to_action, value: { link } },
          },
        },
      },
      "creatives",
    );
    return idOf(body);
  },
  async createAd(ctx, spec, adSetId, creativeId, index) {
    const body = await call(ctx, "POST", `${act(ctx)}/ads`, { name: `${spec.name} — ad ${index + 1}`, adset_id: adSetId, creative: { creative_id: creativeId }, status: "PAUSED" }, "creatives");
    return idOf(body);
  },
  async setStatus(ctx, networkId, status) {
    await call(ctx, "POST", `/${networkId}`, { status }, "review");
  },
  async insights(ctx, request) {
    const since = new Date(request.from).toISOString().slice(0, 10);
    const until = new Date(request.to).toISOString().slice(0, 10);
    const body = await call(
      ctx,
      "GET",
      `/${request.networkCampaignId}/insights`,
      { fields: "spend,impressions,clicks,reach,actions", time_increment: "1", time_range: { since, until }, limit: "100" },
      "review",
    );
    const rule = OBJECTIVES[request.objective];
    const rows = (body.data as Record<string, unknown>[] | undefined) ?? [];
    return rows.map((row): InsightDay => {
      const actions = (row.actions as { action_type: string; value: string }[] | undefined) ?? [];
      const results = rule.metaActionType ? Number(actions.find((action) => action.action_type === rule.metaActionType)?.value ?? 0) : Number(row.reach ?? 0);
      return {
        day: String(row.date_start),
        spendMinor: minorFromDecimal(row.spend, request.budget.currency),
        impressions: Math.trunc(Number(row.impressions ?? 0)),
        clicks: Math.trunc(Number(row.clicks ?? 0)),
        results: Math.trunc(results),
      };
    });
  },
};

/** The ad account's name, currency and time zone, for its row. */
export async function describeMetaAccount(ctx: AdsProviderContext): Promise<{ name: string; currency: string; timezone: string }> {
  const body = await call(ctx, "GET", act(ctx), { fields: "name,currency,timezone_name" }, "objective");
  return { name: String(body.name ?? `Meta ad account ${ctx.account.externalId}`), currency: String(body.currency ?? "USD"), timezone: String(body.timezone_name ?? "UTC") };
}
