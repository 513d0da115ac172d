import { useEffect, useState } from "react";
import { api, ApiError } from "~/lib/api";
import { BookIcon } from "../ui/icons";
import type { HandbookJson } from "./types";

/** Chooses another handbook of the workspace to nest: radio buttons named `nested_handbook_key`. */
export function HandbookPicker({ workspaceId, currentKey }: { workspaceId: number; currentKey: string }) {
  const [handbooks, setHandbooks] = useState<HandbookJson[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<{ data: HandbookJson[] }>(`/w/${workspaceId}/handbooks`, { signal: controller.signal })
      .then((answer) => setHandbooks(answer.data))
      .catch((failure) => {
        if (!controller.signal.aborted) setError(failure instanceof ApiError ? failure.problem.message : "Could not load handbooks.");
      });
    return () => controller.abort();
  }, [workspaceId]);

  if (error) {
    return (
      <p className="form-alert form-alert--error" role="alert">
        {error}
      </p>
    );
  }
  if (!handbooks) {
    return (
      <p className="hb-picker__note" aria-busy="true">
        Loading handbooks…
      </p>
    );
  }
  const others = handbooks.filter((handbook) => handbook.key !== currentKey);
  return (
    <fieldset className="hb-picker__list">
      <legend className="visually-hidden">Handbook</legend>
      {others.map((handbook, index) => (
        <label key={handbook.key} className="hb-picker__option">
          <input type="radio" name="nested_handbook_key" value={handbook.key} required data-autofocus={index === 0 || undefined} />
          <BookIcon width={16} height={16} aria-hidden="true" />
          <span className="hb-picker__title">{handbook.title}</span>
        </label>
      ))}
      {others.length === 0 ? <p className="hb-picker__note">There is no other handbook to add yet. Create one from the Handbooks page.</p> : null}
    </fieldset>
  );
}
