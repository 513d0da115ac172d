import { Link } from "@remix-run/react";
import { DateText, docHref, StatusBadge } from "./DocumentMeta";
import type { ArticleItem, FolderPageData } from "./types";

/** Cards with the start of each document, for browsing by content. */
export function GalleryView({ page, articles }: { page: FolderPageData; articles: ArticleItem[] }) {
  return (
    <ul className="folder-gallery" aria-label={`Documents in ${page.folder.name}`}>
      {articles.map((item) => (
        <li key={item.id} className="folder-gallery__card">
          <h3 className="folder-gallery__title">
            <Link to={docHref(item)} className="folder-card-link">
              {item.title || "Untitled"}
            </Link>
          </h3>
          <p className="folder-gallery__excerpt">{item.excerpt.trim() || "Nothing written yet."}</p>
          <p className="folder-gallery__meta">
            <StatusBadge status={item.status} labels={page.statusLabels} />
            <span className="muted">
              {item.owner?.name ?? "Nobody"} · <DateText iso={item.updated_at} />
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}
