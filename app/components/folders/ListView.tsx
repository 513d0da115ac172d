import { Link } from "@remix-run/react";
import { DocIcon, FolderIcon, LockIcon } from "../ui/icons";
import { DateText, docHref, OwnerName, StatusBadge } from "./DocumentMeta";
import type { ArticleItem, FolderJson, FolderPageData } from "./types";

/** Rows: subfolders first, then documents with their owner, last change and status. */
export function ListView({ page, articles, subfolders }: { page: FolderPageData; articles: ArticleItem[]; subfolders: FolderJson[] }) {
  return (
    <div className="folder-list" role="table" aria-label={`Contents of ${page.folder.name}`}>
      <div className="folder-list__row folder-list__row--head" role="row">
        <span role="columnheader">Name</span>
        <span role="columnheader">Owner</span>
        <span role="columnheader">Updated</span>
        <span role="columnheader">Status</span>
      </div>
      {subfolders.map((folder) => (
        <div key={`f${folder.id}`} className="folder-list__row" role="row">
          <span role="cell" className="folder-list__title">
            <FolderIcon aria-hidden="true" className="folder-list__icon" />
            <Link to={`/folders/${folder.slug}`}>{folder.name}</Link>
            {folder.has_password ? <LockIcon aria-label="Password protected" width={14} height={14} /> : null}
          </span>
          <span role="cell" className="muted">Folder</span>
          <span role="cell">
            <DateText iso={folder.updated_at} />
          </span>
          <span role="cell" />
        </div>
      ))}
      {articles.map((item) => (
        <div key={item.id} className="folder-list__row" role="row">
          <span role="cell" className="folder-list__title">
            <DocIcon aria-hidden="true" className="folder-list__icon" />
            <Link to={docHref(item)}>{item.title || "Untitled"}</Link>
            {item.has_password ? <LockIcon aria-label="Password protected" width={14} height={14} /> : null}
          </span>
          <span role="cell" data-label="Owner">
            <OwnerName item={item} />
          </span>
          <span role="cell" data-label="Updated">
            <DateText iso={item.updated_at} />
          </span>
          <span role="cell" data-label="Status">
            <StatusBadge status={item.status} labels={page.statusLabels} />
          </span>
        </div>
      ))}
    </div>
  );
}
