import { Link, useFetcher, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { Dialog, DialogActions, withoutParam } from "../ui/Dialog";
import { Field, FormAlert, SelectField } from "../ui/Field";
import { DocPicker } from "./DocPicker";
import { HandbookPicker } from "./HandbookPicker";
import type { HandbookActionResult, HandbookItemJson } from "./types";

const KINDS = [
  { value: "doc", label: "Document" },
  { value: "link", label: "Link" },
  { value: "section", label: "Section" },
  { value: "handbook", label: "Handbook" },
] as const;
type Kind = (typeof KINDS)[number]["value"];

const INTENTS: Record<Kind, string> = { doc: "add-doc", link: "add-link", section: "add-section", handbook: "add-nested" };

/** Every section, indented by depth, for the "In section" choice. */
function sectionsOf(tree: HandbookItemJson[], depth = 0): { id: number; label: string }[] {
  return tree.flatMap((node) =>
    node.type === "section" ? [{ id: node.id, label: `${"— ".repeat(depth)}${node.title || "Untitled section"}` }, ...sectionsOf(node.children, depth + 1)] : [],
  );
}

/**
 * "Add to handbook" (`?add=doc|link|section|handbook`): one form per kind, each posting to
 * the handbook's action; the dialog closes once the item is in.
 */
export function AddItemDialog({ handbookKey, workspaceId, tree }: { handbookKey: string; workspaceId: number; tree: HandbookItemJson[] }) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<HandbookActionResult>();
  const asked = searchParams.get("add");
  const kind: Kind | null = KINDS.some((option) => option.value === asked) ? (asked as Kind) : null;
  const closeTo = withoutParam(location, "add");
  const result = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    if (kind && result?.ok) navigate(closeTo, { replace: true, preventScrollReset: true });
    // Only when an answer arrives: closing is a navigation, not a reaction to every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  if (!kind) return null;
  const sections = sectionsOf(tree);
  const fields = result && !result.ok ? (result.fields ?? {}) : {};
  const busy = fetcher.state !== "idle";
  const tabTo = (value: Kind) => {
    const query = new URLSearchParams(location.search);
    query.set("add", value);
    return `?${query}`;
  };

  return (
    <Dialog open closeTo={closeTo} title="Add to handbook" description="Documents and nested handbooks show only to people who may open them.">
      <nav className="hb-kinds" aria-label="What to add">
        {KINDS.map((option) => (
          <Link key={option.value} to={tabTo(option.value)} replace preventScrollReset className="hb-kinds__tab" aria-current={option.value === kind ? "true" : undefined}>
            {option.label}
          </Link>
        ))}
      </nav>
      <fetcher.Form method="post" action={`/handbook/${handbookKey}`} className="dialog__form hb-add-form" key={kind}>
        <FormAlert message={result && !result.ok ? result.message : null} />
        <input type="hidden" name="intent" value={INTENTS[kind]} />
        {kind === "doc" ? (
          <>
            <DocPicker workspaceId={workspaceId} />
            {fields.article_id ? <p className="field__error">Document {fields.article_id.join(", ")}</p> : null}
            <Field label="Title in the sidebar" name="title" hint="Leave empty to use the document's own title." errors={fields.title} />
          </>
        ) : null}
        {kind === "link" ? (
          <>
            <Field label="Web address" name="url" type="url" inputMode="url" placeholder="https://" required data-autofocus errors={fields.url} />
            <Field label="Title" name="title" hint="Leave empty to show the site's address." errors={fields.title} />
          </>
        ) : null}
        {kind === "section" ? <Field label="Section name" name="title" required maxLength={200} data-autofocus errors={fields.title} /> : null}
        {kind === "handbook" ? (
          <>
            <HandbookPicker workspaceId={workspaceId} currentKey={handbookKey} />
            {fields.nested_handbook_key ? <p className="field__error">Handbook {fields.nested_handbook_key.join(", ")}</p> : null}
          </>
        ) : null}
        {sections.length ? (
          <SelectField label="In section" name="parent_id" defaultValue="" errors={fields.parent_id}>
            <option value="">Top level</option>
            {sections.map((section) => (
              <option key={section.id} value={section.id}>
                {section.label}
              </option>
            ))}
          </SelectField>
        ) : null}
        <DialogActions closeTo={closeTo} label={`Add ${KINDS.find((option) => option.value === kind)!.label.toLowerCase()}`} busyLabel="Adding…" busy={busy} />
      </fetcher.Form>
    </Dialog>
  );
}
