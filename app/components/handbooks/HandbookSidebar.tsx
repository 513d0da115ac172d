import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState, type DragEvent } from "react";
import { preferences } from "~/lib/preferences";
import { handbookSorts } from "../../../core/enums";
import { BookIcon, ChevronIcon, DocIcon, FolderIcon, LinkIcon, LockIcon, PlusIcon } from "../ui/icons";
import { SortField } from "../ui/SortControl";
import { ItemMenu } from "./ItemMenu";
import { dropPlacement, type DropSide } from "./tree";
import { useMoves } from "./useMoves";
import { HANDBOOK_SORT_LABELS, type HandbookActionResult, type HandbookDetailJson, type HandbookItemJson, type HandbookSort } from "./types";

interface SidebarProps {
  handbook: HandbookDetailJson;
  canEdit: boolean;
  /** The document shown in the main area, if not the cover. */
  activeSlug: string | null;
}

/** Which side of a row the pointer is on: the middle of a section drops inside it. */
function sideOf(event: DragEvent<HTMLElement>, isSection: boolean): DropSide {
  const box = event.currentTarget.getBoundingClientRect();
  const ratio = (event.clientY - box.top) / Math.max(box.height, 1);
  if (isSection) return ratio < 0.25 ? "before" : ratio > 0.75 ? "after" : "inside";
  return ratio < 0.5 ? "before" : "after";
}

const ICONS = { section: FolderIcon, doc: DocIcon, link: LinkIcon, nested_handbook: BookIcon } as const;

/**
 * The handbook's sidebar: collapsible sections holding docs, links and nested handbooks.
 * Editors rearrange it by dragging (native drag and drop, in custom order) or from each
 * item's menu (Move up, down, out of or into a section), which works from the keyboard.
 */
