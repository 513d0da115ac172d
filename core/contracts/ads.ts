import * as z from "zod";
import { tooLong } from "./common";

/**
 * The paid-ads API. Everything is under /v1/w/:ws/ads; `ads.read` is for members (guests get 403),
 * `ads.manage` for members too (an API key needs the publish scope to manage). Ids of another
 * workspace's rows answer 404.
 *
 *   GET    /v1/w/:ws/ads/accounts                     → { data: AdAccountOut[] }            the Sandbox ads account is always there (made on first use)
 *   GET    /v1/w/:ws/ads/settings                     → { data: AdSettingsOut }              the monthly cap and what is left of it this month
 *   PUT    /v1/w/:ws/ads/settings    AdSettingsIn     → { data: AdSettingsOut }              (ads.manage)
 *   GET    /v1/w/:ws/ads/campaigns   ?status=         → { data: AdCampaignOut[] }            newest first
 *   POST   /v1/w/:ws/ads/campaigns   AdDraftCreate    → 201 { data: AdCampaignOut }          a draft, blank or from a content campaign (ads.manage)
 *   GET    /v1/w/:ws/ads/campaigns/:id                → { data: AdCampaignOut }              resume: the draft, each step's completeness and errors
 *   PATCH  /v1/w/:ws/ads/campaigns/:id/steps/:step  <the step's body, see stepInputs>  → { data: AdCampaignOut }
 *            validates that step only and saves it; 400 `{ error, fields: { <step field>: [messages] } }` and nothing saved when it is wrong
 *   DELETE /v1/w/:ws/ads/campaigns/:id                → 204                                  drafts and failed campaigns only (ads.manage)
 *   GET    /v1/w/:ws/ads/campaigns/:id/creative-sources → { data: CreativeSourcesOut }       the content campaign's pieces and the workspace's images
 *   POST   /v1/w/:ws/ads/campaigns/:id/launch         → { data: AdCampaignOut }              validates every step (400 with `fields` keyed "<step>.<field>"),
 *            422 over the monthly cap (the message says how much is left), then creates on the network (PAUSED, then ACTIVE);
 *            a network error is saved on the campaign (`error.step` says which wizard step to fix) and answered 422 with the same words
 *   POST   /v1/w/:ws/ads/campaigns/:id/pause          → { data: AdCampaignOut }              (ads.manage)
 *   POST   /v1/w/:ws/ads/campaigns/:id/resume         → { data: AdCampaignOut }              (ads.manage; 422 when the cap is reached or the end date passed)
 *   POST   /v1/w/:ws/ads/sync                         → { data: { synced: number } }         syncs this workspace's active campaigns now (the cron does it every tick) (ads.manage)
 *   GET    /v1/w/:ws/ads/audiences                    → { data: AudiencesOut }               saved audiences and the HubSpot contacts source
 *   POST   /v1/w/:ws/ads/audiences   SavedAudienceIn  → 201 { data: SavedAudienceOut }      (ads.manage)
 *   DELETE /v1/w/:ws/ads/audiences/:id                → 204                                  (ads.manage)
 *
 * Pure rules the UI may import: core/ads/objectives.ts (result labels), core/ads/budgets.ts (MIN_DAILY_BUDGET_MINOR,
 * budgetProblem), core/ads/placements.ts (PLACEMENTS: per-placement text limits for previews), core/ads/wizard.ts
 * (validateStep: the same field errors the API gives), core/ads/money.ts (formatMoney).
 *
 * Money is always an integer of minor units (cents) with its currency: `amount_minor: 500, currency: "USD"` is $5.00.
 */

// ── Vocabulary ────────────────────────────────────────────────────────────────────────────

export const adObjectives = ["OUTCOME_AWARENESS", "OUTCOME_TRAFFIC", "OUTCOME_ENGAGEMENT", "OUTCOME_LEADS", "OUTCOME_APP_PROMOTION", "OUTCOME_SALES"] as const;
export type AdObjective = (typeof adObjectives)[number];

export const specialAdCategories = ["NONE", "EMPLOYMENT", "FINANCIAL_PRODUCTS_SERVICES", "HOUSING", "ISSUES_ELECTIONS_POLITICS"] as const;
export type SpecialAdCategory = (typeof specialAdCategories)[number];

export const adStatuses = ["draft", "pending", "active", "paused", "completed", "failed"] as const;
export type AdStatus = (typeof adStatuses)[number];

export const adNetworks = ["sandbox", "meta"] as const;
export type AdNetwork = (typeof adNetworks)[number];

