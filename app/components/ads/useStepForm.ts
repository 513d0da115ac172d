import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { wizardSteps, type AdCampaignOut, type WizardStep } from "../../../core/contracts/ads";
import { api, ApiError } from "~/lib/api";

export type FieldErrors = Record<string, string[]>;

/** What a launch refusal carries to the step that must change (see Review). */
export interface LaunchState {
  launchErrors?: FieldErrors;
  launchMessage?: string;
}

/** The API's `fields` with their whole paths ("creatives.0.headline"), which the shared reader shortens. */
export function fieldsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const body = error.body as { fields?: Record<string, unknown> } | null;
  const fields: FieldErrors = {};
  for (const [key, value] of Object.entries(body?.fields ?? {})) if (Array.isArray(value)) fields[key] = value.filter((m): m is string => typeof m === "string");
  return fields;
}

export const nextStep = (step: WizardStep): WizardStep => wizardSteps[Math.min(wizardSteps.indexOf(step) + 1, wizardSteps.length - 1)]!;
export const previousStep = (step: WizardStep): WizardStep | null => (step === wizardSteps[0] ? null : wizardSteps[wizardSteps.indexOf(step) - 1]!);

/**
 * One wizard step's save: the step's body goes to the API, which validates that step alone and
 * saves it as the draft's; its field errors are shown beside the fields and focus moves to the
 * first of them. Errors the draft already has (a saved step that no longer passes) or that a
 * launch refusal brought here are shown from the start.
 */
export function useStepForm(campaign: AdCampaignOut, workspaceId: number, step: WizardStep) {
  const navigate = useNavigate();
  const location = useLocation();
  const carried = (location.state ?? {}) as LaunchState;
  // A saved step that no longer passes shows why at once; one not yet filled in starts clean.
  const saved = savedStepErrors(campaign, step);
  const [errors, setErrors] = useState<FieldErrors>(carried.launchErrors ?? saved);
  const [problem, setProblem] = useState<string | null>(carried.launchMessage ?? (campaign.error?.step === step ? campaign.error.message : null));
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusTick, setFocusTick] = useState(0);

  useEffect(() => {
    if (!focusTick) return;
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-anchor]');
    target?.focus();
  }, [focusTick]);

  /** Moves focus to the first field with a problem (after the errors render). */
  const focusFirstError = () => setFocusTick((tick) => tick + 1);

  async function save(body: unknown, then: WizardStep = nextStep(step)) {
    setBusy(true);
    setProblem(null);
    try {
      await api.patch<{ data: AdCampaignOut }>(`/w/${workspaceId}/ads/campaigns/${campaign.id}/steps/${step}`, body);
      setErrors({});
      navigate(`?step=${then}`, { preventScrollReset: true });
    } catch (failure) {
      const fields = fieldsOf(failure);
      setErrors(fields);
      setProblem(failure instanceof ApiError ? (Object.keys(fields).length ? "Please correct the fields marked below." : failure.problem.message) : "Saving failed. Try again.");
      focusFirstError();
    } finally {
      setBusy(false);
    }
  }

  /** Messages for one field's path. */
  const errorsFor = (path: string): string[] | undefined => errors[path];
  return { errors, setErrors, errorsFor, problem, setProblem, busy, save, formRef, focusFirstError };
}

/** The errors of a step that has been saved (an unsaved one's "not filled in yet" is not shown as a field error). */
export function savedStepErrors(campaign: AdCampaignOut, step: WizardStep): FieldErrors {
  if (step === "review" || campaign.draft[step] == null) return {};
  return campaign.steps.find((state) => state.step === step)?.errors ?? {};
}
