import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { SerializedDocument } from "../../core/document/types";
import { loadDocumentScreen, submitArticlePassword } from "~/components/doc-page/doc-page.server";
import { PasswordGate } from "~/components/doc-page/PasswordGate";
import { PublicPageTracking } from "~/components/insights/PublicPageTracking";
import { DocumentView } from "~/components/document/DocumentView";
import { LogoMark } from "~/components/ui/icons";
import { loginUrl } from "~/lib/redirects";
import { optionalSession } from "~/lib/session.server";
import docStyles from "~/styles/doc.css?url";
import documentStyles from "~/styles/document.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: documentStyles },
  { rel: "stylesheet", href: docStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data: screen }) => [
  { title: screen?.kind === "document" ? `${screen.article.title || "Untitled"} · Brandwork` : "Document · Brandwork" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

/**
 * The reading view of `/docs/:slug` for visitors without a session (the app shell sends
 * them here): documents shared with anyone holding the link open read-only, with the
 * password prompt when there is one; anything else sends them to sign in and back.
 * Signed-in people belong on the document screen itself.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { session } = await optionalSession(request, context);
  if (session) throw redirect(`/docs/${params.slug}${new URL(request.url).search}`);
  return loadDocumentScreen(request, context, params.slug, (slug) => `/docs/${slug}/shared`);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return submitArticlePassword(request, context, params.slug, await request.formData());
}

/** The document's words, for the read progress's scroll depth. */
const sharedBody = () => document.querySelector(".doc-body--reader");

export default function SharedDocument() {
  const screen = useLoaderData<typeof loader>();
  const back = screen.kind === "document" ? `/docs/${screen.article.slug}` : null;
  return (
    <div className="doc-reader">
      <header className="doc-reader__bar">
        <Link to="/" className="doc-reader__brand">
          <LogoMark width={26} height={26} aria-hidden="true" /> Brandwork
        </Link>
        <nav className="doc-reader__account" aria-label="Account">
          <Link to={loginUrl(back)} className="button button--small">
            Sign in
          </Link>
          <Link to={loginUrl(back, { step: "create_account" })} className="button button--small button--primary">
            Sign up free
          </Link>
        </nav>
      </header>
      <main id="main" className="doc-reader__main">
        {screen.kind === "password" ? <PasswordGate articleId={screen.articleId} signedIn={false} /> : null}
        {screen.kind === "document" ? (
          <article className="doc-body doc-body--reader">
            <p className="doc-reader__note">Shared with anyone who has the link · read only</p>
            <h1 className="doc-title doc-title--static">{screen.article.title || "Untitled"}</h1>
            <PublicPageTracking articleId={screen.article.id} body={sharedBody} />
            {screen.article.excerpt.trim() ? (
              <DocumentView document={screen.article.body as SerializedDocument} />
            ) : (
              <p className="doc-empty">Nothing has been written here yet.</p>
            )}
          </article>
        ) : null}
      </main>
    </div>
  );
}