/** The wizard's steps, in order. `review` has no fields of its own: it checks every other step. */
export const wizardSteps = ["objective", "categories", "audience", "placements", "budget", "creatives", "review"] as const;
export type WizardStep = (typeof wizardSteps)[number];

/** Meta's placements (publisher platform + position), as one list the wizard offers. */
export const adPlacements = [
  "facebook_feed",
  "facebook_stories",
  "facebook_reels",
  "facebook_right_column",
  "instagram_feed",
  "instagram_stories",
  "instagram_reels",
  "instagram_explore",
  "messenger_inbox",
  "audience_network",
] as const;
export type AdPlacement = (typeof adPlacements)[number];

export const callsToAction = ["LEARN_MORE", "SHOP_NOW", "SIGN_UP", "SUBSCRIBE", "DOWNLOAD", "INSTALL_MOBILE_APP", "CONTACT_US", "GET_OFFER", "APPLY_NOW", "BOOK_TRAVEL"] as const;
export type CallToAction = (typeof callsToAction)[number];

export const budgetTypes = ["daily", "lifetime"] as const;
export const genders = ["all", "men", "women"] as const;
export const locationTypes = ["country", "region", "city", "zip"] as const;

/** Ages Meta targets: 18 to 65, where 65 means "65 and over". */
export const AGE_MIN = 18;
export const AGE_MAX = 65;

/** How a network error is classed: what the user or the system should do about it. */
export const adErrorClasses = ["bad_input", "auth", "permission", "rate_limit", "retry"] as const;

// ── Shared pieces ────────────────────────────────────────────────────────────────────────

const currency = z
  .string({ error: "must be a currency code such as USD" })
  .regex(/^[A-Z]{3}$/, { error: "must be a three-letter currency code such as USD" });
/** Money: integer minor units. 12.5 or "500" is refused, never rounded. */
const minor = z
  .number({ error: "must be a number of minor units (cents), such as 500 for 5.00" })
  .int({ error: "must be a whole number of minor units (cents), such as 500 for 5.00" })
  .min(0, { error: "must not be negative" })
  .max(100_000_000_000, { error: "is too large" });
const isoDateTime = z.iso.datetime({ offset: true, error: "must be a date and time such as 2027-03-01T09:00:00Z" });

export const budgetSchema = z.object({
  type: z.enum(budgetTypes, { error: "must be daily or lifetime" }),
  amount_minor: minor,
  currency,
});
export type Budget = z.infer<typeof budgetSchema>;

