import { Form, useLocation, useNavigate } from "@remix-run/react";
import { useId } from "react";
import { sortOrders, type SortOrder } from "../../../core/enums";
import { api } from "~/lib/api";
import { reporter } from "~/lib/reporter";
import { SORT_LABELS, type FolderPageData } from "./types";

/**
 * The six sort orders as `?sort=` (a GET form, so it works without JavaScript). An editor's
 * choice also becomes the folder's default order.
 */
export function SortMenu({ page, current }: { page: FolderPageData; current: SortOrder }) {
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const kept = [...new URLSearchParams(location.search)].filter(([key]) => key !== "sort" && key !== "new_folder" && key !== "add_property");

  function choose(sort: SortOrder) {
    const query = new URLSearchParams(kept);
    query.set("sort", sort);
    navigate(`?${query}`, { replace: true, preventScrollReset: true });
    if (page.canEdit && sort !== page.folder.settings.sort) {
      api
        .put(`/folders/${page.folder.id}`, { folder: { settings: { sort } } }, { articlePassword: page.password })
        .catch((error) => reporter.captureMessage("Could not save the folder's sort order", "info", { error: String(error) }));
    }
  }

  return (
    <Form method="get" className="sort-menu" onSubmit={(event) => event.preventDefault()}>
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor={id} className="sort-menu__label">
        Sort
      </label>
      <select id={id} name="sort" className="input input--compact input--select" value={current} onChange={(event) => choose(event.target.value as SortOrder)}>
        {sortOrders.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="button button--small">
          Sort
        </button>
      </noscript>
    </Form>
  );
}
