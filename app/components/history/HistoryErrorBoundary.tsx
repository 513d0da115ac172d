import { PageError } from "../ui/PageError";

/** The history pages' 403 (readers, commenters) and 404 (an unknown document or version), in the shell. */
export function HistoryErrorBoundary() {
  return (
    <PageError
      surface="history"
      copy={{
        404: { title: "We couldn't find that", body: "The document or version may have been deleted, or the link may be wrong.", next: { to: "/", label: "Go to your workspace" } },
        403: { title: "Only editors can see this document's history", body: "Ask the document's owner for edit access if you need its past versions.", next: { to: "/", label: "Go to your workspace" } },
      }}
    />
  );
}