export const scheduleSchema = z.object({
  start: isoDateTime,
  /** Required for a lifetime budget; null runs until paused (daily budgets only). */
  end: isoDateTime.nullable().default(null),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const locationSchema = z.object({
  type: z.enum(locationTypes, { error: `must be one of ${locationTypes.join(", ")}` }),
  /** The network's key: a country code (US), Meta's region/city key, or COUNTRY:ZIP (US:94304) for a zip. Any key on the Sandbox. */
  key: z.string().trim().min(1, { error: "is required" }).max(64, { error: tooLong(64) }),
  name: z.string().trim().min(1, { error: "is required" }).max(120, { error: tooLong(120) }),
  /** Cities only: the radius around it, in miles (Meta: 10 to 50; 15 or more with a special ad category). */
  radius_miles: z.number().int({ error: "must be a whole number of miles" }).min(1).max(50, { error: "must be 50 miles or less" }).nullable().default(null),
});
export type AdLocation = z.infer<typeof locationSchema>;

const interestSchema = z.object({
  id: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(120),
});

export const creativeSchema = z.object({
  /** Where the words came from: a content campaign's piece, or typed in the wizard. */
  campaign_item_id: z.number().int().positive().nullable().default(null),
  /** The image: an upload of this workspace (checked like any upload id). */
  upload_id: z.number().int().positive().nullable().default(null),
  primary_text: z.string().trim().max(2_200, { error: tooLong(2_200) }).default(""),
  headline: z.string().trim().max(255, { error: tooLong(255) }).default(""),
  description: z.string().trim().max(255, { error: tooLong(255) }).default(""),
  link_url: z.union([z.url({ protocol: /^https?$/, error: "must be a web address starting with https://" }), z.literal("")]).default(""),
  call_to_action: z.enum(callsToAction, { error: `must be one of ${callsToAction.join(", ")}` }).default("LEARN_MORE"),
});
export type AdCreative = z.infer<typeof creativeSchema>;

// ── The wizard's steps: each PATCH body ─────────────────────────────────────────────────

export const objectiveStepIn = z.object({
  name: z.string().trim().min(1, { error: "is required" }).max(200, { error: tooLong(200) }).optional(),
  /** One of GET /ads/accounts; omitted keeps the current one (the Sandbox ads account by default). */
  ad_account_id: z.number().int().positive().optional(),
  objective: z.enum(adObjectives, { error: `must be one of ${adObjectives.join(", ")}` }),
  /** OUTCOME_APP_PROMOTION: the app's store address (App Store or Google Play). */
  app_store_url: z.union([z.url({ protocol: /^https$/, error: "must be an https:// store address" }), z.literal("")]).default(""),
  /** OUTCOME_SALES / OUTCOME_LEADS on Meta: the pixel that reports the conversions. */
  pixel_id: z.string().trim().regex(/^\d*$/, { error: "must be the pixel's number" }).max(32).default(""),
});

export const categoriesStepIn = z.object({
  /** ["NONE"], or one or more of the others. */
  special_ad_categories: z.array(z.enum(specialAdCategories, { error: `must be among ${specialAdCategories.join(", ")}` })).min(1, { error: "choose NONE or at least one category" }).max(4),
  /** ISSUES_ELECTIONS_POLITICS: the advertiser confirms the ad account is authorized to run them ("Paid for by" disclaimer). */
  political_authorization: z.boolean().default(false),
  /** ISSUES_ELECTIONS_POLITICS: the "Paid for by" words. */
  paid_for_by: z.string().trim().max(100, { error: tooLong(100) }).default(""),
});

export const audienceStepIn = z.object({
  locations: z.array(locationSchema).max(50, { error: "names at most 50 locations" }).default([]),
  age_min: z.number().int({ error: "must be a whole number" }).min(AGE_MIN, { error: `must be ${AGE_MIN} or more` }).max(AGE_MAX, { error: `must be ${AGE_MAX} or less` }).default(AGE_MIN),
  /** 65 means 65 and over. */
  age_max: z.number().int({ error: "must be a whole number" }).min(AGE_MIN, { error: `must be ${AGE_MIN} or more` }).max(AGE_MAX, { error: `must be ${AGE_MAX} or less` }).default(AGE_MAX),
  genders: z.enum(genders, { error: "must be all, men or women" }).default("all"),
  interests: z.array(interestSchema).max(25, { error: "names at most 25 interests" }).default([]),
  /** Starts from a saved audience (GET /ads/audiences); its targeting is copied in by the client. */
  saved_audience_id: z.number().int().positive().nullable().default(null),
  /** Adds the workspace's HubSpot contacts as a custom audience (only where HubSpot is connected). */
  hubspot_contacts: z.boolean().default(false),
});

export const placementsStepIn = z.object({
  /** Advantage+ placements: the network chooses; `placements` is then ignored. */
  automatic: z.boolean(),
  placements: z.array(z.enum(adPlacements, { error: `must be among ${adPlacements.join(", ")}` })).max(adPlacements.length).default([]),
});

export const budgetStepIn = z.object({
  budget: budgetSchema,
  schedule: scheduleSchema,
});

export const creativesStepIn = z.object({
  creatives: z.array(creativeSchema).min(1, { error: "add at least one creative" }).max(5, { error: "holds at most 5 creatives" }),
});

export const reviewStepIn = z.object({});

/** PATCH /ads/campaigns/:id/steps/:step takes the body of its step. */
export const stepInputs = {
  objective: objectiveStepIn,
  categories: categoriesStepIn,
  audience: audienceStepIn,
  placements: placementsStepIn,
  budget: budgetStepIn,
  creatives: creativesStepIn,
  review: reviewStepIn,
} as const satisfies Record<WizardStep, z.ZodType>;
export type StepInput<S extends WizardStep> = z.infer<(typeof stepInputs)[S]>;

/** The saved draft: each step's last valid body (null until the step is saved), stored as JSON. */
export const wizardDraftSchema = z.object({
  objective: objectiveStepIn.omit({ name: true, ad_account_id: true }).nullable().default(null),
  categories: categoriesStepIn.nullable().default(null),
  audience: audienceStepIn.nullable().default(null),
  placements: placementsStepIn.nullable().default(null),
  budget: budgetStepIn.nullable().default(null),
  creatives: creativesStepIn.nullable().default(null),
});
export type WizardDraft = z.infer<typeof wizardDraftSchema>;

export const stepParam = z.object({
  ws: z.coerce.number().int().positive(),
  id: z.coerce.number().int().positive(),
  step: z.enum(wizardSteps, { error: `must be one of ${wizardSteps.join(", ")}` }),
});

// ── Other inputs ────────────────────────────────────────────────────────────────────────

export const adDraftCreate = z.object({
  name: z.string().trim().min(1, { error: "is required" }).max(200, { error: tooLong(200) }).optional(),
  /** Start from a content campaign: name and creatives come from it (its approved pieces). */
  content_campaign_id: z.number().int().positive().nullable().default(null),
  /** Default: the Sandbox ads account. */
  ad_account_id: z.number().int().positive().optional(),
});

export const adSettingsIn = z.object({
  /** null: no cap. */
  monthly_cap_minor: minor.nullable(),
  currency,
});

export const audienceTargeting = audienceStepIn.omit({ saved_audience_id: true });
export type AudienceTargeting = z.infer<typeof audienceTargeting>;

export const savedAudienceIn = z.object({
  name: z.string().trim().min(1, { error: "is required" }).max(120, { error: tooLong(120) }),
  targeting: audienceTargeting,
});

export const campaignListQuery = z.object({
  status: z.enum(adStatuses, { error: `must be one of ${adStatuses.join(", ")}` }).optional(),
});

// ── Outputs ─────────────────────────────────────────────────────────────────────────────

export const adAccountOut = z.object({
  id: z.number().int(),
  network: z.enum(adNetworks),
  /** "Sandbox ads account" for the Sandbox. */
  name: z.string(),
  external_id: z.string(),
  currency: z.string(),
  timezone: z.string(),
  /** True for the Sandbox: nothing is bought, delivery is simulated. */
  sandbox: z.boolean(),
});
export type AdAccountOut = z.infer<typeof adAccountOut>;

export const moneyOut = z.object({ amount_minor: z.number().int(), currency: z.string(), /** "$5.00" */ formatted: z.string() });

export const adSettingsOut = z.object({
  monthly_cap: moneyOut.nullable(),
  /** Spent this calendar month (UTC) across the workspace's campaigns in the cap's currency. */
  spent_this_month: moneyOut,
  /** null without a cap. */
  remaining_this_month: moneyOut.nullable(),
  currency: z.string(),
});
export type AdSettingsOut = z.infer<typeof adSettingsOut>;

export const stepStateOut = z.object({
  step: z.enum(wizardSteps),
  /** Saved and valid as things stand (a later change elsewhere can make a saved step invalid again). */
  complete: z.boolean(),
  /** Field → messages, for a saved step that no longer passes, or an unsaved required one (`{}` when fine). */
  errors: z.record(z.string(), z.array(z.string())),
});

export const adCampaignOut = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(adStatuses),
  objective: z.enum(adObjectives).nullable(),
  /** What a result is for its objective, e.g. "link clicks" for OUTCOME_TRAFFIC. */
  result_label: z.string().nullable(),
  special_ad_categories: z.array(z.enum(specialAdCategories)),
  ad_account: adAccountOut,
  content_campaign: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  budget: budgetSchema.nullable(),
  schedule: z.object({ start: z.string(), end: z.string().nullable() }).nullable(),
  spend: moneyOut,
  results: z.number().int(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** null until there is a result. */
  cost_per_result: moneyOut.nullable(),
  last_synced_at: z.string().nullable(),
  /** The last network error, and the wizard step to fix it in. */
  error: z.object({ step: z.enum(wizardSteps), message: z.string(), class: z.enum(adErrorClasses) }).nullable(),
  /** The network's ids once launched: one creative and one ad per creative of the draft. */
  network_ids: z.object({ campaign: z.string().nullable(), ad_set: z.string().nullable(), creatives: z.array(z.string()), ads: z.array(z.string()) }),
  draft: wizardDraftSchema,
  steps: z.array(stepStateOut),
  launched_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What this user may do with it. */
  can: z.object({ manage: z.boolean(), launch: z.boolean(), pause: z.boolean(), resume: z.boolean(), delete: z.boolean() }),
});
export type AdCampaignOut = z.infer<typeof adCampaignOut>;

export const creativeSourcesOut = z.object({
  /** The content campaign's pieces (approved ones first); empty for a blank campaign. */
  pieces: z.array(z.object({ id: z.number().int(), channel: z.string().nullable(), title: z.string().nullable(), body: z.string(), approved: z.boolean() })),
  /** The workspace's stored images the user may read, newest first (at most 50). */
  uploads: z.array(z.object({ id: z.number().int(), filename: z.string(), content_type: z.string(), url: z.string() })),
});

export const savedAudienceOut = z.object({
  id: z.number().int(),
  name: z.string(),
  targeting: audienceTargeting,
  created_at: z.string(),
});

export const audiencesOut = z.object({
  saved: z.array(savedAudienceOut),
  /** connected: a HubSpot integration exists; contacts: how many contacts it has given (null when not connected). */
  hubspot: z.object({ connected: z.boolean(), contacts: z.number().int().nullable() }),
});
