import { Link } from "@remix-run/react";
import type { NextStep } from "../../../worker/services/next-steps";
import { CheckIcon } from "../ui/icons";

/** The home's "Get started": each step from the workspace's real state, the next one first in line. */
export function NextSteps({ steps }: { steps: NextStep[] }) {
  const next = steps.find((step) => !step.done);
  const done = steps.filter((step) => step.done).length;
  return (
    <section className="next-steps" aria-labelledby="next-steps-title">
      <header className="next-steps__header">
        <h2 id="next-steps-title" className="files-section__title">
          Get started
        </h2>
        <p className="next-steps__count">
          {done} of {steps.length} done
        </p>
      </header>
      <ol className="next-steps__list">
        {steps.map((step) => (
          <li key={step.key} className="next-step" data-done={step.done || undefined} aria-current={step === next ? "step" : undefined}>
            <div className="next-step__text">
              <h3 className="next-step__title">
                {step.done ? <CheckIcon aria-hidden="true" /> : null}
                {step.title}
                {step.done ? <span className="visually-hidden"> (done)</span> : null}
              </h3>
              <p>{step.why}</p>
            </div>
            {step.done ? null : (
              <Link to={step.to} className={`button${step === next ? " button--primary" : ""}`}>
                {step.action}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
