import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { reporter } from "~/lib/reporter";

export interface PageErrorCopy {
  title: string;
  body: string;
  next: { to: string; label: string; reload?: boolean };
}

/**
 * The route error as a workspace page shows it, inside the app shell so the sidebar stays:
 * what happened and what to do next. 403 and 404 are expected answers; anything else is
 * reported. `copyFor` gives each page its own words for the expected cases.
 */
export function usePageError(surface: string) {
  const error = useRouteError();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const expected = status === 403 || status === 404;
  useEffect(() => {
    if (!expected) reporter.captureException(error, { surface });
  }, [error, expected, surface]);
  const retry: PageErrorCopy = {
    title: "Something went wrong",
    body: "We could not load this page. The problem has been reported; try again in a moment.",
    next: { to: `${location.pathname}${location.search}`, label: "Try again", reload: true },
  };
  return { error, status, retry };
}

export function PageError({ status, copy }: { status: number; copy: PageErrorCopy }) {
  return (
    <div className="page">
      <section className="page-error" data-testid={status === 404 ? "not-found" : status === 403 ? "forbidden" : "server-error"}>
        <p className="page-error__code">{status}</p>
        <h2>{copy.title}</h2>
        <p>{copy.body}</p>
        <Link className="button button--primary" to={copy.next.to} reloadDocument={copy.next.reload}>
          {copy.next.label}
        </Link>
      </section>
    </div>
  );
}
