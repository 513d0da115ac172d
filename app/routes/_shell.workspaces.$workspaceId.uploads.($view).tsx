import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { fileKinds, listUploadsQuery, uploadViews } from "../../core/contracts/files";
import { pageMeta } from "../../core/contracts/pagination";
import { sortOrders } from "../../core/enums";
import { can } from "../../worker/policies";
import { presentUpload } from "../../worker/presenters/uploads";
import { pageOfUploads } from "../../worker/services/uploads";
import { Dialog, withoutParam } from "~/components/ui/Dialog";
import { FormAlert } from "~/components/ui/Field";
import { UploadIcon } from "~/components/ui/icons";
import { PageError } from "~/components/ui/PageError";
import { Pager } from "~/components/ui/Pager";
import { SORT_LABELS, SortOptions } from "~/components/ui/SortControl";
import { UploadDropzone } from "~/components/uploads/UploadDropzone";
import { UploadsGallery, UploadsList } from "~/components/uploads/UploadViews";
import { requireWorkspaceActor, workspaceActionContext } from "~/lib/workspace.server";
import styles from "~/styles/uploads.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Uploads" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Uploads · ${data.workspaceName} · Brandwork` : "Uploads · Brandwork" },
];

const TYPE_LABELS: Record<(typeof fileKinds)[number], string> = { image: "Images", document: "Documents", video: "Videos", audio: "Audio", archive: "Archives" };
const VIEW_LABELS: Record<(typeof uploadViews)[number], string> = { list_view: "List", gallery_view: "Gallery" };

/** The workspace's uploaded files the person may read, in the view, order and filter the URL names. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, params.workspaceId);
  if (!can(actor, "uploads.list")) throw data("Only workspace members can see the uploads", { status: 403 });
  const view = params.view ?? "list_view";
  if (!(uploadViews as readonly string[]).includes(view)) throw data("There is no such view", { status: 404 });
  const url = new URL(request.url);
  // A bad sort or filter in an old link falls back to the defaults rather than failing the page.
  const wanted = { ...Object.fromEntries([...url.searchParams].filter(([, value]) => value !== "")), view };
  const parsed = listUploadsQuery.safeParse(wanted);
  const query = parsed.success ? parsed.data : listUploadsQuery.parse({ view });
  const { items, total } = await pageOfUploads(db, actor, query);
  const files = items.map(({ upload, uploader }) =>
    presentUpload(upload, uploader, { actor, resource: { attached: false, level: null, uploadedById: upload.uploadedById } }),
  );
  return {
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    view: query.view,
    sort: query.sort,
    type: query.type ?? null,
    files,
    meta: pageMeta(query, total),
    canUpload: can(actor, "uploads.create"),
    deleted: url.searchParams.get("deleted"),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { call } = await workspaceActionContext(request, context, params.workspaceId);
  const form = await request.formData();
  const fileId = Number(form.get("file_id"));
  if (form.get("intent") !== "delete" || !Number.isInteger(fileId) || fileId <= 0) {
    return data({ ok: false, message: "That form was incomplete. Reload the page and try again." }, { status: 400 });
  }
  const result = await call("DELETE", `/files/${fileId}`);
  if (!result.ok) return data({ ok: false, message: result.problem.message }, { status: result.status });
  const back = new URL(request.url);
  back.searchParams.delete("delete");
  back.searchParams.set("deleted", String(form.get("filename") ?? "the file"));
  throw redirect(`${back.pathname}${back.search}`);
}

export default function Uploads() {
  const { workspaceId, view, sort, type, files, meta, canUpload, deleted } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const base = `/workspaces/${workspaceId}/uploads`;
  const search = withoutParam({ pathname: "", search: location.search }, "delete", "deleted", "page");
  const deleting = files.find((file) => String(file.id) === searchParams.get("delete"));
  const closeDelete = withoutParam(location, "delete");
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith(base);
  const deleteHref = (file: { id: number }) => {
    const query = new URLSearchParams(location.search);
    query.set("delete", String(file.id));
    query.delete("deleted");
    return `${location.pathname}?${query}`;
  };

  return (
    <div className="page uploads-page" aria-busy={loading || undefined}>
      <UploadDropzone workspaceId={workspaceId} canUpload={canUpload}>
        <div className="uploads-toolbar">
          <nav className="uploads-views" aria-label="Views">
            {uploadViews.map((name) => (
              <Link
                key={name}
                to={`${base}${name === "list_view" ? "" : `/${name}`}${search}`}
                className="uploads-views__link"
                aria-current={name === view ? "page" : undefined}
              >
                {VIEW_LABELS[name]}
              </Link>
            ))}
          </nav>
          <Form method="get" className="uploads-filters" onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}>
            <label className="uploads-filters__field">
              <span>Sort</span>
              <select name="sort" className="input input--select input--compact" defaultValue={sort}>
                <SortOptions orders={sortOrders} labels={SORT_LABELS} />
              </select>
            </label>
            <label className="uploads-filters__field">
              <span>Type</span>
              <select name="type" className="input input--select input--compact" defaultValue={type ?? ""}>
                <option value="">All files</option>
                {fileKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {TYPE_LABELS[kind]}
                  </option>
                ))}
              </select>
            </label>
            <noscript>
              <button type="submit" className="button button--small">
                Apply
              </button>
            </noscript>
          </Form>
        </div>

        {deleted ? (
          <p className="uploads-notice" role="status">
            Deleted {deleted}.{" "}
            <Link to={withoutParam(location, "deleted")} replace className="link-button">
              Dismiss
            </Link>
          </p>
        ) : null}

        {files.length === 0 ? (
          <section className="uploads-empty">
            <span className="uploads-empty__icon" aria-hidden="true">
              <UploadIcon width={32} height={32} />
            </span>
            {type || meta.page > 1 ? (
              <>
                <h2>No {type ? TYPE_LABELS[type].toLowerCase() : "files"} here</h2>
                <p>
                  <Link to={`${base}${view === "list_view" ? "" : `/${view}`}`} className="link-button">
                    Show all files
                  </Link>
                </p>
              </>
            ) : (
              <>
                <h2>No uploads yet</h2>
                <p>
                  {canUpload
                    ? "Upload images, PDFs, Office documents, video or audio (up to 50 MB each) to keep your brand's files in one place. Drop files here or use Upload files."
                    : "Files your colleagues upload will show here."}
                </p>
              </>
            )}
          </section>
        ) : view === "gallery_view" ? (
          <UploadsGallery files={files} deleteHref={deleteHref} />
        ) : (
          <UploadsList files={files} deleteHref={deleteHref} />
        )}
        <Pager meta={meta} label="Upload pages" />
      </UploadDropzone>

      <Dialog open={Boolean(deleting)} closeTo={closeDelete} title="Delete this file?" tone="danger" description={deleting ? `“${deleting.filename}” will be deleted for everyone. Documents that show it will show a broken file.` : undefined}>
        <Form method="post" action={`${location.pathname}${location.search}`} preventScrollReset className="uploads-confirm">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="file_id" value={deleting?.id ?? ""} />
          <input type="hidden" name="filename" value={deleting?.filename ?? ""} />
          <FormAlert message={actionData && !actionData.ok ? actionData.message : null} />
          <div className="uploads-confirm__actions">
            <Link to={closeDelete} replace preventScrollReset className="button" data-autofocus>
              Cancel
            </Link>
            <button type="submit" className="button button--destructive" disabled={busy} aria-busy={busy || undefined}>
              {busy ? "Deleting…" : "Delete file"}
            </button>
          </div>
        </Form>
      </Dialog>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <PageError
      surface="uploads"
      copy={{
        403: {
          title: "You can't see this workspace's uploads",
          body: "Uploads are for workspace members. Guests see files through the documents shared with them.",
          next: { to: "/", label: "Go to the home page" },
        },
        404: { title: "We couldn't find this page", body: "The link may be old. Uploads have a list and a gallery view.", next: { to: "/", label: "Go to the home page" } },
      }}
    />
  );
}
