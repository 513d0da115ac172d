import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./client";

/** D1 refuses a statement that binds more than 100 parameters. */
export const D1_MAX_BOUND_PARAMETERS = 100;

/** Room left for the other conditions of a query that filters with `inArray`. */
export const IN_LIST_CHUNK = 90;

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
