import { asc, desc, type SQL } from "drizzle-orm";
import { pageMeta, pageWindow, type ListMeta, type ListQuery } from "../../core/contracts/pagination";
import { afterKey, cursorLimit, cursorPage, decodeCursor, encodeCursor, pagesByCursor, type CursorValue, type KeysetColumn } from "./cursor";

/**
 * One page of a list that pages both ways (`page`/`per_page`, or `cursor`/`limit`), from the
 * list's keyset order, so each list route states its order once and gets both right. A page
 * by number also answers `next_cursor`, so a client can switch to cursors from any page.
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
}

export const orderByOf = (order: KeysetColumn[]) => order.map((key) => (key.direction === "asc" ? asc(key.column) : desc(key.column)));

export async function listPage<Row>(spec: ListSpec<Row>, query: ListQuery): Promise<{ rows: Row[]; meta: ListMeta }> {
  const orderBy = orderByOf(spec.order);
  if (pagesByCursor(query)) {
    const where = query.cursor ? afterKey(spec.order, decodeCursor(spec.tag, query.cursor, spec.order.length)) : undefined;
    const [fetched, total] = await Promise.all([spec.rows({ where, orderBy, limit: cursorLimit(query), offset: 0 }), spec.total()]);
    const page = cursorPage(spec.tag, fetched, query, spec.keyOf);
    const perPage = query.limit ?? query.per_page;
    return { rows: page.rows, meta: { page: 1, per_page: perPage, total, has_more: page.nextCursor !== null, next_cursor: page.nextCursor } };
  }
  const [rows, total] = await Promise.all([spec.rows({ where: undefined, orderBy, ...pageWindow(query) }), spec.total()]);
  const meta = pageMeta(query, total);
  const last = rows.at(-1);
  return { rows, meta: { ...meta, next_cursor: meta.has_more && last ? encodeCursor(spec.tag, spec.keyOf(last)) : null } };
}
