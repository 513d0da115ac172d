import { useRef, useState } from "react";
import { isSafeUrl } from "../../../core/document/links";
import { EditorDialog } from "./EditorDialog";

/** Add an image: upload a file, or give the address of one on the web, with alt text. */
export function ImageDialog({ onUpload, onUrl, onClose }: { onUpload: (files: File[]) => void; onUrl: (src: string, alt: string) => void; onClose: () => void }) {
  const file = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <EditorDialog title="Add an image" description="Upload an image (up to 50 MB) or link to one on the web." onClose={onClose}>
      <div className="dialog__form">
        <div className="field">
          <span className="field__label">From your computer</span>
          <input
            ref={file}
            type="file"
            accept="image/*"
            className="visually-hidden"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              if (files.length > 0) onUpload(files);
            }}
          />
          <button type="button" className="button button--secondary" data-autofocus onClick={() => file.current?.click()}>
            Choose an image…
          </button>
        </div>
        <form
          className="dialog__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const src = url.trim();
            if (!src) return setError("Enter the image's address.");
            if (!/^https?:\/\//i.test(src) || !isSafeUrl(src)) return setError("Enter an address that starts with https://");
            onUrl(src, alt.trim());
          }}
        >
          <label className="field">
            <span className="field__label">Or from the web</span>
            <input className="input" type="url" inputMode="url" placeholder="https://example.com/photo.jpg" value={url} onChange={(e) => (setUrl(e.target.value), setError(null))} aria-invalid={error ? true : undefined} />
            {error ? (
              <span className="field__error" role="alert">
                {error}
              </span>
            ) : null}
          </label>
          <label className="field">
            <span className="field__label">Alt text</span>
            <input className="input" value={alt} maxLength={500} onChange={(e) => setAlt(e.target.value)} placeholder="Describe the image for people who can't see it" />
          </label>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button button--primary">
              Insert image
            </button>
          </div>
        </form>
      </div>
    </EditorDialog>
  );
}
