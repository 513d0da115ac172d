import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { and, eq } from "drizzle-orm";
import { pageMeta, pageWindow } from "../../core/contracts/pagination";
import { folders } from "../../worker/db/schema";
import { folderSlug } from "../../worker/presenters/folders";
import { folderAccess } from "../../worker/services/access";
import { folderAncestors } from "../../worker/services/folders";
import { filesAt, presentFilePage } from "../../worker/services/home-feed";
import { FileList } from "~/components/files/FileList";
import { FilesEmpty } from "~/components/files/FilesHeader";
import { FilesPage } from "~/components/files/FilesPage";
import { fileAction, fileListContext, sortFrom } from "~/components/files/files.server";
import { FilesErrorBoundary } from "~/components/files/FilesErrorBoundary";
import { Pager } from "~/components/ui/Pager";
import { FilesIcon } from "~/components/ui/icons";
import styles from "~/styles/files.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "All files" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.folder?.name ?? "All files"} · ${data.workspaceName} · Brandwork` : "All files · Brandwork" },
];

const TABS = [
  { location: "root", label: "All files", lead: "Folders and documents at the top of the workspace." },
  { location: "shared", label: "Shared", lead: "Top-level files shared with someone: the workspace, a group or a person." },
  { location: "private", label: "Private", lead: "Your own top-level files that nobody else has been given yet." },
] as const;

/** `/all_files`, `/all_files/shared`, `/all_files/private` or `/all_files/<folder id>`. */
function parseLocation(value: string | undefined) {
  if (value === undefined || value === "root") return "root" as const;
  if (value === "shared" || value === "private") return value;
  if (/^\d+$/.test(value) && Number(value) > 0) return Number(value);
  throw data("No such location", { status: 404 });
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, viewer, workspace, canPin, canCreate, now, page, url } = await fileListContext(request, context, params.workspaceId);
  const location = parseLocation(params.location);
  let folder: { id: number; name: string; slug: string } | null = null;
  let trail: { id: number; name: string }[] = [];
  if (typeof location === "number") {
    const [row] = await db.select().from(folders).where(and(eq(folders.id, location), eq(folders.workspaceId, workspace.id)));
    if (!row || row.archivedAt) throw data("Folder not found", { status: 404 });
    const facts = await folderAccess(db, viewer, row);
    if (!facts.level) throw data("You can't open this folder", { status: 403 });
    // The password is asked for on the folder's own page; this list never sees it.
    if (facts.passwordHashes.length) throw data("This folder is password protected", { status: 403 });
    folder = { id: row.id, name: row.name, slug: folderSlug(row) };
    trail = (await folderAncestors(db, row.parentId)).map((ancestor) => ({ id: ancestor.id, name: ancestor.name }));
  }
  const sort = sortFrom(url);
  const result = await filesAt(db, viewer, { location, sort, ...pageWindow(page) });
  return {
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    now,
    canPin,
    // New documents start at the top level; inside a folder they are made from the folder's page.
    canCreate: canCreate && location === "root",
    location,
    folder,
    trail,
    sort,
    items: await presentFilePage(db, viewer, result),
    meta: pageMeta(page, result.total),
  };
}

export const action = ({ request, context, params }: ActionFunctionArgs) => fileAction(request, context, params.workspaceId);

export default function AllFiles() {
  const { workspaceId, now, canPin, canCreate, location, folder, trail, sort, items, meta } = useLoaderData<typeof loader>();
  const base = `/workspaces/${workspaceId}/all_files`;
  const tab = TABS.find((entry) => entry.location === location);

  return (
    <FilesPage
      nav={
        folder ? (
          <nav className="files-trail" aria-label="Folder path">
            <ol>
              <li>
                <Link to={base}>All files</Link>
              </li>
              {trail.map((ancestor) => (
                <li key={ancestor.id}>
                  <Link to={`${base}/${ancestor.id}`}>{ancestor.name}</Link>
                </li>
              ))}
              <li aria-current="page">{folder.name}</li>
            </ol>
          </nav>
        ) : (
          <nav className="files-tabs" aria-label="Locations">
            {TABS.map((entry) => (
              <Link
                key={entry.location}
                to={entry.location === "root" ? base : `${base}/${entry.location}`}
                className="files-tabs__tab"
                aria-current={entry.location === location ? "page" : undefined}
              >
                {entry.label}
              </Link>
            ))}
          </nav>
        )
      }
      lead={
        folder ? (
          <>
            Inside <strong>{folder.name}</strong>.{" "}
            <Link to={`/folders/${folder.slug}`} className="files-header__link">
              Open the folder page
            </Link>
          </>
        ) : (
          tab?.lead
        )
      }
      sort={sort}
      canCreate={canCreate}
    >
      <FileList
        items={items}
        now={now}
        label={folder ? `Files in ${folder.name}` : (tab?.label ?? "Files")}
        canPin={canPin}
        hrefFor={(item) => (item.type === "folder" ? `${base}/${item.id}` : item.path)}
        empty={
          <FilesEmpty icon={<FilesIcon width={32} height={32} />} title={meta.page > 1 ? "Nothing on this page" : folder ? "This folder is empty" : "No files here"}>
            <p>
              {folder
                ? "Add documents and subfolders from the folder's page."
                : location === "private"
                  ? "Documents you create as private, and folders nobody else has been given, show up here."
                  : location === "shared"
                    ? "Top-level files that someone has shared show up here."
                    : "Create a document or a folder to start filling this workspace."}
            </p>
          </FilesEmpty>
        }
      />
      <Pager meta={meta} label="Files pages" />
    </FilesPage>
  );
}

export { FilesErrorBoundary as ErrorBoundary };
