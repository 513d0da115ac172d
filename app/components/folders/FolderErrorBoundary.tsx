import { PageError } from "../ui/PageError";

/** A folder that can't be shown: no access (403), gone or another workspace's (404), or a retry. */
export function FolderErrorBoundary() {
  return (
    <PageError
      surface="folders"
      copy={{
        403: {
          title: "You don't have access to this folder",
          body: "It is shared with other people in this workspace, but not with you. Ask its owner or an editor to share it with you.",
          next: { to: "/", label: "Go to the home page" },
        },
        404: {
          title: "We couldn't find this folder",
          body: "The link may be old, the folder may have been deleted, or it belongs to a workspace you are not in.",
          next: { to: "/", label: "Go to the home page" },
        },
      }}
    />
  );
}
