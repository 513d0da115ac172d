import { costPerResultMinor, resultLabel } from "../../core/ads/objectives";
import { money } from "../../core/ads/money";
import { validateStep, type WizardContext } from "../../core/ads/wizard";
import { wizardSteps, type AdAccountOut, type AdCampaignOut, type AdSettingsOut, type WizardStep } from "../../core/contracts/ads";
import type { z } from "zod";
import type { savedAudienceOut } from "../../core/contracts/ads";
import type { AdAccount, AdCampaign, SavedAudience } from "../db/schema";
import { can, type Actor } from "../policies";
import { missingSteps } from "../../core/ads/wizard";
import type { CapState } from "../services/ads/spend-cap";

const iso = (value: Date | number | null) => (value == null ? null : new Date(value).toISOString());

/** Never the credentials. */
export function presentAdAccount(account: AdAccount): AdAccountOut {
  return {
    id: account.id,
    network: account.network,
    name: account.name,
    external_id: account.externalId,
    currency: account.currency,
    timezone: account.timezone,
    sandbox: account.network === "sandbox",
  };
}

export function presentAdSettings(cap: CapState): AdSettingsOut {
  return {
    monthly_cap: cap.capMinor == null ? null : money(cap.capMinor, cap.currency),
    spent_this_month: money(cap.spentMinor, cap.currency),
    remaining_this_month: cap.remainingMinor == null ? null : money(cap.remainingMinor, cap.currency),
    currency: cap.currency,
  };
}

/** Each step: saved and passing as things stand, or what is wrong with it. */
function stepStates(campaign: AdCampaign, context: WizardContext) {
  const missing = new Set<WizardStep>(missingSteps(campaign.draft));
  return wizardSteps.map((step) => {
    if (step === "review") {
      const ready = missing.size === 0 && wizardSteps.every((other) => other === "review" || Object.keys(validateStep(other, campaign.draft, context)).length === 0);
      // Review is complete when every other step is: the campaign is ready to launch.
      return { step, complete: ready, errors: {} };
    }
    const errors = validateStep(step, campaign.draft, context);
    return { step, complete: !missing.has(step) && Object.keys(errors).length === 0, errors };
  });
}

export function presentAdCampaign(
  campaign: AdCampaign,
  account: AdAccount,
  contentCampaign: { id: number; name: string } | null,
  context: WizardContext,
  actor: Actor,
): AdCampaignOut {
  const manage = can(actor, "ads.manage");
  const editable = campaign.status === "draft" || campaign.status === "failed";
  const saved = campaign.draft.budget;
  const perResult = costPerResultMinor(campaign.spendMinor, campaign.results);
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    objective: campaign.objective,
    result_label: campaign.objective ? resultLabel(campaign.objective) : null,
    special_ad_categories: campaign.specialAdCategories,
    ad_account: presentAdAccount(account),
    content_campaign: contentCampaign,
    budget: saved?.budget ?? null,
    schedule: saved ? { start: saved.schedule.start, end: saved.schedule.end } : null,
    spend: money(campaign.spendMinor, account.currency),
    results: campaign.results,
    impressions: campaign.impressions,
    clicks: campaign.clicks,
    cost_per_result: perResult == null ? null : money(perResult, account.currency),
    last_synced_at: iso(campaign.lastSyncedAt),
    error: campaign.error && campaign.errorStep && campaign.errorClass ? { step: campaign.errorStep, message: campaign.error, class: campaign.errorClass } : null,
    network_ids: { campaign: campaign.networkCampaignId, ad_set: campaign.networkAdSetId, creatives: campaign.networkCreativeIds, ads: campaign.networkAdIds },
    draft: campaign.draft,
    steps: stepStates(campaign, context),
    launched_at: iso(campaign.launchedAt),
    created_at: iso(campaign.createdAt)!,
    updated_at: iso(campaign.updatedAt)!,
    can: {
      manage,
      launch: manage && editable,
      pause: manage && campaign.status === "active",
      resume: manage && campaign.status === "paused",
      delete: manage && editable,
    },
  };
}

export function presentSavedAudience(audience: SavedAudience): z.infer<typeof savedAudienceOut> {
  return { id: audience.id, name: audience.name, targeting: audience.targeting, created_at: iso(audience.createdAt)! };
}
