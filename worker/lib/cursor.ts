import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { ListQuery } from "../../core/contracts/pagination";
import { fromBase64url, toBase64url } from "./base64url";
import { Invalid } from "./errors";

/**
 * Keyset (cursor) paging for lists. A cursor is the sort key of the last row a page showed,
 * with a tag naming the list and its order, base64url-encoded JSON: opaque to clients, and
 * refused (400, field `cursor`) by any other list or order. The next page is the rows strictly
 * after that key in the list's order, so rows added meanwhile never shift or repeat a page.
 *
 * The order must end with a unique column (the id) and its columns must not be null.
 */
export type CursorValue = string | number;
export interface KeysetColumn {
  column: AnyColumn | SQL;
  direction: "asc" | "desc";
}

const badCursor = () => new Invalid("Invalid query: cursor: is not a cursor this list gave", { cursor: ["is not a cursor this list gave"] });

export function encodeCursor(tag: string, values: CursorValue[]): string {
  return toBase64url(new TextEncoder().encode(JSON.stringify([tag, ...values])));
}

export function decodeCursor(tag: string, cursor: string, arity: number): CursorValue[] {
  const bytes = fromBase64url(cursor);
  let parsed: unknown;
  try {
    parsed = bytes && JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed[0] !== tag || parsed.length !== arity + 1) throw badCursor();
  const values = parsed.slice(1);
  if (!values.every((value) => typeof value === "string" || (typeof value === "number" && Number.isFinite(value)))) throw badCursor();
  return values as CursorValue[];
}

/** `WHERE` for the rows after `values` in `order`: (a > v1) OR (a = v1 AND b > v2) … */
export function afterKey(order: KeysetColumn[], values: CursorValue[]): SQL {
  const branches = order.map((key, index) => {
    const equal = order.slice(0, index).map((earlier, i) => sql`${earlier.column} = ${values[i]}`);
    const beyond = key.direction === "asc" ? sql`${key.column} > ${values[index]}` : sql`${key.column} < ${values[index]}`;
    return sql.join([...equal, beyond], sql` AND `);
  });
  return sql`(${sql.join(branches.map((branch) => sql`(${branch})`), sql` OR `)})`;
}

/** Whether the client asked to page by cursor (`cursor` or `limit` given). */
export const pagesByCursor = (query: Pick<ListQuery, "cursor" | "limit">) => query.cursor !== undefined || query.limit !== undefined;

/** Rows to fetch for a cursor page: one more than shown, to know whether another follows. */
export const cursorLimit = (query: Pick<ListQuery, "limit" | "per_page">) => (query.limit ?? query.per_page) + 1;

/**
 * A cursor page from rows fetched with `cursorLimit` (in the list's order, after the cursor):
 * the rows to show and the next cursor, null when these were the last.
 */
export function cursorPage<Row>(tag: string, rows: Row[], query: Pick<ListQuery, "limit" | "per_page">, keyOf: (row: Row) => CursorValue[]) {
  const size = query.limit ?? query.per_page;
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return { rows: shown, nextCursor: rows.length > size && last ? encodeCursor(tag, keyOf(last)) : null };
}
