import { describe, expect, it } from "vitest";
import { adObjectives, wizardDraftSchema, type WizardDraft } from "../contracts/ads";
import { budgetProblem, maxSpendBetween, minimumBudgetMinor } from "./budgets";
import { formatMoney } from "./money";
import { costPerResultMinor, OBJECTIVES, resultLabel } from "./objectives";
import { textLimitsFor } from "./placements";
import { missingSteps, validateAll, validateStep, type WizardContext } from "./wizard";

const now = Date.parse("2030-03-01T00:00:00Z");
const context: WizardContext = { network: "sandbox", currency: "USD", now, hubspotConnected: false };
const draftWith = (parts: Partial<WizardDraft>): WizardDraft => ({ ...wizardDraftSchema.parse({}), ...parts });
const audience = (overrides: Partial<NonNullable<WizardDraft["audience"]>> = {}) => ({
  locations: [{ type: "country" as const, key: "US", name: "United States", radius_miles: null }],
  age_min: 18,
  age_max: 65,
  genders: "all" as const,
  interests: [],
  saved_audience_id: null,
  hubspot_contacts: false,
  ...overrides,
});

describe("objectives", () => {
  it("every objective names its result and its Meta optimization goal", () => {
    expect(resultLabel("OUTCOME_TRAFFIC")).toBe("link clicks");
    expect(resultLabel("OUTCOME_LEADS")).toBe("leads");
    expect(resultLabel("OUTCOME_AWARENESS")).toBe("people reached");
    for (const objective of adObjectives) expect(OBJECTIVES[objective].optimizationGoal).toMatch(/^[A-Z_]+$/);
  });

  it("on Meta, sales and leads need a pixel; an app needs its store address", () => {
    const meta = { ...context, network: "meta" as const };
    for (const objective of ["OUTCOME_SALES", "OUTCOME_LEADS"] as const)
      expect(Object.keys(validateStep("objective", draftWith({ objective: { objective, app_store_url: "", pixel_id: "" } }), meta))).toEqual(["pixel_id"]);
    expect(validateStep("objective", draftWith({ objective: { objective: "OUTCOME_SALES", app_store_url: "", pixel_id: "" } }), context)).toEqual({});
    expect(Object.keys(validateStep("objective", draftWith({ objective: { objective: "OUTCOME_APP_PROMOTION", app_store_url: "", pixel_id: "" } }), context))).toEqual(["app_store_url"]);
    for (const objective of ["OUTCOME_AWARENESS", "OUTCOME_ENGAGEMENT", "OUTCOME_TRAFFIC"] as const)
      expect(validateStep("objective", draftWith({ objective: { objective, app_store_url: "", pixel_id: "" } }), meta)).toEqual({});
  });

  it("cost per result is whole minor units, none before a result", () => {
    expect(costPerResultMinor(1000, 3)).toBe(333);
    expect(costPerResultMinor(1000, 0)).toBeNull();
  });
});

describe("special ad categories", () => {
  for (const category of ["HOUSING", "EMPLOYMENT", "FINANCIAL_PRODUCTS_SERVICES"] as const) {
    it(`${category} locks age and gender and keeps out ZIP codes and small radii`, () => {
      const categories = { special_ad_categories: [category], political_authorization: false, paid_for_by: "" };
      const narrow = draftWith({
        categories,
        audience: audience({ age_min: 21, genders: "men", locations: [{ type: "zip", key: "US:10001", name: "10001", radius_miles: null }, { type: "city", key: "1", name: "Austin", radius_miles: 5 }] }),
      });
      expect(Object.keys(validateStep("audience", narrow, context)).sort()).toEqual(["age_min", "genders", "locations.0.type", "locations.1.radius_miles"]);
      expect(validateStep("audience", draftWith({ categories, audience: audience() }), context)).toEqual({});
    });
  }

  it("NONE and the political category allow narrow targeting", () => {
    const draft = draftWith({ categories: { special_ad_categories: ["NONE"], political_authorization: false, paid_for_by: "" }, audience: audience({ age_min: 30, genders: "women", locations: [{ type: "zip", key: "US:10001", name: "10001", radius_miles: null }] }) });
    expect(validateStep("audience", draft, context)).toEqual({});
  });
});

describe("budgets", () => {
  it("minimums per currency in minor units, lifetime per day of schedule", () => {
    expect(minimumBudgetMinor({ type: "daily", currency: "USD" }, null)).toBe(100);
    expect(minimumBudgetMinor({ type: "daily", currency: "JPY" }, null)).toBe(150);
    expect(minimumBudgetMinor({ type: "lifetime", currency: "EUR" }, { start: "2030-03-01T00:00:00Z", end: "2030-03-04T12:00:00Z" })).toBe(400);
    expect(budgetProblem({ type: "daily", amount_minor: 99, currency: "GBP" }, null)).toBe("must be at least £1.00 a day");
    expect(budgetProblem({ type: "daily", amount_minor: 100, currency: "XXX" }, null)).toMatch(/not a currency ads may use/);
    expect(formatMoney(150, "JPY")).toBe("¥150");
  });

  it("what a budget can spend in a window, rounded up", () => {
    const schedule = { start: "2030-03-01T00:00:00Z", end: "2030-03-11T00:00:00Z" };
    expect(maxSpendBetween({ type: "daily", amount_minor: 500 }, schedule, now, Date.parse("2030-04-01T00:00:00Z"))).toBe(5000);
    expect(maxSpendBetween({ type: "lifetime", amount_minor: 1000 }, schedule, now, Date.parse("2030-03-04T00:00:00Z"))).toBe(300);
  });
});

describe("the whole wizard", () => {
  it("names every unsaved step, then passes once every step is right", () => {
    expect(missingSteps(draftWith({}))).toEqual(["objective", "categories", "audience", "placements", "budget", "creatives"]);
    const complete = draftWith({
      objective: { objective: "OUTCOME_TRAFFIC", app_store_url: "", pixel_id: "" },
      categories: { special_ad_categories: ["NONE"], political_authorization: false, paid_for_by: "" },
      audience: audience(),
      placements: { automatic: true, placements: [] },
      budget: { budget: { type: "daily", amount_minor: 100, currency: "USD" }, schedule: { start: "2030-03-01T00:00:00Z", end: null } },
      creatives: { creatives: [{ campaign_item_id: null, upload_id: null, primary_text: "Hi", headline: "Hello", description: "", link_url: "https://example.com", call_to_action: "LEARN_MORE" }] },
    });
    expect(validateAll(complete, context)).toEqual({});
    expect(textLimitsFor(["instagram_feed"]).primaryText).toBe(2_200);
  });
});
