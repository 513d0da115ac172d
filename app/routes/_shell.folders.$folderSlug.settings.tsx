import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { sortOrders, viewKinds } from "../../core/enums";
import type { FolderActionResult } from "~/components/folders/AddPropertyDialog";
import { FolderBreadcrumbs } from "~/components/folders/FolderBreadcrumbs";
import { FolderErrorBoundary } from "~/components/folders/FolderErrorBoundary";
import { folderActionContext } from "~/components/folders/folders.server";
import { VIEW_LABELS } from "~/components/folders/types";
import { useFolderPage } from "~/components/folders/useFolderEdits";
import { Field, FormAlert, SelectField, TextAreaField } from "~/components/ui/Field";
import { SORT_LABELS, SortOptions } from "~/components/ui/SortControl";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Folder settings" };

const done = (intent: string, message: string): FolderActionResult => ({ intent, ok: true, message });
const failed = (intent: string, status: number, message: string, fields: Record<string, string[]> = {}) =>
  data<FolderActionResult>({ intent, ok: false, message, fields }, { status: status >= 400 ? status : 400 });

/** Each section posts its own intent; the API route decides who may do it. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { folderId, workspaceId, call } = await folderActionContext(request, context, params.folderSlug);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => String(form.get(name) ?? "");

  if (intent === "update") {
    const folder = {
      name: text("name"),
      description: text("description"),
      icon: text("icon").trim() || null,
      settings: { default_view: text("default_view"), sort: text("sort") },
    };
    const result = await call("PUT", `/folders/${folderId}`, { folder });
    return result.ok ? done(intent, "Saved.") : failed(intent, result.status, result.problem.message, result.problem.fields);
  }
  if (intent === "password" || intent === "remove_password") {
    const password = intent === "password" ? text("password") : null;
    if (password !== null && password !== text("password_confirmation")) {
      return failed(intent, 400, "The passwords don't match.", { password_confirmation: ["doesn't match the password"] });
    }
    const result = await call("PUT", `/folders/${folderId}`, { folder: { password } });
    if (!result.ok) return failed(intent, result.status, result.problem.message, result.problem.fields);
    return done(intent, password ? "Password set. People without it are asked for it before they see anything inside." : "Password removed.");
  }
  if (intent === "archive" || intent === "restore") {
    const result = await call("PUT", `/folders/${folderId}/${intent}`);
    if (!result.ok) return failed(intent, result.status, result.problem.message);
    return done(intent, intent === "archive" ? "Archived, with everything in it." : "Restored, with everything that was archived with it.");
  }
  if (intent === "delete") {
    if (form.get("confirm") !== "yes") return failed(intent, 400, "Tick the box to confirm.", { confirm: ["must be ticked"] });
    const result = await call<{ deleted: boolean }>("DELETE", `/folders/${folderId}?permanent=true`);
    if (!result.ok) return failed(intent, result.status, result.problem.message);
    throw redirect(`/workspaces/${workspaceId}/archive`);
  }
  return failed(intent, 400, "That form was incomplete. Reload the page and try again.");
}

/** /folders/:folderSlug/settings: name, look, default view and order, password, archive and delete. */
export default function FolderSettings() {
  const page = useFolderPage();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { folder } = page;
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const resultFor = (...intents: string[]) => (result && intents.includes(result.intent) ? result : undefined);
  const fields = (intent: string) => resultFor(intent)?.fields ?? {};

  if (!page.canEdit) {
    return (
      <div className="page folder-settings">
        <section className="page-error">
          <h2>You can't change this folder's settings</h2>
          <p>Only people who can edit {folder.name} can rename it or change how it shows. Ask its owner for edit access.</p>
          <Link to={page.path} className="button button--primary">
            Back to {folder.name}
          </Link>
        </section>
      </div>
    );
  }

  return (
    <div className="page folder-settings">
      <header className="folder-header">
        <FolderBreadcrumbs page={page} here="Settings" />
        <h2 className="folder-header__title">Folder settings</h2>
      </header>

      <section className="settings-card" aria-labelledby="folder-general">
        <h3 id="folder-general">General</h3>
        <Form method="post" className="folder-form">
          <input type="hidden" name="intent" value="update" />
          <FormAlert message={resultFor("update")?.message} tone={resultFor("update")?.ok ? "info" : "error"} />
          <Field label="Name" name="name" defaultValue={folder.name} required maxLength={200} errors={fields("update").name} />
          <TextAreaField label="Description" name="description" defaultValue={folder.description} optional rows={3} maxLength={2000} errors={fields("update").description} />
          <Field label="Icon" name="icon" defaultValue={folder.icon ?? ""} maxLength={16} hint="An emoji shown beside the name, e.g. 📣" errors={fields("update").icon} />
          <div className="field-row">
            <SelectField label="Default view" name="default_view" defaultValue={page.defaultView} errors={fields("update").default_view}>
              {viewKinds.map((view) => (
                <option key={view} value={view}>
                  {VIEW_LABELS[view]}
                </option>
              ))}
            </SelectField>
            <SelectField label="Default order" name="sort" defaultValue={folder.settings.sort ?? page.sort} errors={fields("update").sort}>
              <SortOptions orders={sortOrders} labels={SORT_LABELS} />
            </SelectField>
          </div>
          <div className="folder-form__actions">
            <button type="submit" className="button button--primary" disabled={busy("update")} aria-busy={busy("update") || undefined}>
              {busy("update") ? "Saving…" : "Save changes"}
            </button>
          </div>
        </Form>
      </section>

      {folder.policies["folders.protect"] ? (
        <section className="settings-card" aria-labelledby="folder-password">
          <h3 id="folder-password">Password</h3>
          <p className="muted">
            {folder.has_password
              ? "This folder has a password. Everyone except its owners types it before seeing anything inside."
              : "Ask for a password before anyone (except the folder's owners) sees what is inside, documents in subfolders included."}
          </p>
          <Form method="post" className="folder-form">
            <input type="hidden" name="intent" value="password" />
            <FormAlert message={resultFor("password", "remove_password")?.message} tone={resultFor("password", "remove_password")?.ok ? "info" : "error"} />
            <div className="field-row">
              <Field label={folder.has_password ? "New password" : "Password"} name="password" type="password" required minLength={4} autoComplete="new-password" errors={fields("password").password} />
              <Field label="Repeat the password" name="password_confirmation" type="password" required autoComplete="new-password" errors={fields("password").password_confirmation} />
            </div>
            <div className="folder-form__actions">
              <button type="submit" className="button button--primary" disabled={busy("password")}>
                {folder.has_password ? "Change password" : "Set password"}
              </button>
            </div>
          </Form>
          {folder.has_password ? (
            <Form method="post">
              <input type="hidden" name="intent" value="remove_password" />
              <button type="submit" className="button button--destructive-outline" disabled={busy("remove_password")}>
                Remove the password
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}

      <section className="settings-card settings-card--danger" aria-labelledby="folder-archive">
        <h3 id="folder-archive">{folder.archived_at ? "Archived" : "Archive"}</h3>
        <FormAlert message={resultFor("archive", "restore", "delete")?.message} tone={resultFor("archive", "restore", "delete")?.ok ? "info" : "error"} />
        {folder.archived_at ? (
          <>
            <p className="muted">This folder and what was in it are archived. Restore them, or delete them for good.</p>
            <Form method="post">
              <input type="hidden" name="intent" value="restore" />
              <button type="submit" className="button" disabled={busy("restore")}>
                Restore folder
              </button>
            </Form>
            {folder.policies["folders.delete"] ? (
              <Form method="post" className="folder-form">
                <input type="hidden" name="intent" value="delete" />
                <label className="confirm-check">
                  <input type="checkbox" name="confirm" value="yes" required />
                  Delete {folder.name}, its subfolders and every document in them. This can't be undone.
                </label>
                <button type="submit" className="button button--destructive" disabled={busy("delete")}>
                  Delete forever
                </button>
              </Form>
            ) : null}
          </>
        ) : (
          <>
            <p className="muted">Archiving hides the folder, its subfolders and their documents from everyone. You can restore it from the archive.</p>
            <Form method="post">
              <input type="hidden" name="intent" value="archive" />
              <button type="submit" className="button button--destructive-outline" disabled={busy("archive")}>
                Archive folder
              </button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}

export { FolderErrorBoundary as ErrorBoundary };
