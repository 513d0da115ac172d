import { count } from "../../core/counting";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { pageMeta, pageWindow } from "../../core/contracts/pagination";
import { searchQuery } from "../../core/contracts/search";
import { can } from "../../worker/policies";
import { presentArticleSummary } from "../../worker/presenters/articles";
import { viewerFor } from "../../worker/services/access";
import { searchArticles } from "../../worker/services/search";
import { Highlighted, type SearchResult } from "~/components/search/SearchDialog";
import { DocIcon, SearchIcon } from "~/components/ui/icons";
import { PageError } from "~/components/ui/PageError";
import { Pager } from "~/components/ui/Pager";
import { requireWorkspaceActor } from "~/lib/workspace.server";
import styles from "~/styles/search.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Search" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.query ? `“${data.query}” · Search · Brandwork` : "Search · Brandwork" },
];

/** Every match for `?q=`, paged: the same search the dialog runs, straight from the service. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, params.workspaceId);
  if (!can(actor, "content.list")) throw data("You do not have permission to search this workspace", { status: 403 });
  const url = new URL(request.url);
  const raw = url.searchParams.get("q") ?? "";
  const parsed = searchQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return { workspaceId: workspace.id, query: raw.trim(), results: [] as SearchResult[], meta: null };
  const query = parsed.data;
  const { hits, total } = await searchArticles(db, viewerFor(actor), { query: query.q, kind: query.kind, folderId: query.folder_id, ...pageWindow(query) });
  const results: SearchResult[] = hits.map((hit) => ({
    ...presentArticleSummary(hit.article, hit.level, hit),
    title_html: hit.titleHtml,
    snippet_html: hit.snippetHtml,
    rank: hit.rank,
  }));
  return { workspaceId: workspace.id, query: query.q, results, meta: pageMeta(query, total) };
}

const updated = (iso: string | null) =>
  iso ? `Updated ${new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" })}` : "";

export default function SearchPage() {
  const { query, results, meta } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname.endsWith("/search");

  return (
    <div className="page search-page" aria-busy={searching || undefined}>
      <Form method="get" role="search" className="search-page__form">
        <label htmlFor="search-page-q" className="visually-hidden">
          Search documents
        </label>
        <input id="search-page-q" className="input" type="search" name="q" defaultValue={query} placeholder="Search titles and text" autoComplete="off" key={query} />
        <button type="submit" className="button button--primary" aria-busy={searching || undefined}>
          <SearchIcon aria-hidden="true" />
          {searching ? "Searching…" : "Search"}
        </button>
      </Form>

      {!query ? (
        <section className="search-page__empty">
          <h2>Search your documents</h2>
          <p>Type a few words from a title or from the text. Tip: press Ctrl K (⌘K on a Mac) anywhere to search without leaving the page.</p>
        </section>
      ) : results.length === 0 ? (
        <section className="search-page__empty" role="status">
          <h2>No documents match “{query}”</h2>
          <p>Check the spelling, try fewer or different words, or ask a colleague to share the document with you: only documents you can open are searched.</p>
        </section>
      ) : (
        <>
          <p className="search-page__summary" role="status">
            {count(meta!.total, ["document matches", "documents match"])} “{query}”
          </p>
          <ol className="search-page__list">
            {results.map((result) => (
              <li key={result.id}>
                <Link to={`/docs/${result.slug}`} className="search-page__hit">
                  <DocIcon aria-hidden="true" className="search-result__icon" />
                  <span className="search-result__text">
                    <Highlighted className="search-result__title" html={result.title_html || "Untitled"} />
                    {result.snippet_html ? <Highlighted className="search-result__snippet" html={result.snippet_html} /> : null}
                    <span className="search-page__meta">
                      {[result.owner?.name, updated(result.updated_at)].filter(Boolean).join(" · ")}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
          {meta ? <Pager meta={meta} label="Search result pages" /> : null}
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <PageError
      surface="search"
      copy={{
        403: {
          title: "You can't search this workspace",
          body: "It belongs to a workspace you are not in. Ask someone there to invite you.",
          next: { to: "/", label: "Go to the home page" },
        },
        404: { title: "We couldn't find this workspace", body: "The link may be old, or the workspace may have been deleted.", next: { to: "/", label: "Go to the home page" } },
      }}
    />
  );
}
