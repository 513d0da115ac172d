import type { FetcherWithComponents } from "@remix-run/react";
import { StarIcon } from "../ui/icons";
import type { FileActionResult, FileItem } from "./types";

/**
 * The star on a row: a form (works without JavaScript) that adds or removes the favourite,
 * shown in its new state as soon as it is pressed.
 */
export function FavoriteToggle({ item, fetcher, busy }: { item: FileItem; fetcher: FetcherWithComponents<FileActionResult>; busy: boolean }) {
  const pending = busy && fetcher.formData ? fetcher.formData.get("intent") === "favorite" : null;
  const starred = pending ?? item.favorite;
  const title = item.title || "Untitled";
  return (
    <fetcher.Form method="post" className="favorite-toggle">
      <input type="hidden" name="type" value={item.type} />
      <input type="hidden" name="id" value={item.id} />
      <button
        type="submit"
        name="intent"
        value={starred ? "unfavorite" : "favorite"}
        className="icon-button favorite-toggle__button"
        aria-pressed={starred}
        aria-label={`Favorite ${title}`}
        title={starred ? "Remove from favorites" : "Add to favorites"}
      >
        <StarIcon fill={starred ? "currentColor" : "none"} aria-hidden="true" />
      </button>
    </fetcher.Form>
  );
}
