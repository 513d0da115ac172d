import { PageError } from "../ui/PageError";

/** The branch pages' 403 and 404, in the shell, like the other document sub-pages. */
export function BranchesErrorBoundary() {
  return (
    <PageError
      surface="branches"
      copy={{
        404: {
          title: "We couldn't find that branch",
          body: "It may belong to another document, or the link may be wrong. The document's page lists its open branches.",
          next: { to: "/", label: "Go to your workspace" },
        },
        403: {
          title: "You can't do that with this branch",
          body: "Only the document's editors (and a branch's author) can change its branches. Ask the document's owner for edit access.",
          next: { to: "/", label: "Go to your workspace" },
        },
      }}
    />
  );
}
