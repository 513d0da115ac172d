import { Link } from "@remix-run/react";
import { useEffect, useRef, type FormEvent, type ReactNode, type RefObject } from "react";
import type { WizardStep } from "../../../core/contracts/ads";
import { FormAlert } from "~/components/ui/Field";
import { previousStep } from "./useStepForm";
import { STEP_LABELS } from "./words";

interface StepFrameProps {
  step: WizardStep;
  intro?: ReactNode;
  problem: string | null;
  busy: boolean;
  formRef: RefObject<HTMLFormElement>;
  onSubmit: () => void;
  submitLabel?: string;
  children: ReactNode;
}

/** A step's heading (focused on arrival), its form, and Back / Save and continue. */
export function StepFrame({ step, intro, problem, busy, formRef, onSubmit, submitLabel = "Save and continue", children }: StepFrameProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  const back = previousStep(step);
  return (
    <form
      ref={formRef}
      className="wizard-step"
      noValidate
      aria-labelledby="wizard-step-title"
      aria-busy={busy || undefined}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h2 id="wizard-step-title" className="wizard-step__title" tabIndex={-1} ref={heading}>
        {STEP_LABELS[step]}
      </h2>
      {intro ? <div className="wizard-step__intro">{intro}</div> : null}
      <FormAlert message={problem} />
      {children}
      <div className="wizard-step__actions">
        {back ? (
          <Link className="button" to={`?step=${back}`} preventScrollReset>
            Back
          </Link>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </button>
      </div>
    </form>
  );
}

/** A field-level message for something without one input (a list, a group), focusable so focus can land on it. */
export function GroupError({ label, messages }: { label: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p className="field__error" tabIndex={-1} data-error-anchor>
      {label} {messages.join(", ")}
    </p>
  );
}
