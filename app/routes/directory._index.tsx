import { count } from "../../core/counting";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { createDb } from "../../worker/db/client";
import { presentCategory, presentPublicArticleCard, type CategoryJson } from "../../worker/presenters/public-pages";
import { listCategories, listSpotlights } from "../../worker/services/public-directory";
import { ArticleCard } from "~/components/public/ArticleCard";
import { PublicHeader } from "~/components/public/PublicHeader";
import { DirectoryErrorBoundary } from "~/components/public/DirectoryErrorBoundary";
import publicStyles from "~/styles/public-page.css?url";
import styles from "~/styles/directory.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: publicStyles },
  { rel: "stylesheet", href: styles },
];

export const meta: MetaFunction = () => [
  { title: "Directory of published pages · Brandwork" },
  { name: "description", content: "Playbooks, guides and templates that teams have published with Brandwork." },
];

const SPOTLIGHT_COUNT = 6;

/** The public directory: what teams have published, by category, and what is in the spotlight. */
export async function loader({ context }: LoaderFunctionArgs) {
  const db = createDb(context.cloudflare.env.DB);
  const [categories, spotlights] = await Promise.all([
    listCategories(db, { forTemplates: false }),
    listSpotlights(db, { page: 1, per_page: SPOTLIGHT_COUNT }),
  ]);
  const present = categories.map(({ category, articleCount }) => presentCategory(category, articleCount));
  return {
    topics: present.filter((category) => !category.for_templates),
    templates: present.filter((category) => category.for_templates),
    spotlights: spotlights.items.map(presentPublicArticleCard),
    featured: spotlights.featured,
  };
}

function CategoryList({ title, categories }: { title: string; categories: CategoryJson[] }) {
  return (
    <section className="directory__section" aria-labelledby={`${title}-heading`}>
      <h2 id={`${title}-heading`}>{title}</h2>
      <ul className="directory__categories">
        {categories.map((category) => (
          <li key={category.id}>
            <Link className="directory__category" to={`/directory/${category.slug}`}>
              <span className="directory__category-name">{category.name}</span>
              <span className="directory__category-description">{category.description}</span>
              <span className="directory__category-count">
                {count(category.article_count ?? 0, "page")}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Directory() {
  const { topics, templates, spotlights, featured } = useLoaderData<typeof loader>();
  return (
    <div className="public-page">
      <PublicHeader />
      <main className="directory" id="main">
        <header className="directory__hero">
          <h1>Published with Brandwork</h1>
          <p>Playbooks, guides and templates that teams have made public.</p>
        </header>

        <section className="directory__section" aria-labelledby="spotlight-heading">
          <h2 id="spotlight-heading">{featured ? "In the spotlight" : "Recently published"}</h2>
          {spotlights.length ? (
            <div className="directory__cards">
              {spotlights.map((article) => (
                <ArticleCard key={article.id} article={article} />
              ))}
            </div>
          ) : (
            <p className="directory__empty">
              Nothing has been published yet. Open a document, choose Share, then Publish to web, and it will appear here.
            </p>
          )}
        </section>

        <CategoryList title="Topics" categories={topics} />
        <CategoryList title="Templates" categories={templates} />
      </main>
    </div>
  );
}

export const ErrorBoundary = DirectoryErrorBoundary;
