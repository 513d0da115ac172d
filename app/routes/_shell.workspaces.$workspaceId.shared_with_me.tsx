import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta, pageWindow } from "../../core/contracts/pagination";
import { presentFilePage, sharedWithMe } from "../../worker/services/home-feed";
import { FileList } from "~/components/files/FileList";
import { FilesEmpty } from "~/components/files/FilesHeader";
import { FilesPage } from "~/components/files/FilesPage";
import { fileAction, fileListContext } from "~/components/files/files.server";
import { FilesErrorBoundary } from "~/components/files/FilesErrorBoundary";
import { Pager } from "~/components/ui/Pager";
import { ShareIcon } from "~/components/ui/icons";
import styles from "~/styles/files.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Shared with me" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Shared with me · ${data.workspaceName} · Brandwork` : "Shared with me · Brandwork" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, viewer, workspace, canPin, now, page } = await fileListContext(request, context, params.workspaceId);
  const result = await sharedWithMe(db, viewer, pageWindow(page));
  return {
    workspaceName: workspace.name,
    now,
    canPin,
    items: await presentFilePage(db, viewer, result, "shared_at"),
    meta: pageMeta(page, result.total),
  };
}

export const action = ({ request, context, params }: ActionFunctionArgs) => fileAction(request, context, params.workspaceId);

export default function SharedWithMe() {
  const { now, canPin, items, meta } = useLoaderData<typeof loader>();
  return (
    <FilesPage lead="Documents and folders someone shared with you or with a group you are in, the latest share first.">
      <FileList
        items={items}
        now={now}
        label="Shared with me"
        canPin={canPin}
        time="shared_at"
        empty={
          <FilesEmpty icon={<ShareIcon width={32} height={32} />} title={meta.page > 1 ? "Nothing on this page" : "Nothing shared with you yet"}>
            <p>When a colleague shares a document or folder with you or one of your groups, it shows up here.</p>
          </FilesEmpty>
        }
      />
      <Pager meta={meta} label="Shared with me pages" />
    </FilesPage>
  );
}

export { FilesErrorBoundary as ErrorBoundary };
