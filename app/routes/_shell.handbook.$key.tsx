import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation, useOutlet, useParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { AddItemDialog } from "~/components/handbooks/AddItemDialog";
import { HandbookReader } from "~/components/handbooks/HandbookReader";
import { HandbookSettingsDialog } from "~/components/handbooks/HandbookSettingsDialog";
import { HandbookSidebar } from "~/components/handbooks/HandbookSidebar";
import { handbookAction, handbookPage } from "~/components/handbooks/handbooks.server";
import { HandbooksErrorBoundary } from "~/components/handbooks/HandbooksErrorBoundary";
import { RenameItemDialog } from "~/components/handbooks/RenameItemDialog";
import { docsInOrder } from "~/components/handbooks/tree";
import type { HandbookItemJson } from "~/components/handbooks/types";
import { SettingsIcon } from "~/components/ui/icons";
import docStyles from "~/styles/doc.css?url";
import documentStyles from "~/styles/document.css?url";
import styles from "~/styles/handbooks.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Handbook" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: documentStyles },
  { rel: "stylesheet", href: docStyles },
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.handbook.title} · Brandwork` : "Handbook · Brandwork" },
  { name: "robots", content: "noindex" },
];

/** `/handbook/:key`: the handbook's sidebar, and its cover page unless a page inside it is open. */
export const loader = ({ request, context, params }: LoaderFunctionArgs) => handbookPage(request, context, params.key);

export const action = ({ request, context, params }: ActionFunctionArgs) => handbookAction(request, context, params.key);

/** The dialogs live in the URL; opening one needs no new data. */
const DIALOG_PARAMS = ["add", "rename", "settings"];
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const opened = DIALOG_PARAMS.some((name) => nextUrl.searchParams.has(name) && !currentUrl.searchParams.has(name));
  return opened ? false : defaultShouldRevalidate;
};

export default function HandbookPage() {
  const { handbook, workspace, canEdit } = useLoaderData<typeof loader>();
  const outlet = useOutlet();
  const params = useParams();
  const navigation = useNavigation();
  const activeSlug = params["*"] || null;
  const cover = handbook.cover_doc;

  return (
    <div className="hb-page" aria-busy={navigation.state === "loading" || undefined}>
      <div className="hb-page__bar">
        <nav aria-label="Breadcrumb" className="hb-crumbs">
          <Link to={`/workspaces/${workspace.id}/handbooks`}>Handbooks</Link>
          <span aria-hidden="true">/</span>
          <span aria-current="page">{handbook.title}</span>
        </nav>
        {canEdit ? (
          <Link to="?settings" replace preventScrollReset className="button button--small">
            <SettingsIcon aria-hidden="true" width={16} height={16} /> Settings
          </Link>
        ) : null}
      </div>
      {handbook.archived_at ? (
        <p className="form-alert form-alert--info" role="status">
          This handbook is archived. It no longer shows in the handbooks list.
        </p>
      ) : null}
      <div className="hb-layout">
        <HandbookSidebar handbook={handbook} canEdit={canEdit} activeSlug={activeSlug} />
        <section className="hb-main" aria-label="Handbook page">
          {outlet ?? (
            <HandbookReader
              title={handbook.title}
              // The cover usually opens with the description already (it is created that way).
              lead={cover?.body ? undefined : handbook.description}
              slug={cover?.slug ?? null}
              body={cover?.body ?? null}
              canEdit={canEdit}
              next={firstDoc(handbook.items, handbook.key)}
            />
          )}
        </section>
      </div>
      {canEdit ? (
        <>
          <AddItemDialog handbookKey={handbook.key} workspaceId={workspace.id} tree={handbook.items} />
          <RenameItemDialog handbookKey={handbook.key} tree={handbook.items} />
          <HandbookSettingsDialog handbook={handbook} />
        </>
      ) : null}
    </div>
  );
}

/** "Next" from the cover: the handbook's first document. */
function firstDoc(items: HandbookItemJson[], key: string) {
  const first = docsInOrder(items)[0];
  return first?.article ? { title: first.title, href: `/handbook/${key}/${first.article.slug}` } : null;
}

export { HandbooksErrorBoundary as ErrorBoundary };
