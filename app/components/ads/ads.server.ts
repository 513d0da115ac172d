import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { desc, eq } from "drizzle-orm";
import type { AdAccountOut, AdCampaignOut, AdSettingsOut, WizardStep } from "../../../core/contracts/ads";
import { wizardSteps } from "../../../core/contracts/ads";
import type * as z from "zod";
import type { audiencesOut, creativeSourcesOut } from "../../../core/contracts/ads";
import { campaigns } from "../../../worker/db/schema";
import { workspaceActionContext } from "~/lib/workspace.server";

/**
 * Loaders and actions for the paid-ads pages. They run the /v1 ads routes in-process as the
 * signed-in person (the same policy, read checks and presenters the API answers with), so the
 * page and its later API calls speak one shape.
 */

export type AudiencesOut = z.infer<typeof audiencesOut>;
export type CreativeSources = z.infer<typeof creativeSourcesOut>;

type Call = Awaited<ReturnType<typeof workspaceActionContext>>["call"];

/** A read the page cannot do without: its refusal becomes the page's error (403 for guests, 404 for strangers). */
async function must<T>(call: Call, path: string): Promise<T> {
  const result = await call<T>("GET", path);
  if (!result.ok) throw data(result.problem.message, { status: result.status });
  return result.data;
}

export async function paidAdsPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { call, db, workspace } = await workspaceActionContext(request, context, workspaceIdParam);
  const base = `/w/${workspace.id}/ads`;
  const [adCampaigns, accounts, settings, contentCampaigns] = await Promise.all([
    must<AdCampaignOut[]>(call, `${base}/campaigns`),
    must<AdAccountOut[]>(call, `${base}/accounts`),
    must<AdSettingsOut>(call, `${base}/settings`),
    // For "From a content campaign": the workspace's campaigns, newest first.
    db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(eq(campaigns.workspaceId, workspace.id)).orderBy(desc(campaigns.id)).limit(200),
  ]);
  return { workspace: { id: workspace.id, name: workspace.name }, adCampaigns, accounts, settings, contentCampaigns };
}

export type PaidAdsActionResult = { ok: true; intent: string; message: string } | { ok: false; intent: string; message: string; fields?: Record<string, string[]> };

export async function paidAdsAction(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { call, workspace } = await workspaceActionContext(request, context, workspaceIdParam);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const base = `/w/${workspace.id}/ads`;
  const fail = (intent: string, result: { status: number; problem: { message: string; fields?: Record<string, string[]> } }) =>
    data<PaidAdsActionResult>({ ok: false, intent, message: result.problem.message, fields: result.problem.fields }, { status: result.status >= 400 ? result.status : 400 });

  if (intent === "start") {
    const from = Number(form.get("content_campaign_id")) || null;
    const name = String(form.get("name") ?? "").trim();
    const result = await call<AdCampaignOut>("POST", `${base}/campaigns`, { content_campaign_id: from, ...(name ? { name } : {}) });
    if (!result.ok) return fail(intent, result);
    throw redirect(`/workspaces/${workspace.id}/paid-ads/wizard/${result.data.id}`);
  }
  if (intent === "sync") {
    const result = await call<{ synced: number; queued: number }>("POST", `${base}/sync`);
    if (!result.ok) return fail(intent, result);
    const { synced, queued } = result.data;
    const campaigns = (n: number) => (n === 1 ? "1 running campaign" : `${n} running campaigns`);
    const message = [synced ? `Figures brought up to date for ${campaigns(synced)}.` : null, queued ? `The network's figures for ${campaigns(queued)} arrive in a minute or two.` : null].filter(Boolean).join(" ");
    return { ok: true, intent, message: message || "No campaign is running: nothing to refresh." } satisfies PaidAdsActionResult;
  }
  const id = Number(form.get("ad_campaign_id"));
  if (!Number.isInteger(id) || id <= 0) return data<PaidAdsActionResult>({ ok: false, intent, message: "That form was incomplete. Reload the page and try again." }, { status: 400 });
  if (intent === "pause" || intent === "resume") {
    const result = await call<AdCampaignOut>("POST", `${base}/campaigns/${id}/${intent}`);
    if (!result.ok) return fail(intent, result);
    throw redirect(`/workspaces/${workspace.id}/paid-ads?done=${intent === "pause" ? "paused" : "resumed"}&campaign=${id}`);
  }
  if (intent === "delete") {
    const result = await call("DELETE", `${base}/campaigns/${id}`);
    if (!result.ok) return fail(intent, result);
    throw redirect(`/workspaces/${workspace.id}/paid-ads?done=deleted`);
  }
  if (intent === "cap") {
    const text = String(form.get("monthly_cap_minor") ?? "").trim();
    const result = await call<AdSettingsOut>("PUT", `${base}/settings`, { monthly_cap_minor: text === "" ? null : Number(text), currency: String(form.get("currency") ?? "") });
    if (!result.ok) return fail(intent, result);
    return { ok: true, intent, message: result.data.monthly_cap ? `The monthly cap is now ${result.data.monthly_cap.formatted}.` : "There is no monthly cap now." } satisfies PaidAdsActionResult;
  }
  return data<PaidAdsActionResult>({ ok: false, intent, message: "Unknown action." }, { status: 400 });
}

