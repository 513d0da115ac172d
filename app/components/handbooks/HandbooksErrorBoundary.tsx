import { PageError } from "../ui/PageError";

/** The handbook pages' errors: 403 for someone who may not read it, 404 for one that is gone. */
export function HandbooksErrorBoundary() {
  return (
    <PageError
      surface="handbooks"
      copy={{
        403: {
          title: "You can't open this handbook",
          body: "Handbooks show to whoever may read their cover page. Ask its owner to share the cover page with you.",
          next: { to: "/", label: "Go to your workspace" },
        },
        404: {
          title: "We couldn't find that",
          body: "The handbook or page may have been deleted or moved, or the link may be wrong.",
          next: { to: "/", label: "Go to your workspace" },
        },
      }}
    />
  );
}
