import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { DocumentView } from "../document/DocumentView";
import { FormAlert, SelectField } from "../ui/Field";
import { CloseIcon } from "../ui/icons";
import type { TemplateActionResult, TemplatePreview } from "./types";

interface FolderChoice {
  id: number;
  name: string;
  parentId: number | null;
}

/** Folders in tree order, indented by depth, for the "Create in" choice. */
function folderOptions(folders: FolderChoice[]) {
  const ids = new Set(folders.map((folder) => folder.id));
  const children = (parentId: number | null) =>
    folders.filter((folder) => (parentId === null ? folder.parentId === null || !ids.has(folder.parentId) : folder.parentId === parentId));
  const out: { id: number; label: string }[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const folder of children(parentId)) {
      out.push({ id: folder.id, label: `${"— ".repeat(depth)}${folder.name}` });
      if (depth < 20) walk(folder.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/**
 * The selected template, read-only, with "Use template": a new document with its content,
 * at the top level or in a chosen folder, opened in the editor.
 */
export function TemplatePreviewPanel({
  preview,
  folders,
  canCreateTopLevel,
  closeTo,
}: {
  preview: TemplatePreview;
  folders: FolderChoice[];
  canCreateTopLevel: boolean;
  closeTo: string;
}) {
  const actionData = useActionData<TemplateActionResult>();
  const navigation = useNavigation();
  const using = navigation.state !== "idle" && navigation.formData?.get("intent") === "use";
  const options = folderOptions(folders);
  const mayUse = canCreateTopLevel || options.length > 0;
  const failure = actionData && !actionData.ok && actionData.intent === "use" ? actionData : undefined;

  return (
    <aside className="tpl-preview" aria-labelledby="tpl-preview-title">
      <header className="tpl-preview__header">
        <div className="tpl-preview__heading">
          <p className="tpl-preview__kind">{preview.built_in ? "Starter template" : "Workspace template"}</p>
          <h2 id="tpl-preview-title" className="tpl-preview__title">
            {preview.title || "Untitled template"}
          </h2>
        </div>
        <Link to={closeTo} preventScrollReset className="icon-button" aria-label="Close preview">
          <CloseIcon aria-hidden="true" />
        </Link>
      </header>
      {mayUse ? (
        <Form method="post" className="tpl-use">
          <FormAlert message={failure?.message} />
          <input type="hidden" name="ref" value={preview.ref} />
          {options.length ? (
            <SelectField label="Create in" name="folder_id" defaultValue="" errors={failure?.fields?.folder_id}>
              {canCreateTopLevel ? <option value="">No folder (top level)</option> : null}
              {options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </SelectField>
          ) : null}
          <button type="submit" name="intent" value="use" className="button button--primary" disabled={using} aria-busy={using || undefined}>
            {using ? "Creating…" : "Use template"}
          </button>
        </Form>
      ) : (
        <p className="tpl-preview__note">You can't create documents here. Ask a workspace member to share a folder you may edit.</p>
      )}
      {!preview.built_in && preview.slug && preview.access_level && ["edit", "owner"].includes(preview.access_level) ? (
        <Link to={`/docs/${preview.slug}`} className="link-button tpl-preview__edit">
          Edit this template
        </Link>
      ) : null}
      <div className="tpl-preview__document">
        <DocumentView document={preview.body} />
      </div>
    </aside>
  );
}
