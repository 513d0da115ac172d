import { useParams } from "@remix-run/react";
import { PageError } from "../ui/PageError";

/** The import pages' errors: guests and strangers (403), an import that isn't theirs or is gone (404), or a retry. */
export function ImportErrorBoundary() {
  const { workspaceId } = useParams();
  return (
    <PageError
      surface="imports"
      copy={{
        403: {
          title: "You can't import here",
          body: "Importing is for members of this workspace. Ask an admin to make you a member, or import into a workspace of your own.",
          next: { to: "/", label: "Go to the home page" },
        },
        404: {
          title: "We couldn't find this import",
          body: "Imports are visible only to the person who started them. Start a new one from the import page.",
          next: { to: `/workspaces/${workspaceId}/import`, label: "Import documents" },
        },
      }}
    />
  );
}
