import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { reporter } from "~/lib/reporter";

export interface PageErrorCopy {
  title: string;
  body: string;
  next: { to: string; label: string; reload?: boolean };
}

/** A page's own words for the statuses it expects (403, 404, …), by status. */
export type PageErrorCopies = Partial<Record<number, PageErrorCopy>>;

interface PageErrorProps {
  /** Where the error happened, for the report. */
  surface: string;
  copy: PageErrorCopies;
  /** What any other status says instead of the general "We could not load this page…". */
  retryBody?: string;
}

/**
 * The route error as a workspace page shows it, inside the app shell so the sidebar stays:
 * what happened and what to do next. 403 and 404 are expected answers; anything else is
 * reported. `copy` gives each page its own words for the statuses it expects; any other
 * status offers to try again.
 */
export function PageError({ surface, copy, retryBody }: PageErrorProps) {
  const error = useRouteError();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const expected = status === 403 || status === 404;
  useEffect(() => {
    if (!expected) reporter.captureException(error, { surface });
  }, [error, expected, surface]);
  const shown = copy[status] ?? {
    title: "Something went wrong",
    body: retryBody ?? "We could not load this page. The problem has been reported; try again in a moment.",
    next: { to: `${location.pathname}${location.search}`, label: "Try again", reload: true },
  };
  return (
    <div className="page">
      <section className="page-error" data-testid={status === 404 ? "not-found" : status === 403 ? "forbidden" : "server-error"}>
        <p className="page-error__code">{status}</p>
        <h2>{shown.title}</h2>
        <p>{shown.body}</p>
        <Link className="button button--primary" to={shown.next.to} reloadDocument={shown.next.reload}>
          {shown.next.label}
        </Link>
      </section>
    </div>
  );
}
