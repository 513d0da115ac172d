import {
  $deleteTableColumnAtSelection,
  $deleteTableRowAtSelection,
  $getTableNodeFromLexicalNodeOrThrow,
  $insertTableColumnAtSelection,
  $insertTableRowAtSelection,
  $isTableCellNode,
  $isTableSelection,
  $mergeCells,
  $unmergeCell,
  TableCellHeaderStates,
  type TableCellNode,
} from "@lexical/table";
import {
  $getNodeByKey,
  $getSelection,
  type LexicalEditor,
  type NodeKey,
} from "lexical";
import { useEffect, useRef, useState } from "react";

const BACKGROUNDS = [
  { label: "None", value: null },
  { label: "Grey", value: "#F1F3F5" },
  { label: "Blue", value: "#E7F0FF" },
  { label: "Green", value: "#E6F6EC" },
  { label: "Yellow", value: "#FFF6D6" },
  { label: "Red", value: "#FDE8E8" },
] as const;

const ALIGNS = ["top", "middle", "bottom"] as const;

interface Action {
  label: string;
  run: () => void;
  disabled?: boolean;
}

/** The cell menu: rows, columns, merging, header row, background and vertical alignment. */
export function TableActionMenu({
  editor,
  cellKey,
  onClose,
}: {
  editor: LexicalEditor;
  cellKey: NodeKey;
  onClose: () => void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  const [canMerge, setCanMerge] = useState(false);
  const [merged, setMerged] = useState(false);

  useEffect(() => {
    editor.getEditorState().read(() => {
      const selection = $getSelection();
      setCanMerge(
        $isTableSelection(selection) &&
          selection.getNodes().filter($isTableCellNode).length > 1
      );
      const cell = $getNodeByKey(cellKey);
      setMerged(
        $isTableCellNode(cell) &&
          (cell.getColSpan() > 1 || cell.getRowSpan() > 1)
      );
    });
    menu.current
      ?.querySelector<HTMLButtonElement>("button:not([disabled])")
      ?.focus();
  }, [editor, cellKey]);

  const inCell = (fn: (cell: TableCellNode) => void) => () =>
    editor.update(() => {
      const cell = $getNodeByKey(cellKey);
      if ($isTableCellNode(cell)) fn(cell);
    });
  const act = (fn: () => void) => () => {
    editor.update(fn);
    onClose();
  };

  const actions: Action[] = [
    {
      label: "Insert row above",
      run: act(() => void $insertTableRowAtSelection(false)),
    },
    {
      label: "Insert row below",
      run: act(() => void $insertTableRowAtSelection(true)),
    },
    {
      label: "Insert column left",
      run: act(() => void $insertTableColumnAtSelection(false)),
    },
    {
      label: "Insert column right",
      run: act(() => void $insertTableColumnAtSelection(true)),
    },
    {
      label: "Merge cells",
      run: act(() => {
        const selection = $getSelection();
        if ($isTableSelection(selection))
          $mergeCells(selection.getNodes().filter($isTableCellNode));
      }),
      disabled: !canMerge,
    },
    {
      label: "Unmerge cells",
      run: act(() => $unmergeCell()),
      disabled: !merged,
    },
    {
      label: "Toggle header row",
      run: () => {
        inCell((cell) => {
          const row = cell.getParentOrThrow();
          for (const child of row.getChildren())
            if ($isTableCellNode(child))
              child.toggleHeaderStyle(TableCellHeaderStates.ROW);
        })();
        onClose();
      },
    },
    { label: "Delete row", run: act(() => $deleteTableRowAtSelection()) },
    { label: "Delete column", run: act(() => $deleteTableColumnAtSelection()) },
    {
      label: "Delete table",
      run: () => {
        inCell((cell) => $getTableNodeFromLexicalNodeOrThrow(cell).remove())();
        onClose();
      },
    },
  ];

  const move = (event: React.KeyboardEvent) => {
    const buttons = [
      ...(menu.current?.querySelectorAll<HTMLButtonElement>(
        "button:not([disabled])"
      ) ?? []),
    ];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === "Escape") return event.preventDefault(), onClose();
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    buttons[
      (index + (event.key === "ArrowDown" ? 1 : -1) + buttons.length) %
        buttons.length
    ]?.focus();
  };

  return (
    <div
      ref={menu}
      className="ed-table-menu"
      role="menu"
      aria-label="Table cell"
      onKeyDown={move}
    >
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          role="menuitem"
          disabled={action.disabled}
          onClick={action.run}
        >
          {action.label}
        </button>
      ))}
      <div
        className="ed-table-menu__group"
        role="group"
        aria-label="Cell background"
      >
        {BACKGROUNDS.map((bg) => (
          <button
            key={bg.label}
            type="button"
            role="menuitem"
            className="ed-table-menu__swatch"
            style={{ background: bg.value ?? "transparent" }}
            aria-label={`Background: ${bg.label}`}
            title={bg.label}
            onClick={() => (
              inCell((cell) => void cell.setBackgroundColor(bg.value))(),
              onClose()
            )}
          />
        ))}
      </div>
      <div
        className="ed-table-menu__group"
        role="group"
        aria-label="Vertical alignment"
      >
        {ALIGNS.map((align) => (
          <button
            key={align}
            type="button"
            role="menuitem"
            onClick={() => (
              inCell((cell) => void cell.setVerticalAlign(align))(), onClose()
            )}
          >
            Align {align}
          </button>
        ))}
      </div>
    </div>
  );
}
