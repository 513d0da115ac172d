import { useState } from "react";
import type { AdCampaignOut, AdPlacement } from "../../../core/contracts/ads";
import { PLACEMENTS } from "../../../core/ads/placements";
import { GroupError, StepFrame } from "./StepFrame";
import { useStepForm } from "./useStepForm";
import { PLACEMENT_GROUPS } from "./words";

/** Step 4: where the ads appear: automatic (the network chooses) or chosen placements. */
export function PlacementsStep({ campaign, workspaceId }: { campaign: AdCampaignOut; workspaceId: number }) {
  const form = useStepForm(campaign, workspaceId, "placements");
  const saved = campaign.draft.placements;
  const [automatic, setAutomatic] = useState(saved?.automatic ?? true);
  const [chosen, setChosen] = useState<AdPlacement[]>(saved?.placements ?? []);
  const invalid = Boolean(form.errorsFor("placements")?.length);
  return (
    <StepFrame step="placements" problem={form.problem} busy={form.busy} formRef={form.formRef} onSubmit={() => void form.save({ automatic, placements: automatic ? [] : chosen })}>
      <fieldset className="wizard-choices">
        <legend className="field__label">Placements</legend>
        <label className="wizard-choice">
          <input type="radio" name="automatic" checked={automatic} onChange={() => setAutomatic(true)} />
          <span className="wizard-choice__text">
            <strong>Automatic placements (recommended)</strong>
            <span className="field__hint">The network shows the ads wherever they do best for the budget. Text must then fit the strictest placement.</span>
          </span>
        </label>
        <label className="wizard-choice">
          <input type="radio" name="automatic" checked={!automatic} onChange={() => setAutomatic(false)} />
          <span className="wizard-choice__text">
            <strong>Choose placements</strong>
          </span>
        </label>
      </fieldset>
      {!automatic ? (
        <div className="wizard-placements">
          {PLACEMENT_GROUPS.map((group) => (
            <fieldset key={group.label} className="wizard-choices">
              <legend className="field__label">{group.label}</legend>
              {group.placements.map((placement) => (
                <label key={placement}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(placement)}
                    aria-invalid={invalid || undefined}
                    onChange={(e) => setChosen(e.target.checked ? [...chosen, placement] : chosen.filter((p) => p !== placement))}
                  />{" "}
                  {PLACEMENTS[placement].label}
                </label>
              ))}
            </fieldset>
          ))}
        </div>
      ) : null}
      <GroupError label="Placements" messages={form.errorsFor("placements")} />
    </StepFrame>
  );
}
