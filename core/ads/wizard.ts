import {
  AGE_MAX,
  AGE_MIN,
  wizardSteps,
  type AdNetwork,
  type SpecialAdCategory,
  type WizardDraft,
  type WizardStep,
} from "../contracts/ads";
import { budgetProblem } from "./budgets";
import { placementsIn, PLACEMENTS, textLimitsFor } from "./placements";
import { tooLong } from "../contracts/common";

/** Field → messages, keyed by the step's own field names ("age_min", "creatives.0.headline"). */
export type FieldErrors = Record<string, string[]>;

/** What the rules need to know besides the draft. */
export interface WizardContext {
  network: AdNetwork;
  /** The ad account's currency: budgets are in it. */
  currency: string;
  now: number;
  hubspotConnected: boolean;
}

/** Categories whose ads Meta keeps from targeting by age, gender or small areas. */
export const RESTRICTED_CATEGORIES: readonly SpecialAdCategory[] = ["HOUSING", "EMPLOYMENT", "FINANCIAL_PRODUCTS_SERVICES"];
/** Meta's smallest radius around a city for a restricted category. */
export const RESTRICTED_MIN_RADIUS_MILES = 15;

export const isRestricted = (categories: readonly SpecialAdCategory[] | undefined | null) => Boolean(categories?.some((category) => RESTRICTED_CATEGORIES.includes(category)));

const add = (errors: FieldErrors, field: string, message: string) => {
  (errors[field] ??= []).push(message);
};

/** Objectives whose ads send people to a web address. */
const NEEDS_LINK = new Set(["OUTCOME_TRAFFIC", "OUTCOME_LEADS", "OUTCOME_SALES"]);

/**
 * One step's problems with the draft as it stands (its own saved fields and what other steps
 * imply for it: the categories lock the audience, the objective and placements shape creatives).
 * A step not yet saved has none here; `missingSteps` says which are.
 */
