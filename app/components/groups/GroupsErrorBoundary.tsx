import { isRouteErrorResponse, Link, useLocation, useParams, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { reporter } from "~/lib/reporter";

/**
 * The groups pages' errors, inside the app shell so the sidebar stays: what happened and
 * what to do next. 403 and 404 are expected answers; anything else is reported.
 */
export function GroupsErrorBoundary() {
  const error = useRouteError();
  const { workspaceId, groupId } = useParams();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const expected = status === 403 || status === 404;
  useEffect(() => {
    if (!expected) reporter.captureException(error, { surface: "groups" });
  }, [error, expected]);

  const groupsHref = `/workspaces/${workspaceId}/groups`;
  const copy =
    status === 403
      ? {
          title: "You don't have access to this page",
          body: groupId
            ? "This group belongs to a workspace you are not in. Ask someone in that workspace to invite you, then open the link again."
            : "These groups belong to a workspace you are not in. Ask someone in that workspace to invite you.",
          next: { to: "/", label: "Go to the home page" },
        }
      : status === 404
        ? {
            title: groupId ? "We couldn't find this group" : "We couldn't find this workspace",
            body: groupId
              ? "It may have been deleted, or it is private and you are not in it. Ask one of its owners to add you."
              : "The link may be old, or the workspace may have been deleted.",
            next: groupId ? { to: groupsHref, label: "See all groups" } : { to: "/", label: "Go to the home page" },
          }
        : {
            title: "Something went wrong",
            body: "We could not load this page. The problem has been reported; try again in a moment.",
            next: { to: `${location.pathname}${location.search}`, label: "Try again", reload: true },
          };

  return (
    <div className="page">
      <section className="groups-error" data-testid={status === 404 ? "not-found" : status === 403 ? "forbidden" : "server-error"}>
        <p className="groups-error__code">{status}</p>
        <h2>{copy.title}</h2>
        <p>{copy.body}</p>
        <Link className="button button--primary" to={copy.next.to} reloadDocument={"reload" in copy.next ? true : undefined}>
          {copy.next.label}
        </Link>
      </section>
    </div>
  );
}
