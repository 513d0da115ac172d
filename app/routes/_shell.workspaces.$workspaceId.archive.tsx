import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useFetcher, useLoaderData, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { pageMeta, pageWindow } from "../../core/contracts/pagination";
import { can } from "../../worker/policies";
import { archivedFiles, presentFilePage } from "../../worker/services/home-feed";
import { FileActionNotice } from "~/components/files/FileActionNotice";
import { FILE_ROW_KEY, FileList } from "~/components/files/FileList";
import { FilesEmpty, FilesHeader } from "~/components/files/FilesHeader";
import { fileListContext, runRowIntent } from "~/components/files/files.server";
import { FilesErrorBoundary } from "~/components/files/FilesErrorBoundary";
import { itemKey, type FileActionResult, type FileItem } from "~/components/files/types";
import { Dialog, DialogActions, withoutParam } from "~/components/ui/Dialog";
import { FormAlert } from "~/components/ui/Field";
import { Pager } from "~/components/ui/Pager";
import { ArchiveIcon } from "~/components/ui/icons";
import { workspaceActionContext } from "~/lib/workspace.server";
import styles from "~/styles/files.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Archive" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Archive · ${data.workspaceName} · Brandwork` : "Archive · Brandwork" }];

/** Archived documents and folders, with what this person may do to each. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, viewer, actor, workspace, now, page, url } = await fileListContext(request, context, params.workspaceId);
  const result = await archivedFiles(db, viewer, pageWindow(page));
  const items = (await presentFilePage(db, viewer, result)).map((item) => {
    const resource = { level: item.access_level };
    return {
      ...item,
      canRestore: can(actor, item.type === "article" ? "articles.archive" : "folders.update", resource),
      canDelete: can(actor, item.type === "article" ? "articles.delete" : "folders.delete", resource),
    };
  });
  return { workspaceName: workspace.name, now, items, meta: pageMeta(page, result.total), deleted: url.searchParams.get("deleted") };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { call, workspace } = await workspaceActionContext(request, context, params.workspaceId);
  const form = await request.formData();
  const outcome = await runRowIntent(call, form);
  if (!outcome) return data<FileActionResult>({ intent: "", ok: false, message: "Unknown action." }, { status: 400 });
  // Deleting closes the confirmation (a URL parameter) and says what went.
  if (outcome.result.ok && outcome.result.intent === "delete") {
    throw redirect(`/workspaces/${workspace.id}/archive?deleted=${encodeURIComponent(String(form.get("title") ?? ""))}`);
  }
  return data(outcome.result, { status: outcome.result.ok ? 200 : Math.max(400, outcome.status) });
}

type ArchivedItem = FileItem & { canRestore: boolean; canDelete: boolean };

function ArchiveActions({ item }: { item: ArchivedItem }) {
  const fetcher = useFetcher<FileActionResult>({ key: FILE_ROW_KEY });
  const location = useLocation();
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === String(item.id) && fetcher.formData?.get("type") === item.type;
  const query = new URLSearchParams(location.search);
  query.set("delete", itemKey(item));
  const title = item.title || "Untitled";
  return (
    <span className="archive-actions">
      {item.canRestore ? (
        <fetcher.Form method="post">
          <input type="hidden" name="type" value={item.type} />
          <input type="hidden" name="id" value={item.id} />
          <button type="submit" name="intent" value="restore" className="button button--small" disabled={busy} aria-label={`Restore ${title}`}>
            {busy ? "Restoring…" : "Restore"}
          </button>
        </fetcher.Form>
      ) : null}
      {item.canDelete ? (
        <Link to={`?${query}`} replace preventScrollReset className="button button--small button--destructive-outline" aria-label={`Delete ${title} forever`}>
          Delete forever
        </Link>
      ) : null}
      {!item.canRestore && !item.canDelete ? <span className="archive-actions__none">Only its editors can restore it</span> : null}
    </span>
  );
}

export default function Archive() {
  const { now, items, meta, deleted } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const target = items.find((item) => itemKey(item) === searchParams.get("delete"));
  const closeTo = withoutParam(location, "delete");
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";

  return (
    <div className="page files-page" aria-busy={navigation.state === "loading" || undefined}>
      <FilesHeader lead="Archived documents and folders. Restore one to put it back where it was, or delete it forever." />
      {deleted !== null ? (
        <div className="files-banner" role="status">
          <span>Deleted “{deleted || "Untitled"}” forever.</span>
          <Link to={withoutParam(location, "deleted")} replace className="link-button">
            Dismiss
          </Link>
        </div>
      ) : null}
      <FileActionNotice />
      <FileList
        items={items}
        now={now}
        label="Archived files"
        canPin={false}
        time="archived_at"
        actions={(item) => <ArchiveActions item={item as ArchivedItem} />}
        empty={
          <FilesEmpty icon={<ArchiveIcon width={32} height={32} />} title={meta.page > 1 ? "Nothing on this page" : "The archive is empty"}>
            <p>Archive a document or folder from its ⋯ menu and it waits here until you restore it or delete it forever.</p>
          </FilesEmpty>
        }
      />
      <Pager meta={meta} label="Archive pages" />

      <Dialog
        open={Boolean(target)}
        closeTo={closeTo}
        tone="danger"
        title={target?.type === "folder" ? "Delete this folder forever?" : "Delete this document forever?"}
        description={
          target ? (
            <p>
              “{target.title || "Untitled"}”{target.type === "folder" ? " and everything in it" : ""} will be gone for good, for
              everyone. This can't be undone.
            </p>
          ) : null
        }
      >
        {target ? (
          <Form method="post" className="dialog__form">
            <FormAlert message={actionData && !actionData.ok && actionData.intent === "delete" ? actionData.message : null} />
            <input type="hidden" name="type" value={target.type} />
            <input type="hidden" name="id" value={target.id} />
            <input type="hidden" name="title" value={target.title} />
            <DialogActions closeTo={closeTo} tone="destructive" intent="delete" label="Delete forever" busyLabel="Deleting…" busy={deleting} autoFocus="cancel" />
          </Form>
        ) : null}
      </Dialog>
    </div>
  );
}

export { FilesErrorBoundary as ErrorBoundary };
