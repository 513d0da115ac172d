import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { reporter } from "~/lib/reporter";
import { PublicHeader } from "./PublicHeader";

/** Errors on directory pages, inside the public frame (not the app's). */
export function DirectoryErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) reporter.captureException(error, { surface: "route" });
  }, [error, notFound]);
  return (
    <div className="public-page">
      <PublicHeader />
      <main className="public-page__main public-page__gone" data-testid={notFound ? "not-found" : "server-error"}>
        <p className="public-page__code">{notFound ? 404 : 500}</p>
        <h1>{notFound ? "We couldn't find that category" : "Something went wrong"}</h1>
        <p>{notFound ? "The link may be old. Every category is listed in the directory." : "We could not load the directory. The problem has been reported; try again in a moment."}</p>
        <Link className="button button--primary" to="/directory">
          Go to the directory
        </Link>
      </main>
    </div>
  );
}
