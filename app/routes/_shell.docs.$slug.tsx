import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { AccessBlocked } from "~/components/doc-page/AccessBlocked";
import { DocumentScreen } from "~/components/doc-page/DocumentScreen";
import { loadDocumentScreen, requestAccessAction, submitArticlePassword } from "~/components/doc-page/doc-page.server";
import { DOC_DIALOGS } from "~/components/doc-page/dialogs";
import { PasswordGate } from "~/components/doc-page/PasswordGate";
import { PageError, type PageErrorCopies } from "~/components/ui/PageError";
import docStyles from "~/styles/doc.css?url";
import documentStyles from "~/styles/document.css?url";
import editorBlockStyles from "~/styles/editor-blocks.css?url";
import editorCodeStyles from "~/styles/editor-code.css?url";
import editorMenuStyles from "~/styles/editor-menus.css?url";
import editorTableStyles from "~/styles/editor-tables.css?url";
import editorToolbarStyles from "~/styles/editor-toolbar.css?url";
import editorStyles from "~/styles/editor.css?url";
import sharingStyles from "~/styles/sharing.css?url";
import commentStyles from "~/styles/comments.css?url";
import todoStyles from "~/styles/todos.css?url";
import branchStyles from "~/styles/branches.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Document" };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: documentStyles },
  { rel: "stylesheet", href: docStyles },
  { rel: "stylesheet", href: sharingStyles },
  { rel: "stylesheet", href: commentStyles },
  { rel: "stylesheet", href: todoStyles },
  { rel: "stylesheet", href: branchStyles },
  ...[editorStyles, editorBlockStyles, editorTableStyles, editorCodeStyles, editorMenuStyles, editorToolbarStyles].map((href) => ({
    rel: "stylesheet",
    href,
  })),
];

export const meta: MetaFunction<typeof loader> = ({ data: screen }) => [
  { title: screen?.kind === "document" ? `${screen.article.title || "Untitled"} · Brandwork` : "Document · Brandwork" },
  // Documents are private to their workspace: keep them out of search engines and Referer headers.
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

/**
 * `/docs/:slug` for signed-in people (signed-out visitors of documents shared with anyone
 * holding the link get the reading view, routes/docs.$slug.shared.tsx). The loader answers
 * the document, the password prompt or the AccessBlocked screen; a stale slug redirects to
 * the current one.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadDocumentScreen(request, context, params.slug);
}

/** The forms that work before the page is interactive: the password and asking for access. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  switch (form.get("intent")) {
    case "password":
      return submitArticlePassword(request, context, params.slug, form);
    case "request_access":
      return requestAccessAction(request, context, params.slug, form);
    default:
      return data({ ok: false, message: "That form was incomplete. Reload the page and try again." }, { status: 400 });
  }
}

// Opening a dialog needs no new data; closing one reads the document again (it may have changed).
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  const opened = DOC_DIALOGS.some((name) => nextUrl.searchParams.has(name) && !currentUrl.searchParams.has(name));
  return opened ? false : defaultShouldRevalidate;
};

export default function DocumentPage() {
  const screen = useLoaderData<typeof loader>();
  const location = useLocation();
  if (screen.kind === "password") {
    return (
      <div className="page doc-page doc-page--gate">
        <PasswordGate articleId={screen.articleId} signedIn={screen.signedIn} />
      </div>
    );
  }
  if (screen.kind === "blocked") {
    return (
      <div className="page doc-page doc-page--gate">
        <AccessBlocked viewer={screen.viewer} pendingRequest={screen.pendingRequest} homeHref="/" />
      </div>
    );
  }
  return <DocumentScreen key={screen.article.id} screen={screen} location={location} />;
}

const ERROR_COPY: PageErrorCopies = {
  404: {
    title: "We couldn't find that document",
    body: "It may have been deleted, or the link may be wrong. Archived documents are in your workspace's archive.",
    next: { to: "/", label: "Go to your workspace" },
  },
  403: {
    title: "You can't open this document",
    body: "Ask whoever shared it with you for access.",
    next: { to: "/", label: "Go to your workspace" },
  },
  429: {
    title: "Too many wrong passwords",
    body: "Wait a minute, then try the password again.",
    next: { to: ".", label: "Try again", reload: true },
  },
};

export function ErrorBoundary() {
  return <PageError surface="document" copy={ERROR_COPY} />;
}
