import { Form, useFetcher, useLocation, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { Dialog, DialogActions, withoutParam } from "../ui/Dialog";
import { handbookSorts } from "../../../core/enums";
import { Field, FormAlert, SelectField, TextAreaField } from "../ui/Field";
import { SortOptions } from "../ui/SortControl";
import { HANDBOOK_SORT_LABELS, type HandbookActionResult, type HandbookDetailJson } from "./types";

/** `?settings`: the handbook's title, description and order, and archiving it. */
export function HandbookSettingsDialog({ handbook }: { handbook: HandbookDetailJson }) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const fetcher = useFetcher<HandbookActionResult>();
  const closeTo = withoutParam(location, "settings");
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const action = `/handbook/${handbook.key}`;

  useEffect(() => {
    if (result?.ok) navigate(closeTo, { replace: true, preventScrollReset: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  if (!searchParams.has("settings")) return null;
  const fields = result && !result.ok ? (result.fields ?? {}) : {};
  const archiving = navigation.state !== "idle" && navigation.formData?.get("intent") === "archive";
  return (
    <Dialog open closeTo={closeTo} title="Handbook settings">
      <fetcher.Form method="post" action={action} className="dialog__form">
        <FormAlert message={result && !result.ok ? result.message : null} />
        <input type="hidden" name="intent" value="settings" />
        <Field label="Title" name="title" defaultValue={handbook.title} required maxLength={200} data-autofocus errors={fields.title} />
        <TextAreaField label="Description" name="description" defaultValue={handbook.description} rows={3} optional maxLength={2000} errors={fields.description} />
        <SelectField label="Order of the sidebar" name="sort" defaultValue={handbook.sort} errors={fields.sort}>
          <SortOptions orders={handbookSorts} labels={HANDBOOK_SORT_LABELS} />
        </SelectField>
        <DialogActions closeTo={closeTo} label="Save" busyLabel="Saving…" busy={fetcher.state !== "idle"} />
      </fetcher.Form>
      <Form method="post" action={action} className="hb-archive">
        <p className="dialog__text">Archiving hides the handbook from the list. Its documents stay where they are.</p>
        <button type="submit" name="intent" value="archive" className="button button--small button--destructive-outline" disabled={archiving}>
          {archiving ? "Archiving…" : "Archive handbook"}
        </button>
      </Form>
    </Dialog>
  );
}
