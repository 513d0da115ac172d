import { Form, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { sortOrders, type SortOrder } from "../../../core/enums";
import { SORT_LABELS } from "./types";

/**
 * The sort order of a list, as a GET form (works without JavaScript: a "Sort" button shows
 * until scripts run); choosing an order reloads the list from its first page.
 */
export function SortControl({ sort }: { sort: SortOrder }) {
  const submit = useSubmit();
  const location = useLocation();
  const navigation = useNavigation();
  const keep = [...new URLSearchParams(location.search)].filter(([name]) => name !== "sort" && name !== "page");
  return (
    <Form method="get" className="sort-control" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}>
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="file-sort" className="sort-control__label">
        Sort by
      </label>
      <select id="file-sort" name="sort" className="input input--select sort-control__select" defaultValue={sort} key={sort}>
        {sortOrders.map((order) => (
          <option key={order} value={order}>
            {SORT_LABELS[order]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="button button--small">
          Sort
        </button>
      </noscript>
      {navigation.state === "loading" && navigation.location.search.includes("sort=") ? (
        <span className="spinner spinner--dark" role="status" aria-label="Sorting" />
      ) : null}
    </Form>
  );
}
