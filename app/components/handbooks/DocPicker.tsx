import { useEffect, useState } from "react";
import { api, ApiError } from "~/lib/api";
import { DocIcon } from "../ui/icons";
import { PickerList, PickerOption } from "../ui/PickerList";

interface DocOption {
  id: number;
  title: string;
  slug: string;
  excerpt?: string;
}

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 250;

/**
 * Chooses one document the person may read: the most recently changed ones to start with,
 * full-text search once they type. A list of radio buttons named `article_id`, so it posts
 * with the form it sits in.
 */
export function DocPicker({ workspaceId, exclude = [] }: { workspaceId: number; exclude?: number[] }) {
  const [query, setQuery] = useState("");
  const [options, setOptions] = useState<DocOption[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const needle = query.trim();
    const timer = setTimeout(
      () => {
        const request = needle
          ? api.get<{ data: DocOption[] }>(`/w/${workspaceId}/search`, { query: { q: needle, per_page: 20 }, signal: controller.signal })
          : api.get<{ data: DocOption[] }>(`/w/${workspaceId}/articles`, { query: { sort: "last_modified_desc", per_page: 30 }, signal: controller.signal });
        request
          .then((answer) => {
            setOptions(answer.data);
            setError(null);
          })
          .catch((failure) => {
            if (controller.signal.aborted) return;
            setError(failure instanceof ApiError ? failure.problem.message : "Could not load documents.");
          });
      },
      needle ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, workspaceId]);

  const shown = (options ?? []).filter((option) => !exclude.includes(option.id));
  return (
    <PickerList
      search={{ label: "Find a document", placeholder: "Find a document by title or text", value: query, onChange: setQuery, autoFocus: true }}
      legend="Document"
      loading={options === null && "Loading documents…"}
      error={error}
      empty={shown.length === 0 ? (query.trim() ? "No document matches. Try other words." : "No documents yet. Create one, then add it here.") : null}
    >
      {shown.map((option) => (
        <PickerOption key={option.id} name="article_id" value={option.id} required checked={chosen === option.id} onChange={() => setChosen(option.id)}>
          <DocIcon width={16} height={16} aria-hidden="true" />
          <span className="picker__title">{option.title || "Untitled"}</span>
        </PickerOption>
      ))}
    </PickerList>
  );
}
