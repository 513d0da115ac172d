import { useParams } from "@remix-run/react";
import { PageError } from "../ui/PageError";

/** The history pages' 403 (readers, commenters) and 404 (an unknown document, version or entry), in the shell. */
export function HistoryErrorBoundary() {
  const { slug } = useParams();
  const back = slug ? { to: `/docs/${slug}`, label: "Back to the document" } : { to: "/", label: "Go to your workspace" };
  return (
    <PageError
      surface="history"
      copy={{
        404: { title: "We couldn't find that", body: "The document or version may have been deleted, or the link may be wrong.", next: { to: "/", label: "Go to your workspace" } },
        403: { title: "Only editors can see this document's history", body: "Ask the document's owner for edit access if you need its past versions.", next: back },
      }}
    />
  );
}
