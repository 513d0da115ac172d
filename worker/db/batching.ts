import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./client";

/** D1 refuses a statement that binds more than 100 parameters. */
export const D1_MAX_BOUND_PARAMETERS = 100;

/**
 * `column IN (values)` for a list of any length: the whole list is bound as ONE JSON
 * parameter that SQLite expands with json_each, so a query stays within D1's 100 bound
 * parameters however many ids it names (and stays one query, not one per chunk). Use it
 * for every list of ids or keys that comes from data or a request; `inArray` is for short
 * constant lists (statuses, kinds).
 */
export function inList(column: AnyColumn | SQL, values: readonly (number | string)[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** Rows per multi-row insert so that rows × parameters per row stays within D1's limit. */
export const rowsPerInsert = (parametersPerRow: number) => Math.max(1, Math.floor(D1_MAX_BOUND_PARAMETERS / parametersPerRow));

/** Runs `statements` as one D1 batch (one transaction): all of them land, or none. */
export async function runBatch(db: Database, statements: BatchItem<"sqlite">[]) {
  if (statements.length === 0) return [];
  return db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
