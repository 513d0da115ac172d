import { documentStatuses, type DocumentStatus, type SortOrder } from "../../../core/enums";
import type { ArticleItem, AssignedValue, FolderJson, Property, ValuesByArticle } from "./types";

// Sorting and grouping a folder's documents on the client, so a new sort or a moved card
// shows at once without a round trip (the server sorts the same way on first load).

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "base", numeric: true });
const ownerName = (item: ArticleItem) => item.owner?.name ?? "";
const time = (iso: string | null) => (iso ? Date.parse(iso) : 0);

/** Documents in one of the six sort orders; ties keep a stable order by title then id. */
export function sortArticles(items: readonly ArticleItem[], sort: SortOrder): ArticleItem[] {
  const byTitle = (a: ArticleItem, b: ArticleItem) => byText(a.title, b.title) || a.id - b.id;
  const compare: Record<SortOrder, (a: ArticleItem, b: ArticleItem) => number> = {
    name_asc: byTitle,
    name_desc: (a, b) => -byTitle(a, b),
    last_modified_asc: (a, b) => time(a.updated_at) - time(b.updated_at) || a.id - b.id,
    last_modified_desc: (a, b) => time(b.updated_at) - time(a.updated_at) || b.id - a.id,
    owner_asc: (a, b) => byText(ownerName(a), ownerName(b)) || byTitle(a, b),
    owner_desc: (a, b) => byText(ownerName(b), ownerName(a)) || byTitle(a, b),
  };
  return [...items].sort(compare[sort]);
}

/** Subfolders in the same orders (a folder's "owner" order falls back to its name). */
export function sortFolders(items: readonly FolderJson[], sort: SortOrder): FolderJson[] {
  const byName = (a: FolderJson, b: FolderJson) => byText(a.name, b.name) || a.id - b.id;
  const compare: Record<SortOrder, (a: FolderJson, b: FolderJson) => number> = {
    name_asc: byName,
    name_desc: (a, b) => -byName(a, b),
    last_modified_asc: (a, b) => time(a.updated_at) - time(b.updated_at) || a.id - b.id,
    last_modified_desc: (a, b) => time(b.updated_at) - time(a.updated_at) || b.id - a.id,
    owner_asc: byName,
    owner_desc: byName,
  };
  return [...items].sort(compare[sort]);
}

export type GroupBy = "status" | number;

export interface BoardColumn {
  /** The status, the option, or "" for documents with no value. */
  key: string;
  label: string;
  items: ArticleItem[];
}

export const NO_VALUE = "";

/** The property value of one document, if any. */
export const valueOf = (values: ValuesByArticle, articleId: number, propertyId: number): AssignedValue | undefined =>
  values[articleId]?.find((value) => value.property_id === propertyId);

/** A board groups by status unless it names a select property that still exists. */
export function boardGroupProperty(groupBy: GroupBy | undefined, properties: readonly Property[]): Property | null {
  if (typeof groupBy !== "number") return null;
  return properties.find((property) => property.id === groupBy && property.type === "select") ?? null;
}

/**
 * The board's columns, in order: every status, or every option of the select property plus
 * "No value" first when any document has none. Documents keep their order within a column.
 */
export function boardColumns(
  items: readonly ArticleItem[],
  group: Property | null,
  values: ValuesByArticle,
  statusLabels: Record<DocumentStatus, string>,
): BoardColumn[] {
  if (!group) {
    return documentStatuses.map((status) => ({
      key: status,
      label: statusLabels[status],
      items: items.filter((item) => item.status === status),
    }));
  }
  const keyOf = (item: ArticleItem) => {
    const value = valueOf(values, item.id, group.id)?.value;
    return typeof value === "string" && group.options.includes(value) ? value : NO_VALUE;
  };
  const columns = group.options.map((option) => ({ key: option, label: option, items: items.filter((item) => keyOf(item) === option) }));
  const loose = items.filter((item) => keyOf(item) === NO_VALUE);
  return [{ key: NO_VALUE, label: `No ${group.name}`, items: loose }, ...columns];
}

/** The column a document is in, for the "Move to…" menu. */
export function columnOf(columns: readonly BoardColumn[], articleId: number): string | undefined {
  return columns.find((column) => column.items.some((item) => item.id === articleId))?.key;
}

/** Values with one document's value for one property replaced (or removed with `null`). */
export function withValue(values: ValuesByArticle, articleId: number, propertyId: number, next: AssignedValue | null): ValuesByArticle {
  const others = (values[articleId] ?? []).filter((value) => value.property_id !== propertyId);
  return { ...values, [articleId]: next ? [...others, next] : others };
}
