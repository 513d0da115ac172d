import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { documentToPlainText } from "../../core/document/text";
import { comparisonOf, historyPageContext, versionOf, versionParam, versionsOf, versionsPageParam, VERSIONS_LISTED } from "~/components/history/history.server";
import { DiffView } from "~/components/history/DiffView";
import { HistoryErrorBoundary } from "~/components/history/HistoryErrorBoundary";
import { HistoryNav } from "~/components/history/HistoryNav";
import { RestoreDialog } from "~/components/history/RestoreDialog";
import { versionLabel, VersionList, versionName } from "~/components/history/VersionList";
import { When } from "~/components/history/When";
import { DocumentView } from "~/components/document/DocumentView";
import { keepDataWhenOnlyChanged, withoutParam } from "~/components/ui/Dialog";
import { formatMoment } from "~/lib/format";
import docStyles from "~/styles/doc.css?url";
import documentStyles from "~/styles/document.css?url";
import historyStyles from "~/styles/history.css?url";
import type { ShellHandle } from "./_shell";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: documentStyles },
  { rel: "stylesheet", href: docStyles },
  { rel: "stylesheet", href: historyStyles },
];
export const handle: ShellHandle = { title: "History" };
export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page ? `History · ${page.title || "Untitled"} · Brandwork` : "History · Brandwork" }];

// Opening or closing the restore dialog needs no new data.
export const shouldRevalidate = keepDataWhenOnlyChanged(["restore"]);

/** Older first, so a comparison reads as what changed since. */
function ordered(a: number | "current", b: number | "current"): [number | "current", number | "current"] {
  if (a === "current") return [b, a];
  if (b === "current") return [a, b];
  return a <= b ? [a, b] : [b, a];
}

/**
 * `/docs/:slug/history/:versionA?/:versionB?` (SPEC section 2): the kept versions beside one
 * of them read-only (`versionA`, the newest by default); with `versionB`, what changed between
 * the two. Editors only; restoring is for those who may `history.restore`.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await historyPageContext(request, context, params.slug);
  const requestedA = versionParam(params.versionA);
  const requestedB = versionParam(params.versionB);
  const listPage = versionsPageParam(request);
  const versions = await versionsOf(ctx, listPage);
  const selected = requestedA ?? versions[0]?.id ?? null;
  const comparedWith = selected !== null && requestedB !== null && requestedB !== selected ? requestedB : null;
  const [shown, comparison] = await Promise.all([
    selected === null ? null : versionOf(ctx, selected),
    comparedWith === null || selected === null ? null : comparisonOf(ctx, ...ordered(selected, comparedWith)),
  ]);
  return {
    slug: ctx.slug,
    title: ctx.article.title,
    versions,
    listPage,
    moreVersions: versions.length >= VERSIONS_LISTED,
    selected,
    comparedWith,
    shown,
    comparison,
    canRestore: ctx.canRestore && typeof selected === "number",
    now: Date.now(),
  };
}

/** "Restore this version": through the API route, then back to the document with a notice. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await historyPageContext(request, context, params.slug);
  const form = await request.formData();
  const version = Number(form.get("version"));
  if (form.get("intent") !== "restore" || !Number.isInteger(version) || version <= 0) {
    return data({ message: "Choose a version to restore." }, { status: 400 });
  }
  const result = await ctx.call("POST", `/articles/${ctx.article.id}/versions/${version}/restore`);
  if (!result.ok) return data({ message: result.problem.message }, { status: result.status });
  return redirect(`/docs/${ctx.slug}?restored=${version}`);
}

export default function HistoryPage() {
  const page = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const location = useLocation();
  const { slug, versions, selected, comparedWith, shown, comparison, now } = page;
  const restoreOpen = new URLSearchParams(location.search).has("restore") || Boolean(failed);
  const listSearch = (listPage: number) => (listPage > 1 ? `?page=${listPage}` : "");
  // Another page of the list opens its newest version, as the first page does.
  const pageHref = (listPage: number) => `/docs/${slug}/history${listSearch(listPage)}`;

  return (
    <div className="page history-page">
      <HistoryNav slug={slug} title={page.title} />
      <h2 className="history-page__title">Versions</h2>
      {versions.length === 0 ? (
        <div className="history-empty">
          <p>No earlier versions are kept yet.</p>
          <p>
            A version is kept every 10 minutes or so while people edit, and whenever the status changes or the document is published.{" "}
            <Link to={`/docs/${slug}`}>Back to the document</Link>
          </p>
        </div>
      ) : (
        <div className="history-columns">
          <aside className="history-columns__list" aria-label="Versions">
            <VersionList slug={slug} versions={versions} selected={selected} comparedWith={comparedWith} now={now} search={listSearch(page.listPage)} />
            {page.listPage > 1 || page.moreVersions ? (
              <nav className="history-more history-more--end" aria-label="Older and newer versions">
                {page.listPage > 1 ? <Link to={pageHref(page.listPage - 1)}>← Newer versions</Link> : null}
                {page.moreVersions ? <Link to={pageHref(page.listPage + 1)}>Older versions →</Link> : null}
              </nav>
            ) : null}
          </aside>
          <section className="history-columns__main" aria-label={shown ? versionLabel(shown.summary) : "Version"}>
            {shown ? (
              <>
                <header className="version-head">
                  <div>
                    <h3 className="version-head__title">{versionLabel(shown.summary)}</h3>
                    <p className="version-head__meta">
                      {shown.summary.creator ? `${shown.summary.creator.name} · ` : null}
                      <When iso={shown.summary.created_at} now={now} />
                    </p>
                  </div>
                  <div className="version-head__actions">
                    {comparedWith !== "current" && selected !== "current" ? (
                      <Link to={`/docs/${slug}/history/${selected}/current`} className="button">
                        Compare with current
                      </Link>
                    ) : null}
                    {page.canRestore ? (
                      <Link to={`${location.pathname}?restore`} replace preventScrollReset className="button button--primary">
                        Restore this version
                      </Link>
                    ) : null}
                  </div>
                </header>
                {comparison ? (
                  <DiffView
                    diff={comparison.diff}
                    header={
                      <p className="diff__title">
                        From <strong>{versionName(comparison.from, formatMoment)}</strong> to <strong>{versionName(comparison.to, formatMoment)}</strong> ·{" "}
                        <Link to={`/docs/${slug}/compare/${comparison.from.id}/${comparison.to.id}`}>Open the full comparison</Link> ·{" "}
                        <Link to={`/docs/${slug}/history/${selected}`}>Close</Link>
                      </p>
                    }
                  />
                ) : (
                  <article className="doc-body doc-body--reader version-body" data-testid="version-body">
                    <h4 className="doc-title doc-title--static">{shown.title || "Untitled"}</h4>
                    {documentToPlainText(shown.body).trim() ? <DocumentView document={shown.body} /> : <p className="doc-empty">This version has no text.</p>}
                  </article>
                )}
                {page.canRestore && typeof selected === "number" ? (
                  <RestoreDialog
                    open={restoreOpen}
                    closeTo={withoutParam(location, "restore")}
                    versionId={selected}
                    versionName={versionName(shown.summary, formatMoment)}
                    error={failed?.message ?? null}
                  />
                ) : null}
              </>
            ) : null}
          </section>
        </div>
      )}
    </div>
  );
}

export { HistoryErrorBoundary as ErrorBoundary };
