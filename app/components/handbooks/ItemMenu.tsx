import { Link, useFetcher, useLocation } from "@remix-run/react";
import { Menu, MenuSeparator } from "../ui/Menu";
import { keyboardMoves, type Placement } from "./tree";
import { MOVE_FETCHER_KEY } from "./useMoves";
import type { HandbookActionResult, HandbookItemJson } from "./types";

/** A menu button that moves the item: the keyboard alternative to dragging it. */
function MoveButton({ item, placement, label, action }: { item: HandbookItemJson; placement: Placement; label: string; action: string }) {
  const fetcher = useFetcher<HandbookActionResult>({ key: MOVE_FETCHER_KEY });
  return (
    <fetcher.Form method="post" action={action} className="menu__form">
      <input type="hidden" name="item_id" value={item.id} />
      <input type="hidden" name="parent_id" value={placement.parentId ?? ""} />
      <input type="hidden" name="insert_at" value={placement.insertAt} />
      <button type="submit" name="intent" value="move" className="menu__item">
        {label}
      </button>
    </fetcher.Form>
  );
}

/**
 * What an editor may do with one sidebar item: move it up, down, out of its section or into
 * another (only in custom order: the other orders place items themselves), rename, remove.
 */
export function ItemMenu({ item, tree, action, custom }: { item: HandbookItemJson; tree: HandbookItemJson[]; action: string; custom: boolean }) {
  const location = useLocation();
  const remover = useFetcher<HandbookActionResult>();
  const moves = keyboardMoves(tree, item.id);
  const query = new URLSearchParams(location.search);
  query.set("rename", String(item.id));
  const title = item.title || "Untitled";
  const anyMove = moves.up || moves.down || moves.out || moves.into.length > 0;

  return (
    <Menu label={`Actions for ${title}`}>
      {custom && moves.up ? <MoveButton item={item} placement={moves.up} label="Move up" action={action} /> : null}
      {custom && moves.down ? <MoveButton item={item} placement={moves.down} label="Move down" action={action} /> : null}
      {moves.out ? <MoveButton item={item} placement={moves.out} label="Move out of section" action={action} /> : null}
      {moves.into.map((section) => (
        <MoveButton
          key={section.id}
          item={item}
          placement={section.placement}
          label={`Move into “${section.title || "Untitled section"}”`}
          action={action}
        />
      ))}
      {anyMove ? <MenuSeparator /> : null}
      <Link to={`?${query}`} replace preventScrollReset className="menu__item">
        Rename
      </Link>
      <remover.Form method="post" action={action} className="menu__form">
        <input type="hidden" name="item_id" value={item.id} />
        <button
          type="submit"
          name="intent"
          value="remove"
          className="menu__item menu__item--danger"
          disabled={remover.state !== "idle"}
          onClick={(event) => {
            // Removing a section keeps its items; say so before it happens.
            if (item.type === "section" && item.children.length && !window.confirm(`Remove the section “${title}”? Its items move up into its place.`)) {
              event.preventDefault();
            }
          }}
        >
          {item.type === "section" ? "Remove section" : "Remove from handbook"}
        </button>
      </remover.Form>
    </Menu>
  );
}
