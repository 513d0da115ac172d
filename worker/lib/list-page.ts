import { asc, desc, type SQL } from "drizzle-orm";
import { pageMeta, type ListMeta, type ListQuery } from "../../core/contracts/pagination";
import { afterKey, cursorLimit, cursorPage, decodeCursor, encodeCursor, pagesByCursor, type CursorValue, type KeysetColumn } from "./cursor";

/**
 * One list route's paging, both ways: by cursor (`cursor`/`limit`) or by page number. `fetch`
 * reads the rows given a window and, on a cursor page, the condition for the rows after the
 * cursor; `keyOf` gives a row's values in `keyset` (the list's order, ending with the id).
 * Page-number answers carry a `next_cursor` too, so a client may switch to cursors mid-list.
 */
export async function pagedList<Row>(
  query: ListQuery,
  list: { tag: string; keyset: KeysetColumn[]; keyOf: (row: Row) => CursorValue[] },
  fetch: (window: { limit: number; offset: number; after?: ReturnType<typeof afterKey> }) => Promise<{ rows: Row[]; total: number }>,
): Promise<{ rows: Row[]; meta: ListMeta }> {
  if (pagesByCursor(query)) {
    const values = query.cursor ? decodeCursor(list.tag, query.cursor, list.keyset.length) : null;
    const { rows, total } = await fetch({ limit: cursorLimit(query), offset: 0, after: values ? afterKey(list.keyset, values) : undefined });
    const page = cursorPage(list.tag, rows, query, list.keyOf);
    const meta = { page: 1, per_page: query.limit ?? query.per_page, total, has_more: page.nextCursor !== null, next_cursor: page.nextCursor };
    return { rows: page.rows, meta };
  }
  const { rows, total } = await fetch({ limit: query.per_page, offset: (query.page - 1) * query.per_page });
  const meta = pageMeta(query, total);
  const last = rows.at(-1);
  return { rows, meta: { ...meta, next_cursor: meta.has_more && last ? encodeCursor(list.tag, list.keyOf(last)) : null } };
}

/** The `meta` of a list answered whole (a route that had no paging, asked without `cursor` or `limit`). */
export function wholeList<Row>(rows: Row[]): { rows: Row[]; meta: ListMeta } {
  return { rows, meta: { page: 1, per_page: rows.length, total: rows.length, has_more: false, next_cursor: null } };
}

/**
 * The same, for a list that states its order and its reads once (`ListSpec`): the route gets
 * both ways of paging from the one implementation above.
 */
export interface ListSpec<Row> {
  /** Names the list and its order in its cursors (another list's cursor is a 400). */
  tag: string;
  order: KeysetColumn[];
  /** The cursor's values for a row: the order's columns, in order (ending with the id). */
  keyOf: (row: Row) => CursorValue[];
  /** The rows matching `where` (on top of the list's own filter), in `orderBy`, windowed. */
  rows: (window: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number }) => Promise<Row[]>;
  /** How many rows the whole list has. */
  total: () => Promise<number>;
  /** A list that had no paging before: asked without `cursor` or `limit`, it still answers whole. */
  wholeUnlessCursor?: boolean;
}

export const orderByOf = (order: KeysetColumn[]) => order.map((key) => (key.direction === "asc" ? asc(key.column) : desc(key.column)));

export async function listPage<Row>(spec: ListSpec<Row>, query: ListQuery): Promise<{ rows: Row[]; meta: ListMeta }> {
  const orderBy = orderByOf(spec.order);
  if (spec.wholeUnlessCursor && !pagesByCursor(query)) return wholeList(await spec.rows({ where: undefined, orderBy, limit: -1, offset: 0 }));
  return pagedList(query, { tag: spec.tag, keyset: spec.order, keyOf: spec.keyOf }, async ({ limit, offset, after }) => {
    const [rows, total] = await Promise.all([spec.rows({ where: after, orderBy, limit, offset }), spec.total()]);
    return { rows, total };
  });
}
