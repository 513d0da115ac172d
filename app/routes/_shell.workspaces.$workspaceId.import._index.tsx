import { count } from "../../core/counting";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { IMPORT_EXTENSIONS } from "../../core/contracts/imports";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from "../../core/enums";
import { can } from "../../worker/policies";
import { viewerFor } from "../../worker/services/access";
import { listFolders } from "../../worker/services/folders";
import { importJobsOf } from "../../worker/services/imports";
import { FormAlert } from "~/components/ui/Field";
import { ImportIcon } from "~/components/ui/icons";
import { ImportErrorBoundary } from "~/components/imports/ImportErrorBoundary";
import { JobStatusBadge } from "~/components/imports/JobStatusBadge";
import { formatBytes } from "~/lib/format";
import { requireWorkspaceActor, workspaceActionContext } from "~/lib/workspace.server";
import styles from "~/styles/imports.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Import" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "Import · Brandwork" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, params.workspaceId);
  if (!can(actor, "imports.create")) throw data("Guests cannot import documents into this workspace", { status: 403 });
  const folders = await listFolders(db, viewerFor(actor), { archived: false });
  return {
    workspaceId: workspace.id,
    folders: folders
      .filter((row) => row.level === "edit" || row.level === "owner")
      .map((row) => ({ id: row.folder.id, name: row.folder.name, parentId: row.folder.parentId })),
    recent: await importJobsOf(db, actor),
    preselected: new URL(request.url).searchParams.get("folder_id"),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { workspace, call } = await workspaceActionContext(request, context, params.workspaceId);
  // The multipart body streams on to the API unread: the API caps and inflates it as it arrives.
  const result = await call<{ key: string }>("POST", `/w/${workspace.id}/imports`, request.body);
  if (!result.ok) return data({ message: result.problem.message }, { status: result.status });
  return redirect(`/workspaces/${workspace.id}/import/${result.data.key}`);
}

/** Folder names with their parents ("Marketing / Launch") so nested folders are told apart. */
function folderLabels(folders: { id: number; name: string; parentId: number | null }[]) {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const label = (id: number, depth = 0): string => {
    const folder = byId.get(id)!;
    const parent = folder.parentId ? byId.get(folder.parentId) : undefined;
    return parent && depth < 5 ? `${label(parent.id, depth + 1)} / ${folder.name}` : folder.name;
  };
  return folders.map((folder) => ({ id: folder.id, label: label(folder.id) })).sort((a, b) => a.label.localeCompare(b.label));
}

export default function ImportPage() {
  const { workspaceId, folders, recent, preselected } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const navigation = useNavigation();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const total = chosen.reduce((sum, file) => sum + file.size, 0);
  const tooLarge = total > MAX_UPLOAD_BYTES;
  const submitting = navigation.state === "submitting";

  const choose = (files: FileList | null) => {
    if (!files) return;
    setChosen([...files]);
    if (input.current && input.current.files !== files) input.current.files = files;
  };

  return (
    <div className="page import-page">
      <div className="page__header">
        <div>
          <h1 className="page__title">Import documents</h1>
          <p className="page__lede">Markdown, HTML, or a zip of them. Folders inside a zip become folders here.</p>
        </div>
      </div>

      <Form method="post" encType="multipart/form-data" className="import-form">
        <label
          className={`dropzone${dragging ? " dropzone--active" : ""}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            choose(event.dataTransfer.files);
          }}
        >
          <ImportIcon width={32} height={32} />
          <span className="dropzone__title">Drop files here or choose them</span>
          <span className="dropzone__hint">{IMPORT_EXTENSIONS.join(", ")} · up to 50 MB in total</span>
          <input
            ref={input}
            className="visually-hidden"
            type="file"
            name="files"
            multiple
            accept={IMPORT_EXTENSIONS.join(",")}
            onChange={(event) => choose(event.currentTarget.files)}
          />
        </label>

        {chosen.length > 0 ? (
          <ul className="import-files" aria-label="Chosen files">
            {chosen.map((file) => (
              <li key={`${file.name}-${file.size}`}>
                <span>{file.name}</span>
                <span className="muted">{formatBytes(file.size)}</span>
              </li>
            ))}
          </ul>
        ) : null}

        <label className="field">
          <span className="field__label">Import into</span>
          <select name="folder_id" className="field__input" defaultValue={preselected ?? ""}>
            <option value="">Top level of the workspace</option>
            {folderLabels(folders).map((folder) => (
              <option key={folder.id} value={folder.id}>
                {folder.label}
              </option>
            ))}
          </select>
        </label>

        <FormAlert message={tooLarge ? UPLOAD_TOO_LARGE_MESSAGE : null} />
        <FormAlert message={failure?.message} />

        <div className="form-actions">
          <button className="button button--primary" type="submit" disabled={chosen.length === 0 || tooLarge || submitting}>
            {submitting ? "Uploading…" : chosen.length > 1 ? `Import ${count(chosen.length, "file")}` : "Import"}
          </button>
        </div>
      </Form>

      <section className="import-history" aria-labelledby="recent-imports">
        <h2 id="recent-imports">Recent imports</h2>
        {recent.length === 0 ? (
          <p className="muted">Your imports will show here, with what each file became.</p>
        ) : (
          <ul className="import-jobs">
            {recent.map((job) => (
              <li key={job.key}>
                <Link to={`/workspaces/${workspaceId}/import/${job.key}`}>
                  {count(job.total, "file")} · {new Date(job.created_at!).toLocaleString()}
                </Link>
                <JobStatusBadge status={job.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export { ImportErrorBoundary as ErrorBoundary };
