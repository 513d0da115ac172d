import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { TablePlugin } from "@lexical/react/LexicalTablePlugin";
import { $computeTableMapSkipCellCheck, $getTableNodeFromLexicalNodeOrThrow, $isTableCellNode } from "@lexical/table";
import { $findMatchingParent, mergeRegister } from "@lexical/utils";
import { $getNearestNodeFromDOMNode, $getSelection, $isRangeSelection, type NodeKey } from "lexical";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { resizeColumn } from "../tables/colwidths";
import { TableActionMenu } from "../tables/TableActionMenu";

/** How close to a cell's right edge (px) a press starts a column resize. */
const EDGE = 6;

/**
 * Tables: Lexical's TablePlugin (merging, cell backgrounds, Tab between cells, horizontal
 * scroll), column resizing by dragging a cell's right edge, and a cell menu on the cell
 * with the caret (a button, so it is reachable from the keyboard).
 */
export function TablePlugins() {
  const [editor] = useLexicalComposerContext();
  const [cell, setCell] = useState<{ key: NodeKey; element: HTMLElement } | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!editor.isEditable()) return;
      const target = (event.target as HTMLElement).closest<HTMLElement>("td, th");
      if (!target) return;
      const rect = target.getBoundingClientRect();
      if (rect.right - event.clientX > EDGE) return;
      event.preventDefault();
      const startX = event.clientX;
      const end = (up: PointerEvent) => {
        window.removeEventListener("pointerup", end);
        document.body.classList.remove("is-resizing-column");
        editor.update(() => {
          const node = $getNearestNodeFromDOMNode(target);
          const cellNode = node && ($findMatchingParent(node, $isTableCellNode) ?? node);
          if (!$isTableCellNode(cellNode)) return;
          const table = $getTableNodeFromLexicalNodeOrThrow(cellNode);
          const [map] = $computeTableMapSkipCellCheck(table, null, null);
          const columns = map[0]?.length ?? 0;
          let column = -1;
          for (const row of map) {
            const index = row.findIndex((entry) => entry.cell.is(cellNode));
            if (index !== -1) {
              column = index + cellNode.getColSpan() - 1;
              break;
            }
          }
          table.setColWidths(resizeColumn(table.getColWidths(), columns, column, up.clientX - startX));
        });
      };
      document.body.classList.add("is-resizing-column");
      window.addEventListener("pointerup", end);
    };
    const onPointerMove = (event: PointerEvent) => {
      const target = (event.target as HTMLElement).closest<HTMLElement>("td, th");
      const near = !!target && editor.isEditable() && target.getBoundingClientRect().right - event.clientX <= EDGE;
      editor.getRootElement()?.classList.toggle("is-column-edge", near);
    };
    return mergeRegister(
      editor.registerRootListener((root, previous) => {
        previous?.removeEventListener("pointerdown", onPointerDown);
        previous?.removeEventListener("pointermove", onPointerMove);
        root?.addEventListener("pointerdown", onPointerDown);
        root?.addEventListener("pointermove", onPointerMove);
      }),
      editor.registerUpdateListener(({ editorState }) => {
        if (!editor.isEditable()) return setCell(null);
        editorState.read(() => {
          const selection = $getSelection();
          const anchor = $isRangeSelection(selection) ? selection.anchor.getNode() : null;
          const cellNode = anchor ? $findMatchingParent(anchor, $isTableCellNode) : null;
          const element = cellNode ? editor.getElementByKey(cellNode.getKey()) : null;
          setCell((before) => (cellNode && element ? (before?.key === cellNode.getKey() ? before : { key: cellNode.getKey(), element }) : null));
          if (!cellNode) setMenuOpen(false);
        });
      }),
    );
  }, [editor]);

  const surface = editor.getRootElement()?.parentElement;
  const position = cell && surface ? cellPosition(cell.element, surface) : null;
  return (
    <>
      <TablePlugin hasCellMerge hasCellBackgroundColor hasTabHandler hasHorizontalScroll />
      {cell && surface && position
        ? createPortal(
            <div className="ed-table-tools" style={{ top: position.top, left: position.left }}>
              <button
                type="button"
                className="ed-table-tools__button"
                aria-label="Cell options"
                aria-haspopup="menu"
                aria-expanded={menuOpen}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => setMenuOpen(!menuOpen)}
              >
                ▾
              </button>
              {menuOpen ? (
                <TableActionMenu
                  editor={editor}
                  cellKey={cell.key}
                  onClose={() => {
                    setMenuOpen(false);
                    editor.focus();
                  }}
                />
              ) : null}
            </div>,
            surface,
          )
        : null}
    </>
  );
}

function cellPosition(cell: HTMLElement, surface: HTMLElement) {
  const a = cell.getBoundingClientRect();
  const b = surface.getBoundingClientRect();
  return { top: a.top - b.top + 4, left: a.right - b.left - 26 };
}

