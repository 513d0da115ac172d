import { and, eq, inArray } from "drizzle-orm";
import { validateAll } from "../../../core/ads/wizard";
import { placementsIn } from "../../../core/ads/placements";
import type { Database } from "../../db/client";
import { adCampaigns, type AdCampaign } from "../../db/schema";
import { Conflict, HttpError } from "../../lib/errors";
import type { Actor } from "../../policies";
import { providerContext, workspaceAdAccount } from "./accounts";
import { hubspotAudience, isEditable, stepInvalid, wizardContext } from "./drafts";
import { adsProviderFor } from "./providers";
import { AdsNetworkError, type LaunchSpec } from "./providers/types";
import { capRefusal } from "./spend-cap";

/** 422 with the words of a refusal (the cap, a network error); `step` says where to fix it. */
export class AdLaunchRefused extends HttpError {
  constructor(message: string, step: string | null) {
    super(422, message, "ad_launch_refused", { step });
  }
}

export interface AdsDeps {
  db: Database;
  env: Env;
  fetch: typeof fetch;
  now: number;
}

/** The launch's request from a validated draft. */
function launchSpec(campaign: AdCampaign, hubspotContacts: number | null, appUrl: string): LaunchSpec {
  const { objective, categories, audience, placements, budget, creatives } = campaign.draft;
  const { saved_audience_id: _saved, ...targeting } = audience!;
  const imageUrls: Record<number, string> = {};
  for (const creative of creatives!.creatives) if (creative.upload_id) imageUrls[creative.upload_id] = `${appUrl}/v1/files/${creative.upload_id}/content`;
  return {
    campaignId: campaign.id,
    name: campaign.name,
    objective: objective!.objective,
    appStoreUrl: objective!.app_store_url,
    pixelId: objective!.pixel_id,
    specialAdCategories: categories!.special_ad_categories,
    audience: targeting,
    hubspotContacts: audience!.hubspot_contacts ? hubspotContacts : null,
    automaticPlacements: placements!.automatic,
    placements: placementsIn(placements!.automatic, placements!.placements),
    budget: budget!.budget,
    schedule: budget!.schedule,
    creatives: creatives!.creatives,
    imageUrls,
  };
}

/**
 * Launches a draft: every step must pass (400 naming "<step>.<field>"), the monthly cap must
 * allow it (422 saying how much is left), then the network gets campaign → ad set → creatives →
 * ads, all PAUSED, and only when every piece exists are they activated, ads first, campaign
 * last, so nothing delivers half-made. A network error is saved on the campaign with its step.
 * A relaunch after a failure starts over: the paused leftovers of the failed try never deliver.
 */
export async function launchAdCampaign(deps: AdsDeps, actor: Actor, campaign: AdCampaign): Promise<AdCampaign> {
  const { db, env, now } = deps;
  if (!isEditable(campaign)) throw new Conflict(`This campaign is already ${campaign.status}.`);
  const account = await workspaceAdAccount(db, actor.workspaceId, campaign.adAccountId);
  const errors = validateAll(campaign.draft, await wizardContext(db, account, now));
  if (Object.keys(errors).length) throw stepInvalid("review", errors);
  const { budget, schedule } = campaign.draft.budget!;
  const refusal = await capRefusal(db, { id: campaign.id, workspaceId: campaign.workspaceId, currency: account.currency, budget, schedule }, now);
  if (refusal) throw new AdLaunchRefused(refusal, "budget");

  // One launch at a time: only the request that moves it to pending goes on.
  const claimed = await db
    .update(adCampaigns)
    .set({ status: "pending", error: null, errorStep: null, errorClass: null, updatedAt: new Date(now) })
    .where(and(eq(adCampaigns.id, campaign.id), inArray(adCampaigns.status, ["draft", "failed"])))
    .returning({ id: adCampaigns.id });
  if (!claimed.length) throw new Conflict("This campaign is being launched already.");

  const provider = adsProviderFor(account.network);
  const ctx = await providerContext(env, account, deps.fetch);
  const spec = launchSpec(campaign, (await hubspotAudience(db, campaign.workspaceId)).contacts, (env.APP_URL ?? "http://localhost:8787").replace(/\/$/, ""));
  const ids = { networkCampaignId: null as string | null, networkAdSetId: null as string | null, networkCreativeIds: [] as string[], networkAdIds: [] as string[] };
  try {
    ids.networkCampaignId = await provider.createCampaign(ctx, spec);
    ids.networkAdSetId = await provider.createAdSet(ctx, spec, ids.networkCampaignId);
    for (let index = 0; index < spec.creatives.length; index++) {
      const creativeId = await provider.createCreative(ctx, spec, index);
      ids.networkCreativeIds.push(creativeId);
      ids.networkAdIds.push(await provider.createAd(ctx, spec, ids.networkAdSetId, creativeId, index));
    }
    for (const adId of ids.networkAdIds) await provider.setStatus(ctx, adId, "ACTIVE");
    await provider.setStatus(ctx, ids.networkAdSetId, "ACTIVE");
    await provider.setStatus(ctx, ids.networkCampaignId, "ACTIVE");
  } catch (error) {
    const failure = error instanceof AdsNetworkError ? error : new AdsNetworkError(`The launch failed: ${error instanceof Error ? error.message : String(error)}`, "review", "retry");
    await db
      .update(adCampaigns)
      .set({ ...ids, status: "failed", error: failure.message, errorStep: failure.step, errorClass: failure.errorClass, updatedAt: new Date(now) })
      .where(eq(adCampaigns.id, campaign.id));
    throw new AdLaunchRefused(failure.message, failure.step);
  }
  const [launched] = await db
    .update(adCampaigns)
    .set({ ...ids, status: "active", launchedAt: now, lastSyncedAt: now, updatedAt: new Date(now) })
    .where(eq(adCampaigns.id, campaign.id))
    .returning();
  return launched!;
}
