import { useFetcher, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { Dialog, DialogActions, withoutParam } from "../ui/Dialog";
import { Field, FormAlert } from "../ui/Field";
import { findItem } from "./tree";
import type { HandbookActionResult, HandbookItemJson } from "./types";

/** `?rename=<item id>`: the item's title in the sidebar (empty: its document's or handbook's own). */
export function RenameItemDialog({ handbookKey, tree }: { handbookKey: string; tree: HandbookItemJson[] }) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<HandbookActionResult>();
  const found = findItem(tree, Number(searchParams.get("rename")));
  const closeTo = withoutParam(location, "rename");
  const result = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    if (result?.ok) navigate(closeTo, { replace: true, preventScrollReset: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  if (!found) return null;
  const item = found.node;
  const mayBeEmpty = item.type !== "section";
  return (
    <Dialog open closeTo={closeTo} title={item.type === "section" ? "Rename section" : "Rename item"}>
      <fetcher.Form method="post" action={`/handbook/${handbookKey}`} className="dialog__form">
        <FormAlert message={result && !result.ok ? result.message : null} />
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="item_id" value={item.id} />
        <Field
          label="Title"
          name="title"
          defaultValue={item.custom_title || item.title}
          required={!mayBeEmpty}
          maxLength={200}
          data-autofocus
          hint={mayBeEmpty ? "Leave empty to use its own title." : undefined}
          errors={result && !result.ok ? result.fields?.title : undefined}
        />
        <DialogActions closeTo={closeTo} label="Save" busyLabel="Saving…" busy={fetcher.state !== "idle"} />
      </fetcher.Form>
    </Dialog>
  );
}
