import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { SerializedDocument } from "../../../core/document/types";
import { DocumentView } from "../document/DocumentView";
import { api } from "~/lib/api";
import { applyShortcut, shortcutFor, type MarkdownShortcut } from "./markdownShortcuts";
import { saveStatusText, type SaveSnapshot } from "./saveQueue";
import type { Article, ArticleSaved } from "./types";
import { useAutosave } from "./useAutosave";

interface MarkdownEditorProps {
  articleId: number;
  initialMarkdown: string;
  initialDocument: SerializedDocument;
  password: string | null;
  onSaved: (article: Article) => void;
}

type Tab = "write" | "preview";

const TOOLS: { kind: Exclude<MarkdownShortcut, "save">; label: string; keys: string; text: string }[] = [
  { kind: "bold", label: "Bold", keys: "B", text: "B" },
  { kind: "italic", label: "Italic", keys: "I", text: "I" },
  { kind: "link", label: "Link", keys: "K", text: "Link" },
];

/** Grow the textarea with its text instead of scrolling inside it. */
function fitHeight(textarea: HTMLTextAreaElement | null) {
  if (!textarea) return;
  textarea.style.overflow = "hidden";
  // Shrinking to measure would scroll the page when typing near the bottom: keep it still.
  const scrollY = window.scrollY;
  textarea.style.height = "auto";
  textarea.style.height = `${textarea.scrollHeight + 2}px`;
  if (window.scrollY !== scrollY) window.scrollTo({ top: scrollY });
}

/**
 * The interim body editor until the rich-text editor lands: markdown in a Write tab, the
 * saved document rendered in a Preview tab. Saves itself a second after typing stops, on
 * blur and on Ctrl/Cmd+S; says what the server had to leave out of the markdown.
 */
export function MarkdownEditor({ articleId, initialMarkdown, initialDocument, password, onSaved }: MarkdownEditorProps) {
  const [tab, setTab] = useState<Tab>("write");
  const [text, setText] = useState(initialMarkdown);
  const [saved, setSaved] = useState<SerializedDocument>(initialDocument);
  const [warnings, setWarnings] = useState<string[]>([]);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const ids = { write: useId(), preview: useId(), status: useId() };

  const save = useCallback(
    (markdown: string) => api.put<ArticleSaved>(`/articles/${articleId}`, { article: { markdown } }, { articlePassword: password }),
    [articleId, password],
  );
  const { snapshot, queue } = useAutosave(save, {
    delay: 1000,
    onSaved: (result) => {
      setSaved(result.data.body);
      setWarnings(result.warnings ?? []);
      onSaved(result.data);
    },
  });

  useEffect(() => fitHeight(textareaRef.current), [text, tab]);

  const update = (value: string) => {
    setText(value);
    queue.change(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const shortcut = shortcutFor(event);
    if (!shortcut) return;
    event.preventDefault();
    if (shortcut === "save") {
      void queue.flush();
      return;
    }
    format(shortcut);
  };

  const format = (kind: Exclude<MarkdownShortcut, "save">) => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    const next = applyShortcut(kind, {
      value: textarea.value,
      selectionStart: textarea.selectionStart,
      selectionEnd: textarea.selectionEnd,
    });
    update(next.value);
    // After React writes the new value, put the selection where the shortcut says.
    requestAnimationFrame(() => {
      textarea.focus();
      textarea.setSelectionRange(next.selectionStart, next.selectionEnd);
    });
  };

  const show = (next: Tab) => {
    setTab(next);
    // The preview shows the saved document, so save what was typed first.
    if (next === "preview") void queue.flush();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next = tab === "write" ? "preview" : "write";
    show(next);
    document.getElementById(`${ids[next]}-tab`)?.focus();
  };

  return (
    <section className="doc-editor" aria-label="Document body">
      <div className="doc-editor__bar">
        <div role="tablist" aria-label="Editor mode" className="doc-editor__tabs">
          {(["write", "preview"] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`${ids[name]}-tab`}
              aria-selected={tab === name}
              aria-controls={ids[name]}
              tabIndex={tab === name ? 0 : -1}
              className="doc-editor__tab"
              onClick={() => show(name)}
              onKeyDown={onTabKey}
            >
              {name === "write" ? "Write" : "Preview"}
            </button>
          ))}
        </div>
        {tab === "write" ? (
          <div className="doc-editor__tools" role="toolbar" aria-label="Formatting" aria-controls={ids.write}>
            {TOOLS.map((tool) => (
              <button
                key={tool.kind}
                type="button"
                className={`doc-editor__tool doc-editor__tool--${tool.kind}`}
                title={`${tool.label} (Ctrl+${tool.keys})`}
                aria-label={tool.label}
                // Keep the selection: a click must not move focus out of the textarea first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => format(tool.kind)}
              >
                {tool.text}
              </button>
            ))}
          </div>
        ) : null}
        <SaveStatus id={ids.status} status={snapshot} onRetry={() => void queue.flush()} />
      </div>

      {warnings.length ? (
        <div className="doc-editor__warnings" role="status">
          <p>Saved, but some of the markdown could not be kept:</p>
          <ul>
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div role="tabpanel" id={ids.write} aria-labelledby={`${ids.write}-tab`} hidden={tab !== "write"}>
        <textarea
          ref={textareaRef}
          className="doc-editor__textarea"
          aria-label="Document text (markdown)"
          aria-describedby={ids.status}
          value={text}
          // Before the page is interactive, roughly as tall as the text; then it grows as you type.
          rows={Math.min(Math.max(12, initialMarkdown.split("\n").length + 2), 400)}
          spellCheck
          placeholder={"Start writing…\n\nMarkdown works here: # for a heading, - for a list, **bold**, _italic_, [a link](https://…)."}
          onChange={(event) => update(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => void queue.flush()}
        />
      </div>
      <div role="tabpanel" id={ids.preview} aria-labelledby={`${ids.preview}-tab`} hidden={tab !== "preview"} className="doc-editor__preview">
        {tab === "preview" ? (
          snapshot.status === "saving" || snapshot.status === "pending" ? (
            <p className="doc-editor__note">Saving your latest changes…</p>
          ) : (
            <DocumentView document={saved} />
          )
        ) : null}
      </div>
    </section>
  );
}

/** "Saving… / Saved / Couldn't save — Retry", announced politely to screen readers. */
export function SaveStatus({ id, status, onRetry }: { id?: string; status: SaveSnapshot; onRetry: () => void }) {
  const text = saveStatusText(status);
  return (
    <div id={id} className="save-status" data-status={status.status} role="status" aria-live="polite">
      {status.status === "saving" ? <span className="spinner spinner--small" aria-hidden="true" /> : null}
      <span>{text}</span>
      {status.status === "failed" ? (
        <>
          <span aria-hidden="true">—</span>
          <button type="button" className="link-button save-status__retry" onClick={onRetry}>
            Retry
          </button>
          {status.error ? <span className="save-status__error">{status.error}</span> : null}
        </>
      ) : null}
    </div>
  );
}
