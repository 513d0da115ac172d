import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { reporter } from "~/lib/reporter";

/**
 * The members page's errors, inside the app shell so the sidebar stays: what happened and
 * what to do next. 403 (a stranger, or a guest the workspace keeps out) and 404 are expected
 * answers; anything else is reported.
 */
export function MembersErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const expected = status === 403 || status === 404;
  useEffect(() => {
    if (!expected) reporter.captureException(error, { surface: "members" });
  }, [error, expected]);

  // The 403's own sentence says which case it is (not in the workspace, or a guest kept out).
  const reason = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  const copy =
    status === 403
      ? {
          title: "You don't have access to this page",
          body:
            reason && /guest|members only/i.test(reason)
              ? reason
              : "This member list belongs to a workspace you are not in. Ask someone in that workspace to invite you, then open the link again.",
          next: { to: "/", label: "Go to the home page" },
        }
      : status === 404
        ? {
            title: "We couldn't find this workspace",
            body: "The link may be old, or the workspace may have been deleted.",
            next: { to: "/", label: "Go to the home page" },
          }
        : {
            title: "Something went wrong",
            body: "We could not load the members of this workspace. The problem has been reported; try again in a moment.",
            next: { to: `${location.pathname}${location.search}`, label: "Try again", reload: true },
          };

  return (
    <div className="page">
      <section className="members-error" data-testid={status === 404 ? "not-found" : status === 403 ? "forbidden" : "server-error"}>
        <p className="members-error__code">{status}</p>
        <h2>{copy.title}</h2>
        <p>{copy.body}</p>
        <Link className="button button--primary" to={copy.next.to} reloadDocument={"reload" in copy.next ? true : undefined}>
          {copy.next.label}
        </Link>
      </section>
    </div>
  );
}
