import { useParams } from "@remix-run/react";
import { PageError } from "../ui/PageError";

/** The template pages' errors: a template that is gone or not shared, or a workspace the person is not in. */
export function TemplatesErrorBoundary() {
  const { workspaceId } = useParams();
  return (
    <PageError
      surface="templates"
      copy={{
        404: {
          title: "We couldn't find that template",
          body: "It may have been deleted, or it isn't shared with you.",
          next: { to: `/workspaces/${workspaceId}/templates`, label: "See all templates" },
        },
        403: {
          title: "You don't have access to this page",
          body: "Templates belong to a workspace you are not a member of, or your role can't manage them.",
          next: { to: "/", label: "Go to the home page" },
        },
      }}
    />
  );
}
