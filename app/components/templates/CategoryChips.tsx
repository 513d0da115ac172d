import { Link, useLocation } from "@remix-run/react";

/** The category filter: "All" and one chip per template category, as links (they work without JavaScript). */
export function CategoryChips({ categories, current }: { categories: { id: number; name: string }[]; current: number | null }) {
  const location = useLocation();
  const hrefFor = (id: number | null) => {
    const query = new URLSearchParams(location.search);
    query.delete("page");
    query.delete("saved");
    if (id === null) query.delete("category");
    else query.set("category", String(id));
    const search = query.toString();
    return search ? `${location.pathname}?${search}` : location.pathname;
  };
  return (
    <nav className="tpl-chips" aria-label="Template categories">
      <Link to={hrefFor(null)} preventScrollReset className="tpl-chip" aria-current={current === null ? "true" : undefined}>
        All
      </Link>
      {categories.map((category) => (
        <Link key={category.id} to={hrefFor(category.id)} preventScrollReset className="tpl-chip" aria-current={current === category.id ? "true" : undefined}>
          {category.name}
        </Link>
      ))}
    </nav>
  );
}
