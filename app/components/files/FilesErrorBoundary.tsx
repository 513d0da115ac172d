import { useParams, useRouteError } from "@remix-run/react";
import { PageError } from "../ui/PageError";

/** The file pages' errors: a stranger's 403, a gone workspace or folder (404), or a retry. */
export function FilesErrorBoundary() {
  const error = useRouteError();
  const { workspaceId, location } = useParams();
  const data = (error as { data?: unknown } | undefined)?.data;
  const passwordProtected = typeof data === "string" && /password/i.test(data);
  const allFiles = { to: `/workspaces/${workspaceId}/all_files`, label: "Back to all files" };
  const home = { to: "/", label: "Go to the home page" };
  return (
    <PageError
      surface="files"
      copy={{
        403: passwordProtected
          ? {
              title: "This folder is password protected",
              body: "Open the folder itself to enter its password, then come back to the files list.",
              next: allFiles,
            }
          : {
              title: "You don't have access to this page",
              body: location
                ? "You can't open this folder. Ask its owner to share it with you."
                : "These files belong to a workspace you are not in. Ask someone in that workspace to invite you.",
              next: location ? allFiles : home,
            },
        404: {
          title: location ? "We couldn't find this folder" : "We couldn't find this workspace",
          body: location ? "It may have been deleted or moved to another workspace." : "The link may be old, or the workspace may have been deleted.",
          next: location ? allFiles : home,
        },
      }}
    />
  );
}
