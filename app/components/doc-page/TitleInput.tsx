import { useCallback, useState, type KeyboardEvent } from "react";
import { api } from "~/lib/api";
import { SaveStatus } from "./SaveStatus";
import type { Article, ArticleSaved } from "./types";
import { useAutosave } from "./useAutosave";

interface TitleInputProps {
  articleId: number;
  /** Version-control mode: the title saves to this branch (`PUT /branches/:id`) instead of the document. */
  branchId?: number;
  initialTitle: string;
  password: string | null;
  onSaved: (article: Article) => void;
  /** Enter moves on to the body. */
  onDone?: () => void;
}

/** An empty title is saved as "Untitled", the name new documents get. */
const titleToSave = (value: string) => value.trim() || "Untitled";

/** The document's title as an editable heading that saves itself, like the body. */
export function TitleInput({ articleId, branchId, initialTitle, password, onSaved, onDone }: TitleInputProps) {
  const [title, setTitle] = useState(initialTitle);
  const save = useCallback(
    (value: string) =>
      branchId
        ? api.put<null>(`/branches/${branchId}`, { title: titleToSave(value) }, { articlePassword: password })
        : api.put<ArticleSaved>(`/articles/${articleId}`, { article: { title: titleToSave(value) } }, { articlePassword: password }),
    [articleId, branchId, password],
  );
  // A branch's title is not the document's yet: nothing on the page follows it until the merge.
  const { snapshot, queue } = useAutosave(save, { delay: 800, onSaved: (result) => result && onSaved(result.data) });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      void queue.flush();
      onDone?.();
    }
    if (event.key.toLowerCase() === "s" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void queue.flush();
    }
  };

  return (
    <div className="doc-title">
      <h2 className="doc-title__heading">
        <input
          className="doc-title__input"
          aria-label="Title"
          value={title}
          placeholder="Untitled"
          maxLength={300}
          onChange={(event) => {
            setTitle(event.target.value);
            queue.change(event.target.value);
          }}
          onBlur={() => void queue.flush()}
          onKeyDown={onKeyDown}
        />
      </h2>
      {snapshot.status === "failed" || snapshot.status === "saving" ? (
        <SaveStatus status={snapshot} onRetry={() => void queue.flush()} />
      ) : null}
    </div>
  );
}
