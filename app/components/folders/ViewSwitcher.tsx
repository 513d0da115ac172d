import { Link, useLocation } from "@remix-run/react";
import { viewKinds, type ViewKind } from "../../../core/enums";
import { api } from "~/lib/api";
import { reporter } from "~/lib/reporter";
import { VIEW_LABELS, type FolderPageData } from "./types";
import { rememberLocalView } from "./viewChoice";

/** Links to the six views; picking one also makes it this folder's view (for editors) or this browser's. */
export function ViewSwitcher({ page, current }: { page: FolderPageData; current: ViewKind }) {
  const location = useLocation();
  // Keep the sort; drop what belongs to one view (calendar range, open dialogs).
  const query = new URLSearchParams(location.search);
  for (const key of ["date", "mode", "add_property", "new_folder"]) query.delete(key);
  const search = query.toString() ? `?${query}` : "";

  function remember(view: ViewKind) {
    if (!page.canEdit) return rememberLocalView(page.folder.id, view);
    if (view === page.defaultView) return;
    api
      .put(`/folders/${page.folder.id}`, { folder: { settings: { default_view: view } } }, { articlePassword: page.password })
      .catch((error) => reporter.captureMessage("Could not save the folder's view", "info", { error: String(error) }));
  }

  return (
    <nav className="view-switcher" aria-label="Views">
      {viewKinds.map((view) => (
        <Link
          key={view}
          to={`${page.path}/views/${view}${search}`}
          className="view-switcher__option"
          aria-current={view === current ? "page" : undefined}
          preventScrollReset
          onClick={() => remember(view)}
        >
          {VIEW_LABELS[view]}
        </Link>
      ))}
    </nav>
  );
}
