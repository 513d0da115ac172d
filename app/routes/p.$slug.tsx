import { redirect, type LinksFunction, type LoaderFunctionArgs, type MetaDescriptor, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { SerializedDocument } from "../../core/document/types";
import { createDb } from "../../worker/db/client";
import { presentPublicPage } from "../../worker/presenters/public-pages";
import { publicPageBySlug } from "../../worker/services/public-pages";
import { DocumentView } from "~/components/document/DocumentView";
import { longDate, sameDay } from "~/components/public/dates";
import { PublicHeader } from "~/components/public/PublicHeader";
import { PublicPageError } from "~/components/public/PublicPageError";
import { ReactionsBar } from "~/components/public/ReactionsBar";
import { ShareMenu } from "~/components/public/ShareMenu";
import { PublicPageTracking } from "~/components/insights/PublicPageTracking";
import documentStyles from "~/styles/document.css?url";
import styles from "~/styles/public-page.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: documentStyles },
  { rel: "stylesheet", href: styles },
];

/**
 * A published document for anyone, signed in or not. The Worker serves it through the edge
 * cache (worker/services/public-cache.ts), so it must look the same to everyone: reactions
 * and sharing happen in the browser through the API.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const found = await publicPageBySlug(createDb(context.cloudflare.env.DB), params.slug ?? "");
  if (!found) throw new Response("Not found", { status: 404 });
  const page = presentPublicPage(found);
  // An old slug (the title changed) still finds the page, at its current address.
  if (page.slug !== params.slug) throw redirect(page.path, 301);
  return { page, url: new URL(page.path, request.url).toString() };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Page not available · Brandwork" }, { name: "robots", content: "noindex" }];
  const { page, url } = data;
  const { title, description, image_url: image } = page.meta;
  const tags: MetaDescriptor[] = [
    { title: `${title} · ${page.company.name}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: page.company.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (page.published_at) tags.push({ property: "article:published_time", content: page.published_at });
  if (page.updated_at) tags.push({ property: "article:modified_time", content: page.updated_at });
  if (page.author) tags.push({ name: "author", content: page.author.name });
  return tags;
};

/** The article's words, for the read progress's scroll depth. */
const articleBody = () => document.querySelector(".public-article");

export default function PublicPage() {
  const { page, url } = useLoaderData<typeof loader>();
  const published = longDate(page.published_at);
  const updated = sameDay(page.published_at, page.updated_at) ? null : longDate(page.updated_at);
  return (
    <div className="public-page">
      <PublicHeader />
      <main className="public-page__main" id="main">
        <article className="public-article">
          <header className="public-article__header">
            {page.category ? (
              <Link className="public-article__category" to={`/directory/${page.category.slug}`}>
                {page.category.name}
              </Link>
            ) : null}
            <h1 className="public-article__title">{page.title}</h1>
            <p className="public-article__byline">
              {page.author ? <span className="public-article__author">{page.author.name}</span> : null}
              <span>{page.company.name}</span>
              {published ? (
                <span>
                  Published <time dateTime={page.published_at ?? undefined}>{published}</time>
                </span>
              ) : null}
              {updated ? (
                <span>
                  Updated <time dateTime={page.updated_at ?? undefined}>{updated}</time>
                </span>
              ) : null}
            </p>
          </header>
          <DocumentView document={page.body as unknown as SerializedDocument} />
          <footer className="public-article__footer">
            <ReactionsBar articleId={page.id} />
            <ShareMenu articleId={page.id} url={url} />
          </footer>
        </article>
        <PublicPageTracking articleId={page.id} body={articleBody} />
      </main>
    </div>
  );
}

/** Not published (any more), archived, or never existed: the same answer, so nothing leaks. */
export function ErrorBoundary() {
  return (
    <PublicPageError
      notFound={{
        title: "This page isn't available",
        body: "It may have been unpublished, moved or deleted. Published pages from every team are in the directory.",
      }}
      failed="We could not load this page. The problem has been reported; try again in a moment."
      directoryLabel="Browse the directory"
    />
  );
}
