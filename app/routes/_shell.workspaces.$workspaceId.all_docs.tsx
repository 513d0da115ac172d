import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta, pageWindow } from "../../core/contracts/pagination";
import { allDocuments, presentArticlePage } from "../../worker/services/home-feed";
import { FileList } from "~/components/files/FileList";
import { FilesEmpty } from "~/components/files/FilesHeader";
import { FilesPage } from "~/components/files/FilesPage";
import { fileAction, fileListContext, sortFrom } from "~/components/files/files.server";
import { FilesErrorBoundary } from "~/components/files/FilesErrorBoundary";
import { Pager } from "~/components/ui/Pager";
import { DocIcon } from "~/components/ui/icons";
import styles from "~/styles/files.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "All docs" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `All docs · ${data.workspaceName} · Brandwork` : "All docs · Brandwork" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, viewer, workspace, canPin, canCreate, now, page, url } = await fileListContext(request, context, params.workspaceId);
  const sort = sortFrom(url);
  const result = await allDocuments(db, viewer, { sort, ...pageWindow(page) });
  return {
    workspaceName: workspace.name,
    now,
    canPin,
    canCreate,
    sort,
    items: await presentArticlePage(db, viewer, result),
    meta: pageMeta(page, result.total),
  };
}

export const action = ({ request, context, params }: ActionFunctionArgs) => fileAction(request, context, params.workspaceId);

export default function AllDocs() {
  const { now, canPin, canCreate, sort, items, meta } = useLoaderData<typeof loader>();
  return (
    <FilesPage
      lead={`Every document you can open in this workspace${meta.total ? ` (${meta.total})` : ""}.`}
      sort={sort}
      canCreate={canCreate}
    >
      <FileList
        items={items}
        now={now}
        label="All documents"
        canPin={canPin}
        empty={
          <FilesEmpty icon={<DocIcon width={32} height={32} />} title={meta.page > 1 ? "Nothing on this page" : "No documents yet"}>
            <p>
              {canCreate
                ? "Create the first document of this workspace; it is shared with the workspace unless you make it private."
                : "Nobody has shared a document with you yet. Ask a member of this workspace to share one."}
            </p>
          </FilesEmpty>
        }
      />
      <Pager meta={meta} label="All documents pages" />
    </FilesPage>
  );
}

export { FilesErrorBoundary as ErrorBoundary };
