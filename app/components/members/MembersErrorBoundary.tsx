import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { PageError } from "../ui/PageError";

/** The members page's errors: 403 for a stranger or a guest the workspace keeps out, 404, or a retry. */
export function MembersErrorBoundary() {
  const error = useRouteError();
  // The 403's own sentence says which case it is (not in the workspace, or a guest kept out).
  const reason = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  return (
    <PageError
      surface="members"
      copy={{
        403: {
          title: "You don't have access to this page",
          body:
            reason && /guest|members only/i.test(reason)
              ? reason
              : "This member list belongs to a workspace you are not in. Ask someone in that workspace to invite you, then open the link again.",
          next: { to: "/", label: "Go to the home page" },
        },
        404: {
          title: "We couldn't find this workspace",
          body: "The link may be old, or the workspace may have been deleted.",
          next: { to: "/", label: "Go to the home page" },
        },
      }}
      retryBody="We could not load the members of this workspace. The problem has been reported; try again in a moment."
    />
  );
}