export function validateStep(step: WizardStep, draft: WizardDraft, context: WizardContext): FieldErrors {
  const errors: FieldErrors = {};
  switch (step) {
    case "objective": {
      const objective = draft.objective;
      if (!objective) break;
      if (objective.objective === "OUTCOME_APP_PROMOTION" && !objective.app_store_url) add(errors, "app_store_url", "is required to promote an app (its App Store or Google Play address)");
      if (context.network === "meta" && (objective.objective === "OUTCOME_SALES" || objective.objective === "OUTCOME_LEADS") && !objective.pixel_id)
        add(errors, "pixel_id", "is required on Meta for sales and leads (the pixel that reports them)");
      break;
    }
    case "categories": {
      const categories = draft.categories;
      if (!categories) break;
      const chosen = categories.special_ad_categories;
      if (new Set(chosen).size !== chosen.length) add(errors, "special_ad_categories", "names a category twice");
      if (chosen.includes("NONE") && chosen.length > 1) add(errors, "special_ad_categories", "NONE cannot be combined with a special category");
      if (chosen.includes("ISSUES_ELECTIONS_POLITICS")) {
        if (!categories.political_authorization)
          add(errors, "political_authorization", "must be confirmed: ads about social issues, elections or politics need the advertiser's authorization on the network");
        if (!categories.paid_for_by) add(errors, "paid_for_by", "is required for ads about social issues, elections or politics (the \"Paid for by\" disclaimer)");
      }
      break;
    }
    case "audience": {
      const audience = draft.audience;
      if (!audience) break;
      if (audience.locations.length === 0) add(errors, "locations", "add at least one location");
      if (audience.age_min > audience.age_max) add(errors, "age_min", `must not be more than age_max (${audience.age_max})`);
      if (audience.hubspot_contacts && !context.hubspotConnected) add(errors, "hubspot_contacts", "needs a connected HubSpot integration");
      // Uploading hashed contacts to a Meta custom audience is not built yet: the Sandbox simulates it.
      else if (audience.hubspot_contacts && context.network !== "sandbox") add(errors, "hubspot_contacts", "can be used on the Sandbox ads account only for now");
      if (isRestricted(draft.categories?.special_ad_categories)) {
        const why = "is locked for housing, employment and financial ads";
        if (audience.age_min !== AGE_MIN) add(errors, "age_min", `${why}: it must be ${AGE_MIN}`);
        if (audience.age_max !== AGE_MAX) add(errors, "age_max", `${why}: it must be ${AGE_MAX}+`);
        if (audience.genders !== "all") add(errors, "genders", `${why}: it must be all`);
        audience.locations.forEach((location, index) => {
          if (location.type === "zip") add(errors, `locations.${index}.type`, "cannot be a ZIP or postal code for housing, employment and financial ads");
          if (location.type === "city" && (location.radius_miles ?? 0) < RESTRICTED_MIN_RADIUS_MILES)
            add(errors, `locations.${index}.radius_miles`, `must be at least ${RESTRICTED_MIN_RADIUS_MILES} miles around a city for housing, employment and financial ads`);
        });
      }
      break;
    }
    case "placements": {
      const placements = draft.placements;
      if (!placements) break;
      if (!placements.automatic && placements.placements.length === 0) add(errors, "placements", "choose at least one placement, or automatic placements");
      if (new Set(placements.placements).size !== placements.placements.length) add(errors, "placements", "names a placement twice");
      break;
    }
    case "budget": {
      const saved = draft.budget;
      if (!saved) break;
      const { budget, schedule } = saved;
      if (budget.currency !== context.currency) add(errors, "budget.currency", `must be ${context.currency}, the ad account's currency`);
      const start = Date.parse(schedule.start);
      const end = schedule.end ? Date.parse(schedule.end) : null;
      if (budget.type === "lifetime" && end == null) add(errors, "schedule.end", "is required with a lifetime budget");
      if (end != null && end <= start) add(errors, "schedule.end", "must be after the start");
      else if (end != null && end <= context.now) add(errors, "schedule.end", "must be in the future");
      const problem = budgetProblem(budget, schedule, draft.objective?.objective);
      if (problem) add(errors, "budget.amount_minor", problem);
      break;
    }
    case "creatives": {
      const saved = draft.creatives;
      if (!saved) break;
      const objective = draft.objective?.objective;
      const placements = placementsIn(draft.placements?.automatic ?? true, draft.placements?.placements ?? []);
      const limits = textLimitsFor(placements);
      const needsHeadline = placements.some((placement) => PLACEMENTS[placement].headline);
      saved.creatives.forEach((creative, index) => {
        const at = `creatives.${index}`;
        if (!creative.primary_text) add(errors, `${at}.primary_text`, "is required");
        else if (creative.primary_text.length > limits.primaryText) add(errors, `${at}.primary_text`, tooLong(limits.primaryText));
        if (needsHeadline && !creative.headline) add(errors, `${at}.headline`, "is required for the chosen placements");
        else if (creative.headline.length > limits.headline) add(errors, `${at}.headline`, tooLong(limits.headline));
        if (objective && NEEDS_LINK.has(objective) && !creative.link_url) add(errors, `${at}.link_url`, "is required: this objective sends people to a web address");
        if (objective === "OUTCOME_APP_PROMOTION" && creative.call_to_action !== "INSTALL_MOBILE_APP" && creative.call_to_action !== "DOWNLOAD")
          add(errors, `${at}.call_to_action`, "must be INSTALL_MOBILE_APP or DOWNLOAD to promote an app");
      });
      break;
    }
    case "review":
      return validateAll(draft, context);
  }
  return errors;
}

/** Steps with fields that have not been saved yet. */
export const missingSteps = (draft: WizardDraft): WizardStep[] => wizardSteps.filter((step) => step !== "review" && draft[step as Exclude<WizardStep, "review">] == null);

/** Every step's problems, keyed "<step>.<field>" (an unsaved step is "<step>": "is not filled in yet"). */
export function validateAll(draft: WizardDraft, context: WizardContext): FieldErrors {
  const errors: FieldErrors = {};
  for (const step of missingSteps(draft)) add(errors, step, "is not filled in yet");
  for (const step of wizardSteps) {
    if (step === "review") continue;
    for (const [field, messages] of Object.entries(validateStep(step, draft, context))) errors[`${step}.${field}`] = messages;
  }
  return errors;
}

/** The step a field error of `validateAll` belongs to. */
export const stepOfField = (field: string): WizardStep => field.split(".")[0] as WizardStep;