export function HandbookSidebar({ handbook, canEdit, activeSlug }: SidebarProps) {
  const base = `/handbook/${handbook.key}`;
  const { tree, move, busy, error } = useMoves(handbook.items, base);
  const custom = handbook.sort === "custom";
  const draggable = canEdit && custom;
  const [collapsed, setCollapsed] = useState<Set<number>>(() => new Set());
  const [dragged, setDragged] = useState<number | null>(null);
  const [target, setTarget] = useState<{ id: number | "end"; side: DropSide } | null>(null);
  const storageKey = `handbook-${handbook.key}-collapsed`;

  // Collapsed sections are remembered per handbook, read after hydration so both renders agree.
  useEffect(() => {
    setCollapsed(new Set(preferences.openFolders(storageKey).map(Number).filter(Number.isInteger)));
  }, [storageKey]);

  const toggle = (id: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      preferences.setOpenFolders(storageKey, [...next].map(String));
      return next;
    });

  const drop = (targetId: number | "end", side: DropSide) => {
    if (dragged === null) return;
    const placement =
      targetId === "end"
        ? { parentId: null, insertAt: tree.filter((node) => node.id !== dragged).length }
        : dropPlacement(tree, dragged, targetId, side);
    setDragged(null);
    setTarget(null);
    if (placement) move(dragged, placement);
  };

  const renderItem = (item: HandbookItemJson, depth: number) => {
    const Icon = ICONS[item.type];
    const isSection = item.type === "section";
    const open = !collapsed.has(item.id);
    const active = item.article !== null && item.article.slug === activeSlug;
    const dropHere = target && target.id === item.id ? target.side : undefined;
    const label = item.title || (isSection ? "Untitled section" : "Untitled");
    return (
      <li key={item.id} className="hb-tree__item" data-type={item.type}>
        <div
          className="hb-row"
          data-active={active || undefined}
          data-drop={dropHere}
          data-dragging={dragged === item.id || undefined}
          style={{ paddingInlineStart: `${8 + depth * 16}px` }}
          draggable={draggable}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = "move";
            event.dataTransfer.setData("text/plain", String(item.id));
            setDragged(item.id);
          }}
          onDragEnd={() => {
            setDragged(null);
            setTarget(null);
          }}
          onDragOver={(event) => {
            if (dragged === null) return;
            event.preventDefault();
            const side = sideOf(event, isSection);
            if (target?.id !== item.id || target.side !== side) setTarget({ id: item.id, side });
          }}
          onDrop={(event) => {
            event.preventDefault();
            drop(item.id, sideOf(event, isSection));
          }}
        >
          {isSection ? (
            <button
              type="button"
              className="hb-row__toggle"
              aria-expanded={open}
              aria-label={`${open ? "Collapse" : "Expand"} ${label}`}
              onClick={() => toggle(item.id)}
            >
              <ChevronIcon aria-hidden="true" />
            </button>
          ) : (
            <span className="hb-row__spacer" aria-hidden="true" />
          )}
          <Icon className="hb-row__icon" aria-hidden="true" />
          {item.type === "doc" && item.article ? (
            <Link to={`${base}/${item.article.slug}`} className="hb-row__label" aria-current={active ? "page" : undefined} prefetch="intent">
              {label}
              {item.article.has_password ? <LockIcon className="hb-row__lock" title="Password protected" /> : null}
            </Link>
          ) : item.type === "link" && item.url ? (
            <a href={item.url} className="hb-row__label" target="_blank" rel="noopener noreferrer nofollow">
              {label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : item.type === "nested_handbook" && item.nested_handbook ? (
            <Link to={item.nested_handbook.path} className="hb-row__label">
              {label}
            </Link>
          ) : (
            <span className="hb-row__label hb-row__label--section">{label}</span>
          )}
          {canEdit ? <ItemMenu item={item} tree={tree} action={base} custom={custom} /> : null}
        </div>
        {isSection && open ? (
          item.children.length ? (
            <ul className="hb-tree__children">{item.children.map((child) => renderItem(child, depth + 1))}</ul>
          ) : (
            <p className="hb-tree__empty" style={{ paddingInlineStart: `${40 + depth * 16}px` }}>
              Empty section
            </p>
          )
        ) : null}
      </li>
    );
  };

  return (
    <nav className="hb-sidebar" aria-label={`${handbook.title} contents`} aria-busy={busy || undefined}>
      <div className="hb-sidebar__head">
        <Link to={base} className="hb-sidebar__title" aria-current={activeSlug === null ? "page" : undefined}>
          <BookIcon aria-hidden="true" />
          <span>{handbook.title}</span>
        </Link>
        {canEdit ? <SortForm handbookKey={handbook.key} sort={handbook.sort} /> : null}
      </div>
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {tree.length ? (
        <ul className="hb-tree" aria-label="Handbook items">
          {tree.map((item) => renderItem(item, 0))}
        </ul>
      ) : (
        <p className="hb-sidebar__empty">{canEdit ? "Nothing here yet. Add a section, a document or a link." : "This handbook has no pages yet."}</p>
      )}
      {draggable && dragged !== null ? (
        <div
          className="hb-dropzone"
          data-drop={target?.id === "end" || undefined}
          onDragOver={(event) => {
            event.preventDefault();
            if (target?.id !== "end") setTarget({ id: "end", side: "after" });
          }}
          onDrop={(event) => {
            event.preventDefault();
            drop("end", "after");
          }}
        >
          Drop here to move to the end
        </div>
      ) : null}
      {canEdit ? (
        <div className="hb-sidebar__add">
          <Link to="?add=doc" replace preventScrollReset className="button button--small">
            <PlusIcon aria-hidden="true" /> Add to handbook
          </Link>
          {draggable && tree.length > 1 ? <p className="hb-sidebar__hint">Drag items to reorder, or use each item's ⋯ menu.</p> : null}
          {!custom && tree.length > 1 ? <p className="hb-sidebar__hint">Sorted by {HANDBOOK_SORT_LABELS[handbook.sort].toLowerCase()}. Choose custom order to arrange items by hand.</p> : null}
        </div>
      ) : null}
    </nav>
  );
}

/** The sort order: changes as soon as it is picked (the button is for pages without JavaScript). */
function SortForm({ handbookKey, sort }: { handbookKey: string; sort: HandbookSort }) {
  const fetcher = useFetcher<HandbookActionResult>();
  const current = (fetcher.formData?.get("sort") as HandbookSort | null) ?? sort;
  return (
    <fetcher.Form method="post" action={`/handbook/${handbookKey}`} className="hb-sort">
      <input type="hidden" name="intent" value="sort" />
      <SortField
        label="Order"
        hideLabel
        orders={handbookSorts}
        labels={HANDBOOK_SORT_LABELS}
        value={current}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
      />
    </fetcher.Form>
  );
}
