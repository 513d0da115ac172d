import { useState } from "react";
import { specialAdCategories, type AdCampaignOut, type SpecialAdCategory } from "../../../core/contracts/ads";
import { isRestricted } from "../../../core/ads/wizard";
import { Field } from "~/components/ui/Field";
import { GroupError, StepFrame } from "./StepFrame";
import { useStepForm } from "./useStepForm";
import { CATEGORY_WORDS } from "./words";

/** Step 2: the special ad categories the network requires to be declared (NONE, or the ones that apply). */
export function CategoriesStep({ campaign, workspaceId }: { campaign: AdCampaignOut; workspaceId: number }) {
  const form = useStepForm(campaign, workspaceId, "categories");
  const saved = campaign.draft.categories;
  const [chosen, setChosen] = useState<SpecialAdCategory[]>(saved?.special_ad_categories ?? ["NONE"]);
  const [authorized, setAuthorized] = useState(saved?.political_authorization ?? false);
  const [paidForBy, setPaidForBy] = useState(saved?.paid_for_by ?? "");
  const invalid = Boolean(form.errorsFor("special_ad_categories")?.length);

  // NONE and the special categories exclude each other; unticking the last one means NONE.
  const toggle = (category: SpecialAdCategory, on: boolean) => {
    if (category === "NONE") return setChosen(on ? ["NONE"] : []);
    const next = on ? [...chosen.filter((c) => c !== "NONE"), category] : chosen.filter((c) => c !== category);
    setChosen(next.length ? next : ["NONE"]);
  };
  const political = chosen.includes("ISSUES_ELECTIONS_POLITICS");

  return (
    <StepFrame
      step="categories"
      problem={form.problem}
      busy={form.busy}
      formRef={form.formRef}
      intro={<p>Networks require ads about some subjects to be declared. Declaring them changes who the ads may be shown to; not declaring them can get the ads rejected.</p>}
      onSubmit={() => void form.save({ special_ad_categories: chosen, political_authorization: authorized, paid_for_by: paidForBy })}
    >
      <fieldset className="wizard-choices">
        <legend className="field__label">Is the ad about any of these?</legend>
        {specialAdCategories.map((value) => (
          <label key={value} className="wizard-choice">
            <input type="checkbox" checked={chosen.includes(value)} onChange={(e) => toggle(value, e.target.checked)} aria-invalid={invalid || undefined} aria-describedby={`category-${value}`} />
            <span className="wizard-choice__text">
              <strong>{CATEGORY_WORDS[value].label}</strong>
              <span id={`category-${value}`} className="field__hint">
                {CATEGORY_WORDS[value].about}
              </span>
            </span>
          </label>
        ))}
        <GroupError label="Special ad categories" messages={form.errorsFor("special_ad_categories")} />
      </fieldset>
      {isRestricted(chosen) ? (
        <p className="wizard-note" role="note">
          Housing, employment and financial ads may not be aimed by age, gender or ZIP code: anti-discrimination rules (and Meta's policy) require that everyone can see
          them. In the audience step, age is fixed at 18 to 65+, gender at everyone, and locations are countries, regions or cities with at least a 15-mile radius.
        </p>
      ) : null}
      {political ? (
        <>
          <label className="wizard-choice">
            <input type="checkbox" checked={authorized} onChange={(e) => setAuthorized(e.target.checked)} aria-invalid={form.errorsFor("political_authorization") ? true : undefined} />
            <span className="wizard-choice__text">
              <strong>This ad account is authorized to run ads about social issues, elections or politics</strong>
            </span>
          </label>
          <GroupError label="Authorization" messages={form.errorsFor("political_authorization")} />
          <Field label="Paid for by" value={paidForBy} onChange={(e) => setPaidForBy(e.target.value)} maxLength={100} hint="Shown on the ad as its disclaimer." errors={form.errorsFor("paid_for_by")} />
        </>
      ) : null}
    </StepFrame>
  );
}
