import {
  $createTableCellNode,
  $createTableNode,
  $createTableRowNode,
  TableCellHeaderStates,
  type TableCellNode,
  type TableNode,
  type TableRowNode,
} from "@lexical/table";
import { $createParagraphNode } from "lexical";
import { TABLE_CELL_HEIGHT, TABLE_CELL_WIDTH } from "./constants";

export { TABLE_CELL_HEIGHT, TABLE_CELL_WIDTH };

/**
 * Tables use @lexical/table's nodes as they are; these builders give new tables SPEC
 * section 3's default cell size (128 by 37 px) where @lexical/table leaves size unset.
 */
export function $createDocumentTableCellNode(header = false): TableCellNode {
  const cell = $createTableCellNode(
    header ? TableCellHeaderStates.ROW : TableCellHeaderStates.NO_STATUS,
    1,
    TABLE_CELL_WIDTH
  );
  return cell.append($createParagraphNode());
}

export function $createDocumentTableRowNode(columns: number, header = false): TableRowNode {
  const row = $createTableRowNode(TABLE_CELL_HEIGHT);
  for (let column = 0; column < columns; column++) row.append($createDocumentTableCellNode(header));
  return row;
}

/** A rows × columns table, the first row a header row when `headerRow`. */
export function $createDocumentTableNode(rows: number, columns: number, headerRow = true): TableNode {
  const table = $createTableNode();
  for (let row = 0; row < rows; row++) table.append($createDocumentTableRowNode(columns, headerRow && row === 0));
  table.setColWidths(Array.from({ length: columns }, () => TABLE_CELL_WIDTH));
  return table;
}
