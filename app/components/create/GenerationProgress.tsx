import { count } from "../../../core/counting";
import { DraftPreview } from "./DraftPreview";
import { PlanLimitLink } from "~/components/ui/Field";
import type { GenerationState } from "./useGeneration";

const words = (text: string) => (text.match(/\S+/g) ?? []).length;

/**
 * A generation as it happens: the text streaming in, a live word count and a Stop button;
 * then, when it fails or is stopped, what happened and what to do.
 */
export function GenerationProgress<R>({
  run,
  label,
  onRetry,
  onBack,
  showTextWhenDone = false,
  markdown = false,
}: {
  run: GenerationState<R> & { stop(): void };
  label: string;
  onRetry: () => void;
  onBack: () => void;
  showTextWhenDone?: boolean;
  /** The text is markdown: shown rendered, as it will look, rather than as markup. */
  markdown?: boolean;
}) {
  if (run.phase === "done" && !showTextWhenDone) return null;
  return (
    <div className="generation" aria-busy={run.phase === "streaming"}>
      {run.phase === "streaming" ? (
        <div className="generation__bar">
          <span className="spinner spinner--small" aria-hidden="true" />
          <p role="status" className="generation__status">
            {label}… {run.text ? `${count(words(run.text), "word")} so far` : "starting"}
          </p>
          <button type="button" className="button button--small" onClick={run.stop}>
            Stop
          </button>
        </div>
      ) : null}
      {run.phase === "failed" ? (
        <div className="generation__problem" role="alert">
          <p>
            {run.error ?? "The writing failed."}
            <PlanLimitLink message={run.error} />
          </p>
          <button type="button" className="button button--small" onClick={onRetry}>
            Try again
          </button>
          <button type="button" className="button button--small" onClick={onBack}>
            Back
          </button>
        </div>
      ) : null}
      {run.phase === "aborted" ? (
        <div className="generation__problem" role="status">
          <p>Stopped. What was written so far is below.</p>
          <button type="button" className="button button--small" onClick={onRetry}>
            Start again
          </button>
          <button type="button" className="button button--small" onClick={onBack}>
            Back
          </button>
        </div>
      ) : null}
      {run.text && markdown ? (
        <DraftPreview markdown={run.text} label={run.phase === "done" ? "Your draft" : "Text written so far"} />
      ) : run.text ? (
        <pre className="generation__text" aria-label="Text written so far" tabIndex={0}>
          {run.text}
        </pre>
      ) : null}
    </div>
  );
}
