import { useEffect, useState } from "react";
import { api, ApiError } from "~/lib/api";
import { BookIcon } from "../ui/icons";
import { PickerList, PickerOption } from "../ui/PickerList";
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

  const others = (handbooks ?? []).filter((handbook) => handbook.key !== currentKey);
  return (
    <PickerList
      legend="Handbook"
      loading={!handbooks && "Loading handbooks…"}
      error={error}
      empty={others.length === 0 ? "There is no other handbook to add yet. Create one from the Handbooks page." : null}
    >
      {others.map((handbook, index) => (
        <PickerOption key={handbook.key} name="nested_handbook_key" value={handbook.key} required data-autofocus={index === 0 || undefined}>
          <BookIcon width={16} height={16} aria-hidden="true" />
          <span className="picker__title">{handbook.title}</span>
        </PickerOption>
      ))}
    </PickerList>
  );
}
