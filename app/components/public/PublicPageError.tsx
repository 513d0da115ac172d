import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { reporter } from "~/lib/reporter";
import { PublicHeader } from "./PublicHeader";

interface PublicPageErrorProps {
  /** What a 404 says on this page. */
  notFound: { title: string; body: string };
  /** What anything else says (it is reported). */
  failed: string;
  /** The way on: a link to the directory, in this page's words. */
  directoryLabel: string;
}

/** A public page's route error, inside the public frame (not the app's). */
export function PublicPageError({ notFound, failed, directoryLabel }: PublicPageErrorProps) {
  const error = useRouteError();
  const gone = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!gone) reporter.captureException(error, { surface: "route" });
  }, [error, gone]);
  return (
    <div className="public-page">
      <PublicHeader />
      <main className="public-page__main public-page__gone" data-testid={gone ? "not-found" : "server-error"}>
        <p className="public-page__code">{gone ? 404 : 500}</p>
        <h1>{gone ? notFound.title : "Something went wrong"}</h1>
        <p>{gone ? notFound.body : failed}</p>
        <Link className="button button--primary" to="/directory">
          {directoryLabel}
        </Link>
      </main>
    </div>
  );
}
