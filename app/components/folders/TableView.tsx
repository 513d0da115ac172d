import { Link, useFetcher, useLocation } from "@remix-run/react";
import { documentStatuses, type DocumentStatus } from "../../../core/enums";
import { PROPERTY_TYPE_LABELS } from "../../../core/contracts/properties";
import { PlusIcon, TrashIcon } from "../ui/icons";
import { withoutParam } from "../ui/Dialog";
import { AddPropertyDialog } from "./AddPropertyDialog";
import { valueOf } from "./arrange";
import { DateText, docHref, OwnerName, StatusBadge } from "./DocumentMeta";
import { PropertyCell } from "./PropertyCell";
import type { ArticleItem, FolderPageData, Property } from "./types";
import type { FolderEdits } from "./useFolderEdits";

const canEditItem = (item: ArticleItem) => item.access_level === "edit" || item.access_level === "owner";

/**
 * A spreadsheet of the folder: title, status, owner, last change, then each custom
 * property. Editors change status and values in place; below 720px each row becomes a card.
 */
export function TableView({ page, articles, edits }: { page: FolderPageData; articles: ArticleItem[]; edits: FolderEdits }) {
  const location = useLocation();
  const addOpen = page.canEdit && new URLSearchParams(location.search).has("add_property");
  return (
    <div className="folder-table-view">
      {page.canEdit ? (
        <div className="folder-table-view__toolbar">
          <Link to={`?${addPropertyQuery(location.search)}`} replace preventScrollReset className="button button--small">
            <PlusIcon aria-hidden="true" />
            Add property
          </Link>
        </div>
      ) : null}
      <div className="folder-table-wrap">
        <table className="folder-table">
          <caption className="visually-hidden">Documents in {page.folder.name}</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Owner</th>
              <th scope="col">Updated</th>
              {page.properties.map((property) => (
                <th key={property.id} scope="col">
                  <PropertyHeader page={page} property={property} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {articles.length === 0 ? (
              <tr>
                <td colSpan={4 + page.properties.length} className="folder-table__none">
                  No documents directly in this folder yet.
                </td>
              </tr>
            ) : null}
            {articles.map((item) => {
              const editable = canEditItem(item);
              return (
                <tr key={item.id}>
                  <th scope="row" className="folder-table__title">
                    <Link to={docHref(item)}>{item.title || "Untitled"}</Link>
                  </th>
                  <td data-label="Status">
                    {editable ? (
                      <select
                        className="input input--compact input--select"
                        aria-label={`Status of “${item.title}”`}
                        value={item.status}
                        onChange={(event) => void edits.setStatus(item, event.target.value as DocumentStatus)}
                      >
                        {documentStatuses.map((status) => (
                          <option key={status} value={status}>
                            {page.statusLabels[status]}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <StatusBadge status={item.status} labels={page.statusLabels} />
                    )}
                  </td>
                  <td data-label="Owner">
                    <OwnerName item={item} />
                  </td>
                  <td data-label="Updated">
                    <DateText iso={item.updated_at} />
                  </td>
                  {page.properties.map((property) => (
                    <td key={property.id} data-label={property.name}>
                      <PropertyCell
                        item={item}
                        property={property}
                        value={valueOf(edits.values, item.id, property.id)}
                        people={page.people}
                        editable={editable}
                        onChange={(change) => void edits.setValue(item, property, change)}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {page.canEdit && page.properties.length === 0 ? (
        <p className="muted">Add properties such as a due date, a channel or a reviewer to track more about each document.</p>
      ) : null}
      <AddPropertyDialog page={page} open={addOpen} closeTo={withoutParam(location, "add_property")} />
    </div>
  );
}

const addPropertyQuery = (search: string) => {
  const query = new URLSearchParams(search);
  query.set("add_property", "");
  return query.toString();
};

/** The column's name and type; editors can delete the property (and every value of it). */
function PropertyHeader({ page, property }: { page: FolderPageData; property: Property }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const deleting = fetcher.state !== "idle";
  return (
    <span className="property-header">
      <span>
        {property.name}
        <span className="property-header__type">{PROPERTY_TYPE_LABELS[property.type]}</span>
      </span>
      {page.canEdit ? (
        <fetcher.Form
          method="post"
          action={page.path}
          onSubmit={(event) => {
            if (!window.confirm(`Delete the property “${property.name}” and its value on every document?`)) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete_property" />
          <input type="hidden" name="property_id" value={property.id} />
          <button type="submit" className="icon-button property-header__delete" aria-label={`Delete property ${property.name}`} disabled={deleting}>
            <TrashIcon width={14} height={14} aria-hidden="true" />
          </button>
        </fetcher.Form>
      ) : null}
      {fetcher.data && !fetcher.data.ok ? (
        <span className="field__error" role="alert">
          {fetcher.data.message}
        </span>
      ) : null}
    </span>
  );
}
