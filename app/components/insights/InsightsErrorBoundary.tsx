import { PageError } from "../ui/PageError";

/** The insights page's 400, 403 and 404, in the shell. */
export function InsightsErrorBoundary() {
  return (
    <PageError
      surface="insights"
      copy={{
        400: { title: "We can't show that period", body: "Insights cover the last 7, 28, 90 or 365 days.", next: { to: "?period=28d", label: "Show the last 28 days" } },
        403: {
          title: "Insights are for the document's editors",
          body: "Ask the owner for edit access. If the document has a password, open it and enter the password first.",
          next: { to: "/", label: "Go to your workspace" },
        },
        404: { title: "We couldn't find that document", body: "It may have been deleted, or the link may be wrong.", next: { to: "/", label: "Go to your workspace" } },
      }}
    />
  );
}
