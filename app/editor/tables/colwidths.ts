import { TABLE_CELL_WIDTH } from "../../../core/editor/constants";

/** The smallest a column may be dragged to. */
export const MIN_COLUMN_WIDTH = 48;

/**
 * The table's column widths after dragging column `index`'s right edge by `delta` px:
 * missing widths take the default cell width, and no column goes below the minimum.
 */
export function resizeColumn(widths: readonly number[] | undefined, columns: number, index: number, delta: number): number[] {
  const next = Array.from({ length: columns }, (_, i) => widths?.[i] ?? TABLE_CELL_WIDTH);
  if (index < 0 || index >= columns) return next;
  next[index] = Math.max(MIN_COLUMN_WIDTH, Math.round(next[index]! + delta));
  return next;
}
