import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { pageMeta, pageWindow } from "../../core/contracts/pagination";
import { favoriteFiles, presentFilePage } from "../../worker/services/home-feed";
import { FileList } from "~/components/files/FileList";
import { FilesEmpty } from "~/components/files/FilesHeader";
import { FilesPage } from "~/components/files/FilesPage";
import { fileAction, fileListContext } from "~/components/files/files.server";
import { FilesErrorBoundary } from "~/components/files/FilesErrorBoundary";
import { Pager } from "~/components/ui/Pager";
import { StarIcon } from "~/components/ui/icons";
import styles from "~/styles/files.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Favorites" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Favorites · ${data.workspaceName} · Brandwork` : "Favorites · Brandwork" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, viewer, workspace, canPin, now, page } = await fileListContext(request, context, params.workspaceId);
  const result = await favoriteFiles(db, viewer, pageWindow(page));
  return {
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    now,
    canPin,
    items: await presentFilePage(db, viewer, result, "favorited_at"),
    meta: pageMeta(page, result.total),
  };
}

export const action = ({ request, context, params }: ActionFunctionArgs) => fileAction(request, context, params.workspaceId);

export default function Favorites() {
  const { workspaceId, now, canPin, items, meta } = useLoaderData<typeof loader>();
  return (
    <FilesPage lead="Your starred documents and folders, the latest first. Only you see your favorites.">
      <FileList
        items={items}
        now={now}
        label="Favorites"
        canPin={canPin}
        time="favorited_at"
        empty={
          <FilesEmpty icon={<StarIcon width={32} height={32} />} title={meta.page > 1 ? "Nothing on this page" : "No favorites yet"}>
            <p>Star a document or folder in any list to keep it one click away.</p>
            <Link to={`/workspaces/${workspaceId}/all_docs`} className="button">
              Browse all documents
            </Link>
          </FilesEmpty>
        }
      />
      <Pager meta={meta} label="Favorites pages" />
    </FilesPage>
  );
}

export { FilesErrorBoundary as ErrorBoundary };
