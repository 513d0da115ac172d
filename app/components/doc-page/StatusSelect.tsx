import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { documentStatuses, type DocumentStatus } from "../../../core/enums";
import { api } from "~/lib/api";
import { STATUS_LABELS } from "./types";
import { useApiAction } from "./useApiAction";

/** Editors set the document's status; it saves on change. Everyone else sees it as a badge. */
export function StatusSelect({ articleId, status, editable, password }: { articleId: number; status: DocumentStatus; editable: boolean; password: string | null }) {
  const [value, setValue] = useState(status);
  const { busy, error, run } = useApiAction();
  const revalidator = useRevalidator();

  if (!editable) {
    return (
      <span className="doc-status" data-status={status}>
        {STATUS_LABELS[status]}
      </span>
    );
  }

  const change = async (next: DocumentStatus) => {
    const previous = value;
    setValue(next);
    const saved = await run(() => api.put(`/articles/${articleId}`, { article: { status: next } }, { articlePassword: password }));
    if (saved) revalidator.revalidate();
    else setValue(previous);
  };

  return (
    <span className="doc-status-select">
      <label>
        <span className="visually-hidden">Status</span>
        <select
          className="doc-status doc-status--select"
          data-status={value}
          value={value}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => void change(event.target.value as DocumentStatus)}
        >
          {documentStatuses.map((entry) => (
            <option key={entry} value={entry}>
              {STATUS_LABELS[entry]}
            </option>
          ))}
        </select>
      </label>
      {error ? (
        <span className="doc-status-select__error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
