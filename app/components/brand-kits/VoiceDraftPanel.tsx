import { count } from "../../../core/counting";
import { useState } from "react";
import type { BrandVoiceNoteType } from "../../../core/content/voice";
import { api, ApiError } from "~/lib/api";

type Notes = Partial<Record<BrandVoiceNoteType, string>>;

/**
 * Drafts voice notes from a writing sample (pasted text or a web page). The draft fills
 * the form's notes for review; nothing is saved until the writer saves the kit.
 */
export function VoiceDraftPanel({ kitId, onDraft }: { kitId: number; onDraft: (notes: Notes) => void }) {
  const [source, setSource] = useState<"text" | "url">("text");
  const [value, setValue] = useState("");
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: string | null }>({ busy: false, error: null, done: null });

  const draft = async () => {
    setState({ busy: true, error: null, done: null });
    try {
      const sample = source === "text" ? { type: "text", text: value } : { type: "url", url: value.trim() };
      const { data } = await api.post<{ data: { notes: Notes; words: number } }>(`/brand_kits/${kitId}/voice_draft`, { samples: [sample] });
      onDraft(data.notes);
      setState({ busy: false, error: null, done: `Drafted from ${count(data.words, "word")}. Review the notes below, then save.` });
    } catch (error) {
      const message = error instanceof ApiError ? (Object.values(error.problem.fields)[0]?.[0] ? `${error.problem.message}: ${Object.values(error.problem.fields)[0]![0]}` : error.problem.message) : "Drafting failed. Try again.";
      setState({ busy: false, error: message, done: null });
    }
  };

  return (
    <section className="kit-section voice-draft" aria-labelledby="voice-draft-title">
      <h2 id="voice-draft-title" className="kit-section__title">
        Draft the voice from a sample
      </h2>
      <p className="kit-section__lead">Paste something your brand wrote, or give a page of your website. We'll describe how it sounds and the words it returns to.</p>
      <div className="voice-draft__source" role="radiogroup" aria-label="Sample">
        {(["text", "url"] as const).map((kind) => (
          <label key={kind} className="voice-draft__option">
            <input type="radio" name="voice-source" checked={source === kind} onChange={() => setSource(kind)} /> {kind === "text" ? "Pasted text" : "A web page"}
          </label>
        ))}
      </div>
      {source === "text" ? (
        <textarea className="input voice-draft__input" rows={5} value={value} onChange={(e) => setValue(e.target.value)} placeholder="Paste at least a paragraph: a blog post, an email, your About page…" aria-label="Sample text" />
      ) : (
        <input className="input" type="url" value={value} onChange={(e) => setValue(e.target.value)} placeholder="https://yourbrand.com/about" aria-label="Sample page address" />
      )}
      <div className="voice-draft__actions">
        <button type="button" className="button" onClick={() => void draft()} disabled={state.busy || value.trim().length === 0} aria-busy={state.busy || undefined}>
          {state.busy ? "Reading…" : "Draft voice notes"}
        </button>
        <p className="voice-draft__status" role="status" aria-live="polite">
          {state.error ? <span className="field__error">{state.error}</span> : state.done}
        </p>
      </div>
    </section>
  );
}
