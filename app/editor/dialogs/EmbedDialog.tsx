import { useState } from "react";
import { EMBED_LABELS, type EmbedKind } from "../embeds";
import { EditorDialog } from "./EditorDialog";

/** Asks for the address of an embed; only http(s) addresses are accepted. */
export function EmbedDialog({ kind, onSubmit, onClose }: { kind: EmbedKind; onSubmit: (url: string) => void; onClose: () => void }) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const label = EMBED_LABELS[kind];
  return (
    <EditorDialog title={`Insert ${label.title.toLowerCase()}`} description={label.hint} onClose={onClose}>
      <form
        className="dialog__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = value.trim();
          const candidate = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
          let url: URL | null = null;
          try {
            url = new URL(candidate);
          } catch {
            url = null;
          }
          if (!trimmed) return setError("Enter the address of the page.");
          if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname.includes(".")) {
            return setError("Enter a web address that starts with https://, such as https://www.youtube.com/watch?v=…");
          }
          onSubmit(url.href);
        }}
      >
        <label className="field">
          <span className="field__label">Address</span>
          <input
            className="input"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={value}
            onChange={(event) => (setValue(event.target.value), setError(null))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "embed-url-error" : undefined}
            data-autofocus
          />
          {error ? (
            <span id="embed-url-error" className="field__error" role="alert">
              {error}
            </span>
          ) : null}
        </label>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary">
            Insert
          </button>
        </div>
      </form>
    </EditorDialog>
  );
}
