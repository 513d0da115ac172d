import { count } from "../../../core/counting";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { AI_REVISION_MAX_CHARACTERS } from "../../../core/contracts/suggestions";
import { api, ApiError } from "~/lib/api";
import { MarkPopover } from "./MarkPopover";

/** Which document to ask about, with its password when it has one (the API asks for it on every call). */
export interface RewriteTarget {
  articleId: number;
  password: string | null;
}

type RewriteState = { phase: "idle" } | { phase: "pending" } | { phase: "done" } | { phase: "failed"; message: string };

/**
 * Asks the content engine for a rewrite of some words in the brand voice
 * (`POST /articles/:id/ai_revisions`). The rewrite is not applied here: it arrives in the
 * document as an AI-revision suggestion, listed in the Changes panel for an editor to accept.
 * The state outlives the toolbar (which hides when the selection moves), so the outcome is
 * still told once the revision has changed the text under the selection.
 */
export function useBrandVoiceRewrite(target: RewriteTarget | null) {
  const [state, setState] = useState<RewriteState>({ phase: "idle" });
  const request = useCallback(
    async (text: string, instruction: string): Promise<boolean> => {
      if (!target) return false;
      setState({ phase: "pending" });
      try {
        await api.post(
          `/articles/${target.articleId}/ai_revisions`,
          { text, ...(instruction.trim() ? { instruction: instruction.trim() } : {}) },
          { articlePassword: target.password },
        );
        setState({ phase: "done" });
        return true;
      } catch (failure) {
        setState({ phase: "failed", message: failure instanceof ApiError ? failure.message : "The AI writer could not be reached. Try again." });
        return false;
      }
    },
    [target],
  );
  const dismiss = useCallback(() => setState({ phase: "idle" }), []);
  return { state, request, dismiss };
}

export type BrandVoiceRewrite = ReturnType<typeof useBrandVoiceRewrite>;

/**
 * "Rewrite in brand voice" in the floating toolbar: a panel with an optional instruction
 * ("shorter", "for a newsletter"); Enter sends the selected words, Escape closes.
 */
export function RewriteControl({ rewrite, selectedText }: { rewrite: BrandVoiceRewrite; selectedText: () => string }) {
  return (
    <MarkPopover
      className="mark-control--rewrite"
      label="Rewrite in brand voice"
      title="Rewrite in brand voice"
      popup="dialog"
      face={
        <span className="rewrite-control__face">
          <SparkIcon />
          <span className="rewrite-control__text">Rewrite</span>
        </span>
      }
    >
      {(close) => <RewritePanel rewrite={rewrite} selectedText={selectedText} close={close} />}
    </MarkPopover>
  );
}

function RewritePanel({ rewrite, selectedText, close }: { rewrite: BrandVoiceRewrite; selectedText: () => string; close: () => void }) {
  const { state, request, dismiss } = rewrite;
  const field = useRef<HTMLInputElement>(null);
  const [instruction, setInstruction] = useState("");
  // The words as they were when the panel opened: the selection may move while it is open.
  const [text] = useState(() => selectedText().trim());
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const pending = state.phase === "pending";
  const tooLong = text.length > AI_REVISION_MAX_CHARACTERS;
  const problem = tooLong ? `Select at most ${count(AI_REVISION_MAX_CHARACTERS, "character")} (one paragraph) to rewrite.` : state.phase === "failed" ? state.message : null;

  useEffect(() => {
    // A message from an earlier request is not about these words.
    if (state.phase !== "pending") dismiss();
    field.current?.focus();
    // Once, when the panel opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || tooLong || !text) return;
    // The send button is disabled while waiting: keep the keyboard in the panel.
    if (document.activeElement !== field.current) field.current?.focus();
    void request(text, instruction).then((ok) => ok && close());
  };

  return (
    <form className="rewrite-panel" onSubmit={submit} noValidate aria-busy={pending || undefined}>
      <p className="rewrite-panel__lead">
        The AI writer suggests a rewrite of the selected words in your brand voice. You accept it or not in Changes.
      </p>
      <label className="rewrite-panel__label" htmlFor={fieldId}>
        Instruction (optional)
      </label>
      <input
        id={fieldId}
        ref={field}
        className="mark-input"
        type="text"
        autoComplete="off"
        maxLength={500}
        placeholder="Shorter, friendlier…"
        value={instruction}
        readOnly={pending}
        aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => setInstruction(event.target.value)}
      />
      <p id={hintId} className="rewrite-panel__hint">
        Enter sends, Escape closes.
      </p>
      {problem ? (
        <p id={errorId} className="mark-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="rewrite-panel__actions">
        <button type="submit" className="mark-button mark-button--primary" disabled={pending || tooLong || !text}>
          {pending ? "Rewriting…" : "Rewrite"}
        </button>
        <button type="button" className="mark-button" onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The outcome, outside the toolbar: the revision changes the text under the selection, and the
 * toolbar may hide before the answer comes. A live region that stays on the page, so what
 * it says is announced.
 */
export function RewriteNotice({ rewrite }: { rewrite: BrandVoiceRewrite }) {
  const { state, dismiss } = rewrite;
  const message =
    state.phase === "pending"
      ? "Rewriting in your brand voice…"
      : state.phase === "done"
        ? "The rewrite is waiting in Changes: accept it there to use it."
        : state.phase === "failed"
          ? state.message
          : "";
  return (
    // Never `hidden`: a live region has to be on the page before its words change to be announced.
    <div className="rewrite-notice" data-phase={state.phase}>
      <p role="status" className="rewrite-notice__text">
        {state.phase === "failed" ? null : message}
      </p>
      {state.phase === "failed" ? (
        <p role="alert" className="rewrite-notice__text">
          {message}
        </p>
      ) : null}
      {state.phase === "done" || state.phase === "failed" ? (
        <button type="button" className="rewrite-notice__close" aria-label="Dismiss" onMouseDown={(event) => event.preventDefault()} onClick={dismiss}>
          ×
        </button>
      ) : null}
    </div>
  );
}

function SparkIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 3v3M12 18v3M3 12h3M18 12h3" />
      <path d="m12 8 1.4 2.6L16 12l-2.6 1.4L12 16l-1.4-2.6L8 12l2.6-1.4Z" />
    </svg>
  );
}
