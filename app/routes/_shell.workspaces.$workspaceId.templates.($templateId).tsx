import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation, useNavigation, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { CategoryChips } from "~/components/templates/CategoryChips";
import { NewTemplateDialog, SaveAsTemplateDialog } from "~/components/templates/TemplateDialogs";
import { TemplateCard } from "~/components/templates/TemplateCard";
import { TemplatePreviewPanel } from "~/components/templates/TemplatePreviewPanel";
import { templateAction, templateGallery } from "~/components/templates/templates.server";
import { TemplatesErrorBoundary } from "~/components/templates/TemplatesErrorBoundary";
import { templateRefOf } from "~/components/templates/types";
import { withoutParam } from "~/components/ui/Dialog";
import { Pager } from "~/components/ui/Pager";
import { PlusIcon, TemplateIcon } from "~/components/ui/icons";
import documentStyles from "~/styles/document.css?url";
import handbookStyles from "~/styles/handbooks.css?url";
import styles from "~/styles/templates.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Templates" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: documentStyles },
  // The document picker of "Save a document as a template" is the handbooks' one.
  { rel: "stylesheet", href: handbookStyles },
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.preview ? `${data.preview.title} · ` : ""}Templates · ${data.workspace.name} · Brandwork` : "Templates · Brandwork" },
];

export const loader = ({ request, context, params }: LoaderFunctionArgs) => templateGallery(request, context, params.workspaceId, params.templateId);

export const action = ({ request, context, params }: ActionFunctionArgs) => templateAction(request, context, params.workspaceId);

// Opening a dialog needs no new data.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const opened = ["new", "save"].some((name) => nextUrl.searchParams.has(name) && !currentUrl.searchParams.has(name));
  return opened ? false : defaultShouldRevalidate;
};

export default function Templates() {
  const { workspace, categories, categoryId, builtIn, templates, meta, preview, folders, canManage, canCreateTopLevel } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const base = `/workspaces/${workspace.id}/templates`;
  const keepQuery = new URLSearchParams(location.search);
  keepQuery.delete("saved");
  const closePreview = keepQuery.toString() ? `${base}?${keepQuery}` : base;
  const dialogLink = (name: string) => {
    const query = new URLSearchParams(location.search);
    query.delete(name);
    const rest = query.toString();
    return `?${rest ? `${rest}&` : ""}${name}`;
  };
  const selectedRef = preview?.ref ?? null;
  const loading = navigation.state === "loading";

  return (
    <div className="page tpl-page" data-previewing={preview ? true : undefined} aria-busy={loading || undefined}>
      <header className="tpl-page__header">
        <p className="tpl-page__lead">Start a document from a template: a ready structure in your team's voice, yours to change.</p>
        <div className="tpl-page__actions">
          {canManage ? (
            <>
              <Link to={dialogLink("new")} replace preventScrollReset className="button button--primary">
                <PlusIcon aria-hidden="true" /> New template
              </Link>
              <Link to={dialogLink("save")} replace preventScrollReset className="button">
                Save a document as a template
              </Link>
              <Link to={`/workspaces/${workspace.id}/template-binders`} className="button">
                Template binders
              </Link>
            </>
          ) : null}
        </div>
      </header>

      {searchParams.has("saved") && preview ? (
        <p className="form-alert form-alert--info" role="status">
          Saved “{preview.title}” as a template. Everyone in the workspace can use it.
        </p>
      ) : null}

      <CategoryChips categories={categories} current={categoryId} />

      <div className="tpl-layout">
        <div className="tpl-gallery">
          <section aria-labelledby="tpl-mine-title" className="tpl-section">
            <h2 id="tpl-mine-title" className="tpl-section__title">
              Your workspace's templates <span className="tpl-section__count">{meta.total}</span>
            </h2>
            {templates.length ? (
              <ul className="link-cards tpl-grid">
                {templates.map((template) => (
                  <TemplateCard key={template.id} template={template} workspaceId={workspace.id} selected={selectedRef === templateRefOf(template)} />
                ))}
              </ul>
            ) : (
              <div className="tpl-empty">
                <TemplateIcon aria-hidden="true" width={28} height={28} />
                <p>
                  {categoryId !== null
                    ? "None of your workspace's templates are in this category."
                    : canManage
                      ? "No templates of your own yet. Create one, or save a document you like as a template."
                      : "Your workspace has no templates shared with you yet. Start from a starter template below."}
                </p>
                {canManage && categoryId === null ? (
                  <div className="tpl-empty__actions">
                    <Link to={dialogLink("new")} replace preventScrollReset className="button button--small">
                      New template
                    </Link>
                    <Link to={dialogLink("save")} replace preventScrollReset className="button button--small">
                      Save a document as a template
                    </Link>
                  </div>
                ) : null}
              </div>
            )}
            <Pager meta={meta} label="Pages of workspace templates" />
          </section>

          <section aria-labelledby="tpl-starter-title" className="tpl-section">
            <h2 id="tpl-starter-title" className="tpl-section__title">
              Starter templates <span className="tpl-section__count">{builtIn.length}</span>
            </h2>
            {builtIn.length ? (
              <ul className="link-cards tpl-grid">
                {builtIn.map((template) => (
                  <TemplateCard key={template.key} template={template} workspaceId={workspace.id} selected={selectedRef === template.key} />
                ))}
              </ul>
            ) : (
              <p className="tpl-empty">No starter templates in this category.</p>
            )}
          </section>
        </div>

        {preview ? (
          <TemplatePreviewPanel key={preview.ref} preview={preview} folders={folders} canCreateTopLevel={canCreateTopLevel} closeTo={closePreview} />
        ) : (
          <aside className="tpl-preview tpl-preview--empty" aria-label="Preview">
            <TemplateIcon aria-hidden="true" width={32} height={32} />
            <p>Choose a template to preview it here, then use it to start a new document.</p>
          </aside>
        )}
      </div>

      {canManage ? (
        <>
          <NewTemplateDialog open={searchParams.has("new")} closeTo={withoutParam(location, "new")} />
          <SaveAsTemplateDialog open={searchParams.has("save")} closeTo={withoutParam(location, "save")} workspaceId={workspace.id} />
        </>
      ) : null}
    </div>
  );
}

export { TemplatesErrorBoundary as ErrorBoundary };