/** The wizard without a campaign: the start form (blank, or from `?from=<content campaign>`). */
export async function wizardStartPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { call, db, workspace } = await workspaceActionContext(request, context, workspaceIdParam);
  const [accounts, contentCampaigns] = await Promise.all([
    must<AdAccountOut[]>(call, `/w/${workspace.id}/ads/accounts`),
    db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(eq(campaigns.workspaceId, workspace.id)).orderBy(desc(campaigns.id)).limit(200),
  ]);
  const from = Number(new URL(request.url).searchParams.get("from")) || null;
  return { kind: "start" as const, workspace: { id: workspace.id, name: workspace.name }, accounts, contentCampaigns, from: contentCampaigns.some((c) => c.id === from) ? from : null };
}

/**
 * One ad campaign in the wizard: the draft, the step to show (`?step=`, else the first one
 * not complete, so leaving and coming back resumes), and what the steps offer.
 */
export async function wizardPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined, campaignIdParam: string) {
  const { call, workspace, actor } = await workspaceActionContext(request, context, workspaceIdParam);
  const id = Number(campaignIdParam);
  if (!Number.isInteger(id) || id <= 0) throw data("Ad campaign not found", { status: 404 });
  const base = `/w/${workspace.id}/ads`;
  const campaign = await must<AdCampaignOut>(call, `${base}/campaigns/${id}`);
  const [accounts, settings, audiences, sources] = await Promise.all([
    must<AdAccountOut[]>(call, `${base}/accounts`),
    must<AdSettingsOut>(call, `${base}/settings`),
    must<AudiencesOut>(call, `${base}/audiences`),
    must<CreativeSources>(call, `${base}/campaigns/${id}/creative-sources`),
  ]);
  const asked = new URL(request.url).searchParams.get("step");
  const step: WizardStep = (wizardSteps as readonly string[]).includes(asked ?? "") ? (asked as WizardStep) : resumeStep(campaign);
  return {
    kind: "wizard" as const,
    workspace: { id: workspace.id, name: workspace.name },
    campaign,
    step,
    accounts,
    settings,
    audiences,
    sources,
    timeZone: actor.workspaceSettings.preferences?.time_zone ?? "UTC",
  };
}

/** Where a returning person picks up: the step a launch error named, else the first incomplete one, else review. */
export function resumeStep(campaign: Pick<AdCampaignOut, "steps" | "error">): WizardStep {
  if (campaign.error) return campaign.error.step;
  return campaign.steps.find((state) => state.step !== "review" && !state.complete)?.step ?? "review";
}
