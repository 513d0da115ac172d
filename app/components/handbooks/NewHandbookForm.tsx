import { Form, useNavigation } from "@remix-run/react";
import { handbookSorts } from "../../../core/enums";
import { DialogActions } from "../ui/Dialog";
import { Field, FormAlert, SelectField, TextAreaField } from "../ui/Field";
import { SortOptions } from "../ui/SortControl";
import { HANDBOOK_SORT_LABELS, type HandbookActionResult } from "./types";

/** The "New handbook" form: a cover page is created with it, titled like the handbook. */
export function NewHandbookForm({ result, cancelTo }: { result: HandbookActionResult | undefined; cancelTo: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const fields = result && !result.ok ? (result.fields ?? {}) : {};
  return (
    <Form method="post" className="dialog__form">
      <FormAlert message={result && !result.ok ? result.message : null} />
      <Field label="Title" name="title" required maxLength={200} placeholder="e.g. Brand handbook" data-autofocus errors={fields.title} />
      <TextAreaField
        label="Description"
        name="description"
        rows={3}
        optional
        maxLength={2000}
        hint="It opens the cover page, which you can edit like any document."
        errors={fields.description}
      />
      <SelectField label="Order of the sidebar" name="sort" defaultValue="custom" errors={fields.sort}>
        <SortOptions orders={handbookSorts} labels={HANDBOOK_SORT_LABELS} />
      </SelectField>
      <DialogActions closeTo={cancelTo} intent="create" label="Create handbook" busyLabel="Creating…" busy={busy} />
    </Form>
  );
}
