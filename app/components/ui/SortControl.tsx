import { Form, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useId, type SelectHTMLAttributes } from "react";
import { sortOrders, type SortOrder } from "../../../core/enums";

/** What each list order (core/enums `sortOrders`) is called, wherever a list offers them. */
export const SORT_LABELS: Record<SortOrder, string> = {
  name_asc: "Name (A–Z)",
  name_desc: "Name (Z–A)",
  last_modified_desc: "Last modified (newest)",
  last_modified_asc: "Last modified (oldest)",
  owner_asc: "Owner (A–Z)",
  owner_desc: "Owner (Z–A)",
};

/** The `<option>`s of a set of orders, in the set's own order. */
export function SortOptions<T extends string>({ orders, labels }: { orders: readonly T[]; labels: Record<T, string> }) {
  return (
    <>
      {orders.map((order) => (
        <option key={order} value={order}>
          {labels[order]}
        </option>
      ))}
    </>
  );
}

interface SortFieldProps<T extends string> extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "children"> {
  label: string;
  /** The label is read out but not shown (where the select speaks for itself). */
  hideLabel?: boolean;
  orders: readonly T[];
  labels: Record<T, string>;
}

/** A labelled `sort` select, and the button that submits its form where scripts do not run. */
export function SortField<T extends string>({ label, hideLabel, orders, labels, id, ...select }: SortFieldProps<T>) {
  const ownId = useId();
  const selectId = id ?? ownId;
  return (
    <>
      <label htmlFor={selectId} className={hideLabel ? "visually-hidden" : "sort-control__label"}>
        {label}
      </label>
      <select id={selectId} name="sort" className="input input--compact input--select sort-control__select" {...select}>
        <SortOptions orders={orders} labels={labels} />
      </select>
      <noscript>
        <button type="submit" className="button button--small">
          Sort
        </button>
      </noscript>
    </>
  );
}

interface SortControlProps {
  sort: SortOrder;
  label?: string;
  /** Search parameters that choosing an order clears, besides `sort` and `page` (a dialog's, say). */
  drop?: string[];
  /** Runs once the list is reloaded in the chosen order (a folder keeps it as its default). */
  onChoose?: (sort: SortOrder) => void;
}

/**
 * A list's order as a `?sort=` GET form, so it works without JavaScript; with it, choosing an
 * order reloads the list at once, from its first page.
 */
export function SortControl({ sort, label = "Sort by", drop = [], onChoose }: SortControlProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const kept = [...new URLSearchParams(location.search)].filter(([name]) => name !== "sort" && name !== "page" && !drop.includes(name));

  const choose = (order: SortOrder) => {
    const query = new URLSearchParams(kept);
    query.set("sort", order);
    navigate(`?${query}`, { replace: true, preventScrollReset: true });
    onChoose?.(order);
  };

  return (
    <Form method="get" className="sort-control">
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SortField
        key={sort}
        label={label}
        orders={sortOrders}
        labels={SORT_LABELS}
        defaultValue={sort}
        onChange={(event) => choose(event.target.value as SortOrder)}
      />
      {navigation.state === "loading" && navigation.location.search.includes("sort=") ? (
        <span className="spinner spinner--dark" role="status" aria-label="Sorting" />
      ) : null}
    </Form>
  );
}
