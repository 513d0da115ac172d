import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import "./load-context";
import styles from "./styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Brandwork" },
  { name: "description", content: "Marketing content in your brand's voice: campaigns, posts, emails and docs." },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <main className="status-page" data-testid={notFound ? "not-found" : "server-error"}>
      <p className="status-page__code">{notFound ? "404" : isRouteErrorResponse(error) ? error.status : "500"}</p>
      <h1>{notFound ? "We couldn't find that page" : "Something went wrong"}</h1>
      <p>
        {notFound
          ? "The link may be old, or the page may have been moved or deleted."
          : "We could not load this page. The problem has been reported; try again in a moment."}
      </p>
      <Link className="button button--primary" to="/">
        Go to the home page
      </Link>
    </main>
  );
}
