import { useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { propertyTypes } from "../../../core/enums";
import { CHOICE_TYPES, PROPERTY_TYPE_LABELS, type PropertyType } from "../../../core/contracts/properties";
import { Dialog, DialogActions } from "../ui/Dialog";
import { Field, FormAlert, SelectField, TextAreaField } from "../ui/Field";
import type { FolderPageData } from "./types";

export interface FolderActionResult {
  intent: string;
  ok: boolean;
  message?: string;
  fields?: Record<string, string[]>;
}

/** Name, type and (for select types) the options, one per line; posts to the folder's action. */
export function AddPropertyDialog({ page, open, closeTo }: { page: FolderPageData; open: boolean; closeTo: string }) {
  const fetcher = useFetcher<FolderActionResult>();
  const navigate = useNavigate();
  const [type, setType] = useState<PropertyType>("text");
  const busy = fetcher.state !== "idle";
  const result = fetcher.data?.intent === "add_property" ? fetcher.data : undefined;

  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) navigate(closeTo, { replace: true, preventScrollReset: true });
    // Close once, when this submission succeeds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, result]);

  const fields = result?.fields ?? {};
  return (
    <Dialog open={open} closeTo={closeTo} title="Add property" description="Every document in this folder gets a value for it, shown as a column.">
      <fetcher.Form method="post" action={page.path} className="dialog__form">
        <input type="hidden" name="intent" value="add_property" />
        <FormAlert message={result && !result.ok ? result.message : null} />
        <Field label="Name" name="name" required maxLength={80} autoComplete="off" placeholder="e.g. Due date, Channel, Reviewer" errors={fields.name} data-autofocus />
        <SelectField label="Type" name="type" value={type} onChange={(event) => setType(event.target.value as PropertyType)} errors={fields.type}>
          {propertyTypes.map((option) => (
            <option key={option} value={option}>
              {PROPERTY_TYPE_LABELS[option]}
            </option>
          ))}
        </SelectField>
        {CHOICE_TYPES.includes(type) ? (
          <TextAreaField label="Options" name="options" rows={4} required placeholder={"Blog\nEmail\nSocial"} hint="One per line." errors={fields.options} />
        ) : null}
        <DialogActions label="Add property" busyLabel="Adding…" busy={busy} />
      </fetcher.Form>
    </Dialog>
  );
}
