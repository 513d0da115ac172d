import "./lib/zod-jitless";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { CookieGate } from "./components/cookies/CookieGate";
import { publicEnv } from "./lib/public-env.server";
import { useNonce } from "./lib/nonce";
import { reporter } from "./lib/reporter";
import { colorScheme, themeStyle } from "./lib/theme";
import "./load-context";
import type { loader as shellLoader } from "./routes/_shell";
import styles from "./styles/app.css?url";

export async function loader({ context }: LoaderFunctionArgs) {
  return { ENV: publicEnv(context.cloudflare.env) };
}

// The public settings never change while the page is open.
export const shouldRevalidate = () => false;

/** `window.ENV` for the browser modules, as JSON that cannot close the script tag. */
const envScript = (env: unknown) => `window.ENV = ${JSON.stringify(env).replace(/</g, "\\u003c")};`;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Brandwork" },
  { name: "description", content: "Marketing content in your brand's voice: campaigns, posts, emails and docs." },
];

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  // The current workspace's branding and colour scheme, on <html> so that everything (dialogs,
  // scrollbars, the page behind the shell) takes them. Pages outside the shell stay light.
  const workspace = useRouteLoaderData<typeof shellLoader>("routes/_shell")?.currentWorkspace;
  const scheme = colorScheme(workspace);
  const nonce = useNonce();
  useEffect(() => {
    if (root) reporter.configure({ dsn: root.ENV.SENTRY_DSN, environment: root.ENV.APP_ENV });
  }, [root]);
  return (
    <html lang="en" data-color-scheme={scheme} style={themeStyle(workspace?.theme, scheme)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {root ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: envScript(root.ENV) }} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <CookieGate>
      <Outlet />
    </CookieGate>
  );
}

const ERROR_COPY: Record<number, { title: string; body: string }> = {
  403: {
    title: "You don't have access to this page",
    body: "It belongs to a workspace you are not in, or needs a role you don't have. Ask a workspace admin for access.",
  },
  404: { title: "We couldn't find that page", body: "The link may be old, or the page may have been moved or deleted." },
};

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const expected = status === 403 || status === 404;
  useEffect(() => {
    if (!expected) reporter.captureException(error, { surface: "route" });
  }, [error, expected]);
  const copy = ERROR_COPY[status] ?? {
    title: "Something went wrong",
    body: "We could not load this page. The problem has been reported; try again in a moment.",
  };
  return (
    <main className="status-page" data-testid={status === 404 ? "not-found" : status === 403 ? "forbidden" : "server-error"}>
      <p className="status-page__code">{status}</p>
      <h1>{copy.title}</h1>
      <p>{copy.body}</p>
      <Link className="button button--primary" to="/">
        Go to the home page
      </Link>
    </main>
  );
}
