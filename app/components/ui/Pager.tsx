import { Link, useLocation } from "@remix-run/react";
import type { PageMeta } from "../../../core/contracts/pagination";

interface PagerProps {
  meta: PageMeta;
  /** The search parameter that holds this list's page number. */
  param?: string;
  /** The navigation's accessible name, e.g. "Members pages". */
  label: string;
}

/**
 * Previous / next links under a paged list, as plain links so they work without JavaScript;
 * the rest of the URL (tab, search) is kept. Nothing when everything fits on one page.
 */
export function Pager({ meta, param = "page", label }: PagerProps) {
  const location = useLocation();
  if (meta.page === 1 && !meta.has_more) return null;
  const hrefFor = (page: number) => {
    const query = new URLSearchParams(location.search);
    if (page > 1) query.set(param, String(page));
    else query.delete(param);
    const search = query.toString();
    return search ? `${location.pathname}?${search}` : location.pathname;
  };
  const first = (meta.page - 1) * meta.per_page + 1;
  const last = Math.min(meta.total, meta.page * meta.per_page);
  // From past the end (an old link after people left), "Previous" goes to the last page there is.
  const previous = Math.min(meta.page - 1, Math.max(1, Math.ceil(meta.total / meta.per_page)));

  return (
    <nav className="pager" aria-label={label}>
      <p className="pager__status">
        {first > last ? `Nothing on page ${meta.page}` : `${first === last ? first : `${first}–${last}`} of ${meta.total}`}
      </p>
      <div className="pager__links">
        {meta.page > 1 ? (
          <Link to={hrefFor(previous)} rel="prev" preventScrollReset className="button button--small">
            Previous
          </Link>
        ) : null}
        {meta.has_more ? (
          <Link to={hrefFor(meta.page + 1)} rel="next" preventScrollReset className="button button--small">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
