import type { AdCreative, AdNetwork, AdObjective, AudienceTargeting, Budget, Schedule, SpecialAdCategory, WizardStep } from "../../../../core/contracts/ads";
import type { AdPlacement } from "../../../../core/contracts/ads";

/**
 * One interface for every ads network, like publishing's providers: the launcher and the sync
 * never branch on a network's name. A launch is campaign → ad set → creative → ad, each created
 * PAUSED, then activated; a network's error becomes an `AdsNetworkError` naming the wizard step
 * the person fixes it in.
 */

export interface AdsAccountRef {
  id: number;
  network: AdNetwork;
  externalId: string;
  currency: string;
  pageId: string | null;
  /** The account's own token, unsealed; null: the deployment's (META_ADS_ACCESS_TOKEN). */
  accessToken: string | null;
}

export interface AdsProviderContext {
  env: Env;
  fetch: typeof fetch;
  account: AdsAccountRef;
}

/** Everything a launch sends, taken from the validated draft. */
export interface LaunchSpec {
  /** Our campaign's id: the Sandbox's ids derive from it. */
  campaignId: number;
  name: string;
  objective: AdObjective;
  appStoreUrl: string;
  pixelId: string;
  specialAdCategories: SpecialAdCategory[];
  audience: AudienceTargeting;
  /** Size of the HubSpot contacts audience when it is used (Sandbox only). */
  hubspotContacts: number | null;
  automaticPlacements: boolean;
  placements: AdPlacement[];
  budget: Budget;
  schedule: Schedule;
  creatives: AdCreative[];
  /** Public addresses of the creatives' images, by upload id. */
  imageUrls: Record<number, string>;
}

export type AdStatusCommand = "ACTIVE" | "PAUSED";

/** Figures of one UTC day, money in minor units. */
export interface InsightDay {
  day: string;
  spendMinor: number;
  results: number;
  impressions: number;
  clicks: number;
}

export interface InsightsRequest {
  networkCampaignId: string;
  campaignId: number;
  objective: AdObjective;
  budget: Budget;
  schedule: Schedule;
  /** Delivery to count: from (last sync or launch) to now, ms. */
  from: number;
  to: number;
  /** The days already stored for this campaign (the Sandbox adds to them). */
  known: InsightDay[];
  /** The most that may still be spent (the monthly cap's remainder); null: no cap. */
  maxSpendMinor: number | null;
}

export interface AdsProvider {
  network: AdNetwork;
  /** True for the Sandbox: nothing is bought. */
  sandbox: boolean;
  createCampaign(ctx: AdsProviderContext, spec: LaunchSpec): Promise<string>;
  createAdSet(ctx: AdsProviderContext, spec: LaunchSpec, campaignId: string): Promise<string>;
  createCreative(ctx: AdsProviderContext, spec: LaunchSpec, creativeIndex: number): Promise<string>;
  createAd(ctx: AdsProviderContext, spec: LaunchSpec, adSetId: string, creativeId: string, creativeIndex: number): Promise<string>;
  setStatus(ctx: AdsProviderContext, networkId: string, status: AdStatusCommand): Promise<void>;
  /** The days from `from` to `to` with their figures as they now stand (whole days, replacing what is stored). */
  insights(ctx: AdsProviderContext, request: InsightsRequest): Promise<InsightDay[]>;
}

export type AdErrorClass = "bad_input" | "auth" | "permission" | "rate_limit" | "retry";

/** A network refused: the step to fix it in, what kind of failure, and words for the person. */
export class AdsNetworkError extends Error {
  constructor(
    message: string,
    readonly step: WizardStep,
    readonly errorClass: AdErrorClass,
  ) {
    super(message);
    this.name = "AdsNetworkError";
  }
}
