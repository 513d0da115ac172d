import { Link } from "@remix-run/react";
import type { FolderPageData } from "./types";

/** Where a folder sits: its ancestors, then the folder; `here` names a page of the folder (its settings). */
export function FolderBreadcrumbs({ page, here }: { page: FolderPageData; here?: string }) {
  const { folder } = page;
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {folder.ancestors.map((ancestor) => (
          <li key={ancestor.id}>
            <Link to={`/folders/${ancestor.slug}`}>{ancestor.name}</Link>
          </li>
        ))}
        {here ? (
          <>
            <li>
              <Link to={page.path}>{folder.name}</Link>
            </li>
            <li aria-current="page">{here}</li>
          </>
        ) : (
          <li aria-current="page">{folder.name}</li>
        )}
      </ol>
    </nav>
  );
}
