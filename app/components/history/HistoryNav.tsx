import { NavLink, Link } from "@remix-run/react";

/** The way back to the document and between its activity, versions and comparison. */
export function HistoryNav({ slug, title }: { slug: string; title: string }) {
  const tab = ({ isActive }: { isActive: boolean }) => `history-nav__tab${isActive ? " history-nav__tab--active" : ""}`;
  return (
    <div className="history-nav">
      <Link to={`/docs/${slug}`} className="history-nav__back">
        ← {title || "Untitled"}
      </Link>
      <nav aria-label="Document history" className="history-nav__tabs">
        <NavLink to={`/docs/${slug}/activity`} className={tab}>
          Activity
        </NavLink>
        <NavLink to={`/docs/${slug}/history`} className={tab}>
          Versions
        </NavLink>
        <NavLink to={`/docs/${slug}/compare`} className={tab}>
          Compare
        </NavLink>
      </nav>
    </div>
  );
}
