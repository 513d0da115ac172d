import { redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { comparisonOf, historyPageContext, versionParam, versionsOf } from "~/components/history/history.server";
import { VersionPicker } from "~/components/history/VersionPicker";
import { DiffView } from "~/components/history/DiffView";
import { HistoryErrorBoundary } from "~/components/history/HistoryErrorBoundary";
import { HistoryNav } from "~/components/history/HistoryNav";
import { versionLabel, versionName } from "~/components/history/VersionList";
import { formatMoment } from "~/lib/format";
import historyStyles from "~/styles/history.css?url";
import type { ShellHandle } from "./_shell";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: historyStyles }];
export const handle: ShellHandle = { title: "Compare versions" };
export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page ? `Compare versions · ${page.title || "Untitled"} · Brandwork` : "Compare versions · Brandwork" }];

/**
 * `/docs/:slug/compare/:versionA?/:versionB?` (SPEC section 2): what changed from one version
 * to another (`current` for the document as it is now), by default from the newest kept
 * version to the current document. The pickers' form (`?from=&to=`) lands on the same address.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await historyPageContext(request, context, params.slug);
  const url = new URL(request.url);
  const picked = { from: url.searchParams.get("from"), to: url.searchParams.get("to") };
  if (picked.from || picked.to) {
    const from = versionParam(picked.from || params.versionA || undefined) ?? "current";
    const to = versionParam(picked.to || params.versionB || undefined) ?? "current";
    throw redirect(`/docs/${ctx.slug}/compare/${from}/${to}`);
  }
  const versions = await versionsOf(ctx);
  const from = versionParam(params.versionA) ?? versions[0]?.id ?? null;
  const to = versionParam(params.versionB) ?? "current";
  return {
    slug: ctx.slug,
    title: ctx.article.title,
    versions,
    from,
    to,
    comparison: from === null ? null : await comparisonOf(ctx, from, to),
  };
}

export default function ComparePage() {
  const { slug, title, versions, from, to, comparison } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const options = [
    { value: "current", label: "Current document" },
    // Short enough for a phone's picker: what kind and when (the list on /history names who).
    ...versions.map((version) => ({ value: String(version.id), label: `${versionLabel(version)} · ${formatMoment(version.created_at)}` })),
  ];

  return (
    <div className="page history-page">
      <HistoryNav slug={slug} title={title} />
      <h2 className="history-page__title">Compare versions</h2>
      {from === null ? (
        <div className="history-empty">
          <p>There is nothing to compare yet: no earlier version of this document is kept.</p>
          <p>
            A version is kept every 10 minutes or so while people edit, and whenever the status changes or the document is published.{" "}
            <Link to={`/docs/${slug}`}>Back to the document</Link>
          </p>
        </div>
      ) : (
        <>
          <Form method="get" className="compare-pickers" onChange={(event) => submit(event.currentTarget)} aria-busy={busy || undefined}>
            <VersionPicker name="from" label="From" value={String(from)} options={options} />
            <VersionPicker name="to" label="To" value={String(to)} options={options} />
            <noscript>
              <button type="submit" className="button">
                Compare
              </button>
            </noscript>
          </Form>
          {comparison ? (
            <DiffView
              diff={comparison.diff}
              header={
                <p className="diff__title">
                  From <strong>{versionName(comparison.from, formatMoment)}</strong> to <strong>{versionName(comparison.to, formatMoment)}</strong>
                  {comparison.from.id !== "current" ? (
                    <>
                      {" · "}
                      <Link to={`/docs/${slug}/history/${comparison.from.id}`}>Open the earlier version</Link>
                    </>
                  ) : null}
                </p>
              }
            />
          ) : null}
        </>
      )}
    </div>
  );
}

export { HistoryErrorBoundary as ErrorBoundary };
