import { useFetcher, useLocation } from "@remix-run/react";
import { Dialog, DialogActions, withoutParam } from "../ui/Dialog";
import { Field, FormAlert } from "../ui/Field";
import type { FolderActionResult } from "./AddPropertyDialog";

/**
 * "New folder", opened by `?new_folder` (top level of the current workspace) or
 * `?new_folder=<parent id>` (a subfolder). One instance lives in the app shell, so the
 * sidebar's "+" and a folder's "New folder" open the same dialog. Creating goes through
 * /folders/new, which opens the new folder; every loader (the sidebar tree too) reloads.
 */
export function NewFolderDialog({ workspaceId }: { workspaceId: number | null }) {
  const location = useLocation();
  const fetcher = useFetcher<FolderActionResult>();
  const param = new URLSearchParams(location.search).get("new_folder");
  const parentId = param && /^\d+$/.test(param) ? param : null;
  const open = param !== null && (parentId !== null || workspaceId !== null);
  const closeTo = withoutParam(location, "new_folder");
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  return (
    <Dialog
      open={open}
      closeTo={closeTo}
      title={parentId ? "New subfolder" : "New folder"}
      description={parentId ? "It starts with the same people as the folder it is in." : "Everyone in the workspace can open it unless you make it private."}
    >
      <fetcher.Form method="post" action="/folders/new" className="dialog__form">
        {parentId ? <input type="hidden" name="parent_id" value={parentId} /> : <input type="hidden" name="workspace_id" value={workspaceId ?? ""} />}
        <FormAlert message={result && !result.ok ? result.message : null} />
        <Field label="Name" name="name" required maxLength={200} autoComplete="off" placeholder="e.g. Q3 campaign, Blog posts" errors={result?.fields?.name} data-autofocus />
        {parentId ? null : (
          <label className="confirm-check folder-form__check">
            <input type="checkbox" name="private" value="true" />
            Only me (private)
          </label>
        )}
        <DialogActions label="Create folder" busyLabel="Creating…" busy={busy} />
      </fetcher.Form>
    </Dialog>
  );
}
