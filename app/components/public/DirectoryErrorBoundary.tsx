import { PublicPageError } from "./PublicPageError";

/** Errors on directory pages: a category that is gone, or a retry. */
export function DirectoryErrorBoundary() {
  return (
    <PublicPageError
      notFound={{ title: "We couldn't find that category", body: "The link may be old. Every category is listed in the directory." }}
      failed="We could not load the directory. The problem has been reported; try again in a moment."
      directoryLabel="Go to the directory"
    />
  );
}
