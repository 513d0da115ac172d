import { Link } from "@remix-run/react";
import type { SortOrder, ViewKind } from "../../../core/enums";
import { api } from "~/lib/api";
import { reporter } from "~/lib/reporter";
import { FolderIcon, LockIcon, SettingsIcon } from "../ui/icons";
import { SortControl } from "../ui/SortControl";
import { NewDocumentButton } from "./EmptyFolder";
import { FolderBreadcrumbs } from "./FolderBreadcrumbs";
import type { FolderPageData } from "./types";
import { ViewSwitcher } from "./ViewSwitcher";

/** An editor's choice of order also becomes the folder's default. */
function keepAsDefault(page: FolderPageData, sort: SortOrder) {
  if (!page.canEdit || sort === page.folder.settings.sort) return;
  api
    .put(`/folders/${page.folder.id}`, { folder: { settings: { sort } } }, { articlePassword: page.password })
    .catch((error) => reporter.captureMessage("Could not save the folder's sort order", "info", { error: String(error) }));
}

/** Where the folder is (breadcrumbs), what it is, and what can be done in it. */
export function FolderHeader({ page, view, sort }: { page: FolderPageData; view: ViewKind; sort: SortOrder }) {
  const { folder } = page;
  return (
    <header className="folder-header">
      <FolderBreadcrumbs page={page} />
      <div className="folder-header__main">
        <h2 className="folder-header__title">
          <span className="folder-header__icon" aria-hidden="true">
            {folder.icon ?? <FolderIcon width={24} height={24} />}
          </span>
          {folder.name}
          {folder.has_password ? <LockIcon aria-label="Password protected" width={16} height={16} /> : null}
        </h2>
        <div className="folder-header__actions">
          {page.canCreate ? (
            <>
              <NewDocumentButton page={page} />
              <Link to={`?new_folder=${folder.id}`} replace preventScrollReset className="button">
                <FolderIcon aria-hidden="true" />
                New folder
              </Link>
            </>
          ) : null}
          {page.canEdit ? (
            <Link to={`${page.path}/settings`} className="icon-button" aria-label="Folder settings" title="Folder settings">
              <SettingsIcon />
            </Link>
          ) : null}
        </div>
      </div>
      {folder.description ? <p className="folder-header__description">{folder.description}</p> : null}
      <div className="folder-header__toolbar">
        <ViewSwitcher page={page} current={view} />
        <SortControl sort={sort} label="Sort" drop={["new_folder", "add_property"]} onChoose={(order) => keepAsDefault(page, order)} />
      </div>
    </header>
  );
}
