import { useParams } from "@remix-run/react";
import { PageError } from "../ui/PageError";

/** The groups pages' errors: 403 for a stranger, 404 for a group that is gone or private, or a retry. */
export function GroupsErrorBoundary() {
  const { workspaceId, groupId } = useParams();
  const home = { to: "/", label: "Go to the home page" };
  return (
    <PageError
      surface="groups"
      copy={{
        403: {
          title: "You don't have access to this page",
          body: groupId
            ? "This group belongs to a workspace you are not in. Ask someone in that workspace to invite you, then open the link again."
            : "These groups belong to a workspace you are not in. Ask someone in that workspace to invite you.",
          next: home,
        },
        404: {
          title: groupId ? "We couldn't find this group" : "We couldn't find this workspace",
          body: groupId
            ? "It may have been deleted, or it is private and you are not in it. Ask one of its owners to add you."
            : "The link may be old, or the workspace may have been deleted.",
          next: groupId ? { to: `/workspaces/${workspaceId}/groups`, label: "See all groups" } : home,
        },
      }}
    />
  );
}
