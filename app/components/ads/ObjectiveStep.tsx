import { useState } from "react";
import { adObjectives, type AdAccountOut, type AdCampaignOut, type AdObjective } from "../../../core/contracts/ads";
import { Field, SelectField } from "~/components/ui/Field";
import { GroupError, StepFrame } from "./StepFrame";
import { useStepForm } from "./useStepForm";
import { OBJECTIVE_WORDS } from "./words";

/** Step 1: what the campaign is for (the six objectives), its name and ad account. */
export function ObjectiveStep({ campaign, workspaceId, accounts }: { campaign: AdCampaignOut; workspaceId: number; accounts: AdAccountOut[] }) {
  const form = useStepForm(campaign, workspaceId, "objective");
  const saved = campaign.draft.objective;
  const [name, setName] = useState(campaign.name);
  const [accountId, setAccountId] = useState(campaign.ad_account.id);
  const [objective, setObjective] = useState<AdObjective | null>(saved?.objective ?? null);
  const [appStoreUrl, setAppStoreUrl] = useState(saved?.app_store_url ?? "");
  const [pixelId, setPixelId] = useState(saved?.pixel_id ?? "");
  const account = accounts.find((a) => a.id === accountId) ?? campaign.ad_account;
  const invalid = Boolean(form.errorsFor("objective")?.length);

  return (
    <StepFrame
      step="objective"
      problem={form.problem}
      busy={form.busy}
      formRef={form.formRef}
      intro={<p>Choose what the ads should get people to do: the network shows them to whoever is most likely to do it.</p>}
      onSubmit={() => void form.save({ name, ad_account_id: accountId, objective, app_store_url: appStoreUrl, pixel_id: pixelId })}
    >
      <Field label="Ad campaign name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} errors={form.errorsFor("name")} />
      {accounts.length > 1 ? (
        <SelectField label="Ad account" value={accountId} onChange={(e) => setAccountId(Number(e.target.value))} errors={form.errorsFor("ad_account_id")}>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.sandbox ? `${a.name} (simulated, no money spent)` : `${a.name} (${a.currency})`}
            </option>
          ))}
        </SelectField>
      ) : null}
      <fieldset className="wizard-choices" aria-describedby={invalid ? "objective-error" : undefined}>
        <legend className="field__label">Objective</legend>
        {adObjectives.map((value) => (
          <label key={value} className="wizard-choice">
            <input type="radio" name="objective" value={value} checked={objective === value} onChange={() => setObjective(value)} aria-invalid={invalid || undefined} aria-describedby={`objective-${value}`} />
            <span className="wizard-choice__text">
              <strong>{OBJECTIVE_WORDS[value].label}</strong>
              <span id={`objective-${value}`} className="field__hint">
                {OBJECTIVE_WORDS[value].optimises}
              </span>
            </span>
          </label>
        ))}
        <span id="objective-error">
          <GroupError label="Objective" messages={form.errorsFor("objective")} />
        </span>
      </fieldset>
      {objective === "OUTCOME_APP_PROMOTION" ? (
        <Field label="App store address" type="url" value={appStoreUrl} onChange={(e) => setAppStoreUrl(e.target.value)} placeholder="https://apps.apple.com/app/…" hint="The App Store or Google Play page people install from." errors={form.errorsFor("app_store_url")} />
      ) : null}
      {objective === "OUTCOME_SALES" || objective === "OUTCOME_LEADS" ? (
        <Field
          label="Meta pixel ID"
          inputMode="numeric"
          value={pixelId}
          onChange={(e) => setPixelId(e.target.value)}
          hint={account.sandbox ? "Optional on the Sandbox ads account. On Meta, the pixel on your site reports each result." : "The pixel on your site that reports each result (Events Manager → Data sources)."}
          errors={form.errorsFor("pixel_id")}
        />
      ) : null}
    </StepFrame>
  );
}
