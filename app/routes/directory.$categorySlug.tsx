import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { pageMeta } from "../../core/contracts/pagination";
import { publicListQuery } from "../../core/contracts/publishing";
import { createDb } from "../../worker/db/client";
import { presentCategory, presentPublicArticleCard } from "../../worker/presenters/public-pages";
import { categoryArticles, findCategory } from "../../worker/services/public-directory";
import { ArticleCard } from "~/components/public/ArticleCard";
import { DirectoryErrorBoundary } from "~/components/public/DirectoryErrorBoundary";
import { PublicHeader } from "~/components/public/PublicHeader";
import { Pager } from "~/components/ui/Pager";
import publicStyles from "~/styles/public-page.css?url";
import styles from "~/styles/directory.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: publicStyles },
  { rel: "stylesheet", href: styles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.category.name} · Directory · Brandwork` },
        { name: "description", content: data.category.description || `Pages published under ${data.category.name}.` },
      ]
    : [{ title: "Category not found · Brandwork" }];

/** One category of the directory: its public pages, newest first, a page at a time. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const db = createDb(context.cloudflare.env.DB);
  const slug = params.categorySlug ?? "";
  const category = /^[a-z0-9-]{1,80}$/.test(slug) ? await findCategory(db, slug) : null;
  if (!category) throw new Response("Not found", { status: 404 });
  const query = publicListQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const page = query.success ? query.data : { page: 1, per_page: 20 };
  const { items, total } = await categoryArticles(db, category.id, page);
  return { category: presentCategory(category, total), articles: items.map(presentPublicArticleCard), meta: pageMeta(page, total) };
}

export default function DirectoryCategory() {
  const { category, articles, meta } = useLoaderData<typeof loader>();
  return (
    <div className="public-page">
      <PublicHeader />
      <main className="directory" id="main">
        <nav aria-label="Breadcrumb" className="directory__breadcrumb">
          <Link to="/directory">Directory</Link>
          <span aria-hidden="true">/</span>
          <span aria-current="page">{category.name}</span>
        </nav>
        <header className="directory__hero">
          <h1>{category.name}</h1>
          {category.description ? <p>{category.description}</p> : null}
        </header>
        {articles.length ? (
          <>
            <div className="directory__cards">
              {articles.map((article) => (
                <ArticleCard key={article.id} article={article} />
              ))}
            </div>
            <Pager meta={meta} label={`${category.name} pages`} />
          </>
        ) : (
          <p className="directory__empty">
            {meta.page > 1 ? (
              <>
                Nothing on this page. <Link to={`/directory/${category.slug}`}>Back to the first page</Link>.
              </>
            ) : (
              <>
                No pages in {category.name} yet. When you publish a document, choose this category and it will be listed here.{" "}
                <Link to="/directory">Browse other categories</Link>.
              </>
            )}
          </p>
        )}
      </main>
    </div>
  );
}

export const ErrorBoundary = DirectoryErrorBoundary;
