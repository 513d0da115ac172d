import { useParams } from "@remix-run/react";
import { PageError, usePageError } from "../ui/PageError";

/** The file pages' errors: a stranger's 403, a gone workspace or folder (404), or a retry. */
export function FilesErrorBoundary() {
  const { status, error, retry } = usePageError("files");
  const { workspaceId, location } = useParams();
  const data = (error as { data?: unknown } | undefined)?.data;
  const passwordProtected = typeof data === "string" && /password/i.test(data);
  const copy =
    status === 403 && passwordProtected
      ? {
          title: "This folder is password protected",
          body: "Open the folder itself to enter its password, then come back to the files list.",
          next: { to: `/workspaces/${workspaceId}/all_files`, label: "Back to all files" },
        }
      : status === 403
        ? {
            title: "You don't have access to this page",
            body: location
              ? "You can't open this folder. Ask its owner to share it with you."
              : "These files belong to a workspace you are not in. Ask someone in that workspace to invite you.",
            next: location ? { to: `/workspaces/${workspaceId}/all_files`, label: "Back to all files" } : { to: "/", label: "Go to the home page" },
          }
        : status === 404
          ? {
              title: location ? "We couldn't find this folder" : "We couldn't find this workspace",
              body: location ? "It may have been deleted or moved to another workspace." : "The link may be old, or the workspace may have been deleted.",
              next: location ? { to: `/workspaces/${workspaceId}/all_files`, label: "Back to all files" } : { to: "/", label: "Go to the home page" },
            }
          : retry;
  return <PageError status={status} copy={copy} />;
}
