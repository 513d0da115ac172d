import { Link } from "@remix-run/react";
import { wizardSteps, type AdCampaignOut, type WizardStep } from "../../../core/contracts/ads";
import { savedStepErrors } from "./useStepForm";
import { STEP_LABELS } from "./words";

/** Where you are in the wizard: each step a link (keyboard reachable), the current one aria-current="step". */
export function WizardStepper({ campaign, current }: { campaign: AdCampaignOut; current: WizardStep }) {
  return (
    <nav aria-label="Ad campaign steps" className="wizard-stepper">
      <ol>
        {wizardSteps.map((step, index) => {
          const state = campaign.steps.find((s) => s.step === step);
          const attention = Object.keys(savedStepErrors(campaign, step)).length > 0;
          const done = step !== "review" && state?.complete;
          return (
            <li key={step} data-done={done || undefined} data-attention={attention || undefined}>
              <Link to={`?step=${step}`} aria-current={step === current ? "step" : undefined} preventScrollReset>
                <span className="wizard-stepper__number" aria-hidden="true">
                  {done ? "✓" : index + 1}
                </span>
                <span className="wizard-stepper__label">{STEP_LABELS[step]}</span>
                {done ? <span className="visually-hidden"> (done)</span> : attention ? <span className="visually-hidden"> (needs changes)</span> : null}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
