import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { presentFilePage, recentFiles } from "../../worker/services/home-feed";
import { FileList } from "~/components/files/FileList";
import { FilesEmpty } from "~/components/files/FilesHeader";
import { FilesPage } from "~/components/files/FilesPage";
import { fileAction, fileListContext } from "~/components/files/files.server";
import { FilesErrorBoundary } from "~/components/files/FilesErrorBoundary";
import { ClockIcon } from "~/components/ui/icons";
import styles from "~/styles/files.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Recent" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Recent · ${data.workspaceName} · Brandwork` : "Recent · Brandwork" }];

/** How far back "Recent" reaches. */
const RECENT_ITEMS = 50;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, viewer, workspace, canPin, now } = await fileListContext(request, context, params.workspaceId);
  const page = await recentFiles(db, viewer, { items: RECENT_ITEMS });
  return { workspaceId: workspace.id, workspaceName: workspace.name, now, canPin, items: await presentFilePage(db, viewer, page, "touched_at") };
}

export const action = ({ request, context, params }: ActionFunctionArgs) => fileAction(request, context, params.workspaceId);

export default function Recent() {
  const { workspaceId, now, canPin, items } = useLoaderData<typeof loader>();
  return (
    <FilesPage lead={`The documents and folders you opened or changed lately, newest first (up to ${RECENT_ITEMS}).`}>
      <FileList
        items={items}
        now={now}
        label="Recent files"
        canPin={canPin}
        time="touched_at"
        empty={
          <FilesEmpty icon={<ClockIcon width={32} height={32} />} title="Nothing opened yet">
            <p>Documents and folders you open or change show up here, so you can get back to them quickly.</p>
            <Link to={`/workspaces/${workspaceId}/all_docs`} className="button">
              Browse all documents
            </Link>
          </FilesEmpty>
        }
      />
    </FilesPage>
  );
}

export { FilesErrorBoundary as ErrorBoundary };
