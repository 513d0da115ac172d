import { count } from "../../../core/counting";
import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import type { PageMeta } from "../../../core/contracts/pagination";
import type { ArticleSummaryJson } from "../../../worker/presenters/articles";
import { api, ApiError } from "~/lib/api";
import { CloseIcon, DocIcon, SearchIcon } from "../ui/icons";

/** One search hit. `title_html` and `snippet_html` come from the API already HTML-escaped, with only <mark> added. */
export type SearchResult = ArticleSummaryJson & { title_html: string; snippet_html: string; rank: number };

const DEBOUNCE_MS = 180;
const DIALOG_RESULTS = 8;

type SearchState =
  | { status: "idle" }
  | { status: "loading"; previous: SearchResult[] }
  | { status: "done"; results: SearchResult[]; meta: PageMeta & { query: string } }
  | { status: "error"; message: string };

export const searchPagePath = (workspaceId: number, query: string) =>
  `/workspaces/${workspaceId}/search${query.trim() ? `?q=${encodeURIComponent(query.trim())}` : ""}`;

/** Debounced search as the person types; a newer query aborts the one in flight. */
function useSearch(workspaceId: number, query: string, attempt: number): SearchState {
  const [state, setState] = useState<SearchState>({ status: "idle" });
  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setState({ status: "idle" });
      return;
    }
    setState((current) => ({ status: "loading", previous: current.status === "done" ? current.results : current.status === "loading" ? current.previous : [] }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .get<{ data: SearchResult[]; meta: PageMeta & { query: string } }>(`/w/${workspaceId}/search`, {
          query: { q, per_page: DIALOG_RESULTS },
          signal: controller.signal,
        })
        .then((body) => setState({ status: "done", results: body.data, meta: body.meta }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setState({ status: "error", message: error instanceof ApiError ? error.message : "Search didn't work. Try again." });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [workspaceId, query, attempt]);
  return state;
}

/** The text of a search hit: escaped by the API, so only its <mark> tags are markup. */
export function Highlighted({ html, className }: { html: string; className?: string }) {
  return <span className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The CommandLine modal: a search button in the top bar and Ctrl/Cmd+K open it; type to
 * search document titles and text, ↑/↓ to move, Enter to open, Esc to close.
 */
export function SearchDialog({ workspaceId }: { workspaceId: number }) {
  const [open, setOpen] = useState(false);
  const [shortcut, setShortcut] = useState("Ctrl K");
  const dialogRef = useRef<HTMLDialogElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (/Mac|iPhone|iPad/.test(navigator.platform)) setShortcut("⌘K");
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Opening a result navigates; the dialog goes with the page it was opened on.
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  return (
    <>
      {/* A link to the results page until the page is interactive; then it opens the dialog. */}
      <Link
        to={searchPagePath(workspaceId, "")}
        className="button search-launcher"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        title={`Search documents (${shortcut})`}
      >
        <SearchIcon aria-hidden="true" />
        <span className="search-launcher__label">Search</span>
        <kbd className="search-launcher__kbd">{shortcut}</kbd>
      </Link>
      <dialog
        ref={dialogRef}
        className="search-dialog"
        aria-label="Search documents"
        onClose={() => setOpen(false)}
        onClick={(event) => event.target === event.currentTarget && setOpen(false)}
      >
        {open ? <SearchPanel workspaceId={workspaceId} onClose={() => setOpen(false)} /> : null}
      </dialog>
    </>
  );
}

function SearchPanel({ workspaceId, onClose }: { workspaceId: number; onClose: () => void }) {
  const [query, setQuery] = useState("");
  const [attempt, setAttempt] = useState(0);
  const [active, setActive] = useState(0);
  const state = useSearch(workspaceId, query, attempt);
  const navigate = useNavigate();
  const listId = useId();
  const statusId = useId();
  const results = state.status === "done" ? state.results : state.status === "loading" ? state.previous : [];
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => setActive(0), [state]);

  const open = useCallback(
    (result: SearchResult | undefined) => {
      if (!result) return;
      onClose();
      navigate(`/docs/${result.slug}`);
    },
    [navigate, onClose],
  );

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (results.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (index + step + results.length) % results.length);
    } else if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (results[active]) open(results[active]);
      else if (query.trim()) {
        onClose();
        navigate(searchPagePath(workspaceId, query));
      }
    }
  };

  return (
    <div className="search-panel">
      <div className="search-panel__bar">
        <SearchIcon aria-hidden="true" className="search-panel__icon" />
        <input
          className="search-panel__input"
          type="search"
          role="combobox"
          aria-label="Search documents"
          aria-autocomplete="list"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-describedby={statusId}
          aria-activedescendant={results[active] ? optionId(active) : undefined}
          placeholder="Search documents…"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {state.status === "loading" ? <span className="search-panel__spinner" aria-hidden="true" /> : null}
        <button type="button" className="icon-button search-panel__close" aria-label="Close search" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>

      <div id={listId} role="listbox" aria-label="Matching documents" className="search-results" aria-busy={state.status === "loading"}>
        {results.map((result, index) => (
          <Link
            key={result.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            tabIndex={-1}
            to={`/docs/${result.slug}`}
            className="search-result"
            onClick={onClose}
            onMouseMove={() => setActive(index)}
          >
            <DocIcon aria-hidden="true" className="search-result__icon" />
            <span className="search-result__text">
              <Highlighted className="search-result__title" html={result.title_html || "Untitled"} />
              {result.snippet_html ? <Highlighted className="search-result__snippet" html={result.snippet_html} /> : null}
            </span>
          </Link>
        ))}
      </div>

      <div id={statusId} className="search-panel__status" role="status" aria-live="polite">
        {state.status === "idle" ? <p>Type to search the titles and text of the documents you can open.</p> : null}
        {state.status === "loading" && results.length === 0 ? <p>Searching…</p> : null}
        {state.status === "done" && results.length === 0 ? (
          <p>
            No documents match “{state.meta.query}”. Check the spelling, or try fewer or different words.
          </p>
        ) : null}
        {state.status === "error" ? (
          <p className="search-panel__error">
            {state.message}{" "}
            <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </p>
        ) : null}
      </div>

      <footer className="search-panel__footer">
        <span className="search-panel__keys" aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>Enter</kbd> to open · <kbd>Esc</kbd> to close
        </span>
        {state.status === "done" && state.meta.total > 0 ? (
          <Link to={searchPagePath(workspaceId, query)} className="link-button" onClick={onClose}>
            {state.meta.has_more ? `See all ${count(state.meta.total, "result")}` : "Open as a page"}
          </Link>
        ) : null}
      </footer>
    </div>
  );
}
