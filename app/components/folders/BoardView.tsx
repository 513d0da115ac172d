import { count } from "../../../core/counting";
import { Link } from "@remix-run/react";
import { useId, useState, type DragEvent } from "react";
import type { DocumentStatus } from "../../../core/enums";
import { boardColumns, boardGroupProperty, columnOf, NO_VALUE, type BoardColumn } from "./arrange";
import { docHref } from "./DocumentMeta";
import { FolderSettingSelect } from "./FolderSettingSelect";
import type { ArticleItem, FolderPageData } from "./types";
import type { FolderEdits } from "./useFolderEdits";

const canEditItem = (item: ArticleItem) => item.access_level === "edit" || item.access_level === "owner";
const DRAG_TYPE = "application/x-brandwork-article";

/**
 * Columns by status, or by a select property. A card moves by dragging it to another
 * column or with its "Move to" menu (keyboard and touch); the move shows at once and is
 * undone if saving fails.
 */
export function BoardView({ page, articles, edits }: { page: FolderPageData; articles: ArticleItem[]; edits: FolderEdits }) {
  const group = boardGroupProperty(page.folder.settings.board_group_by, page.properties);
  const columns = boardColumns(articles, group, edits.values, page.statusLabels);
  const [draggingId, setDraggingId] = useState<number | null>(null);
  const [overKey, setOverKey] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const helpId = useId();

  async function move(item: ArticleItem, to: BoardColumn) {
    if (columnOf(columns, item.id) === to.key) return;
    setAnnouncement(`Moving “${item.title}” to ${to.label}…`);
    if (group) await edits.setValue(item, group, to.key === NO_VALUE ? null : { value: to.key });
    else await edits.setStatus(item, to.key as DocumentStatus);
    setAnnouncement(`Moved “${item.title}” to ${to.label}.`);
  }

  function onDrop(event: DragEvent, column: BoardColumn) {
    event.preventDefault();
    setOverKey(null);
    const id = Number(event.dataTransfer.getData(DRAG_TYPE) || draggingId);
    const item = articles.find((candidate) => candidate.id === id);
    setDraggingId(null);
    if (item && canEditItem(item)) void move(item, column);
  }

  return (
    <div className="board-view">
      <div className="board-view__toolbar">
        <GroupByPicker page={page} />
        <p id={helpId} className="board-view__help">
          Drag a card to another column, or use its “Move to” menu.
        </p>
      </div>
      <div className="board" aria-describedby={helpId}>
        {columns.map((column) => (
          <section
            key={column.key}
            className="board-column"
            aria-label={`${column.label}, ${count(column.items.length, "document")}`}
            data-over={overKey === column.key || undefined}
            data-testid={`board-column-${column.key || "none"}`}
            onDragOver={(event) => {
              if (draggingId === null) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = "move";
              if (overKey !== column.key) setOverKey(column.key);
            }}
            onDragLeave={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOverKey(null);
            }}
            onDrop={(event) => onDrop(event, column)}
          >
            <header className="board-column__header">
              <h3 className="board-column__title" data-status={group ? undefined : column.key}>
                {column.label}
              </h3>
              <span className="folder-count">{column.items.length}</span>
            </header>
            <ul className="board-column__cards">
              {column.items.map((item) => (
                <BoardCard
                  key={item.id}
                  item={item}
                  columns={columns}
                  current={column.key}
                  dragging={draggingId === item.id}
                  onDragStart={() => setDraggingId(item.id)}
                  onDragEnd={() => {
                    setDraggingId(null);
                    setOverKey(null);
                  }}
                  onMove={(to) => void move(item, to)}
                />
              ))}
            </ul>
            {column.items.length === 0 ? <p className="board-column__empty">Nothing here</p> : null}
          </section>
        ))}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

function BoardCard({
  item,
  columns,
  current,
  dragging,
  onDragStart,
  onDragEnd,
  onMove,
}: {
  item: ArticleItem;
  columns: BoardColumn[];
  current: string;
  dragging: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  onMove: (to: BoardColumn) => void;
}) {
  const movable = canEditItem(item);
  const menuId = useId();
  return (
    <li
      className="board-card"
      data-dragging={dragging || undefined}
      draggable={movable}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, String(item.id));
        event.dataTransfer.setData("text/plain", item.title);
        event.dataTransfer.effectAllowed = "move";
        onDragStart();
      }}
      onDragEnd={onDragEnd}
    >
      <Link to={docHref(item)} className="board-card__title" draggable={false}>
        {item.title || "Untitled"}
      </Link>
      <span className="board-card__meta">{item.owner?.name ?? "Nobody"}</span>
      {movable ? (
        <span className="board-card__move">
          <label htmlFor={menuId} className="visually-hidden">
            Move “{item.title}” to
          </label>
          <select
            id={menuId}
            className="input input--compact input--select board-card__select"
            value={current}
            onChange={(event) => {
              const to = columns.find((column) => column.key === event.target.value);
              if (to) onMove(to);
            }}
          >
            {columns.map((column) => (
              <option key={column.key} value={column.key}>
                {column.key === current ? column.label : `Move to ${column.label}`}
              </option>
            ))}
          </select>
        </span>
      ) : null}
    </li>
  );
}

/** Editors choose what the board's columns are; the choice is the folder's, for everyone. */
function GroupByPicker({ page }: { page: FolderPageData }) {
  const selects = page.properties.filter((property) => property.type === "select");
  const current = boardGroupProperty(page.folder.settings.board_group_by, page.properties)?.id ?? "status";
  if (!page.canEdit || selects.length === 0) {
    return (
      <p className="board-view__group">
        Grouped by <strong>{current === "status" ? "status" : selects.find((property) => property.id === current)?.name}</strong>
      </p>
    );
  }
  return (
    <FolderSettingSelect
      page={page}
      className="board-view__group"
      label="Group by"
      value={String(current)}
      settingsFor={(value) => ({ board_group_by: value === "status" ? "status" : Number(value) })}
      failure="We couldn't change the grouping. Try again."
    >
      <option value="status">Status</option>
      {selects.map((property) => (
        <option key={property.id} value={property.id}>
          {property.name}
        </option>
      ))}
    </FolderSettingSelect>
  );
}
