import { Link } from "@remix-run/react";
import { DocIcon, FolderIcon, LockIcon } from "../ui/icons";
import { DateText, docHref } from "./DocumentMeta";
import type { ArticleItem, FolderJson, FolderPageData } from "./types";

/** Subfolders as tiles, then the documents, like a file browser. */
export function FolderView({ page, articles, subfolders }: { page: FolderPageData; articles: ArticleItem[]; subfolders: FolderJson[] }) {
  return (
    <div className="folder-tiles">
      {subfolders.length > 0 ? (
        <section aria-labelledby="folder-tiles-folders">
          <h3 id="folder-tiles-folders" className="folder-section-title">
            Folders <span className="folder-count">{subfolders.length}</span>
          </h3>
          <ul className="folder-tiles__grid">
            {subfolders.map((folder) => (
              <li key={folder.id} className="folder-tile">
                <span className="folder-tile__icon" aria-hidden="true">
                  {folder.icon ?? <FolderIcon width={22} height={22} />}
                </span>
                <Link to={`/folders/${folder.slug}`} className="folder-card-link folder-tile__name">
                  {folder.name}
                </Link>
                {folder.has_password ? <LockIcon aria-label="Password protected" width={14} height={14} /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {articles.length > 0 ? (
        <section aria-labelledby="folder-tiles-docs">
          <h3 id="folder-tiles-docs" className="folder-section-title">
            Documents <span className="folder-count">{articles.length}</span>
          </h3>
          <ul className="folder-tiles__grid">
            {articles.map((item) => (
              <li key={item.id} className="folder-tile folder-tile--doc">
                <span className="folder-tile__icon" aria-hidden="true">
                  <DocIcon width={22} height={22} />
                </span>
                <span className="folder-tile__text">
                  <Link to={docHref(item)} className="folder-card-link folder-tile__name">
                    {item.title || "Untitled"}
                  </Link>
                  <span className="folder-tile__meta">
                    <DateText iso={item.updated_at} />
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {articles.length === 0 && subfolders.length > 0 ? (
        <p className="muted">No documents directly in {page.folder.name} yet.</p>
      ) : null}
    </div>
  );
}
