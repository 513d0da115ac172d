import { PageError } from "../ui/PageError";

/** The review pages' 403 and 404, in the shell. */
export function ReviewsErrorBoundary() {
  return (
    <PageError
      surface="reviews"
      copy={{
        404: { title: "We couldn't find that review", body: "It may belong to another document, or the link may be wrong.", next: { to: "/", label: "Go to your workspace" } },
        403: { title: "You can't do that here", body: "Ask the document's owner for the access you need.", next: { to: "/", label: "Go to your workspace" } },
      }}
    />
  );
}
