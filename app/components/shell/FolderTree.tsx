import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { preferences } from "~/lib/preferences";
import { ancestorIds, buildFolderTree, treeKeyMove, visibleNodes, type FolderNode, type FolderNodeRow } from "../folders/tree";
import { ChevronIcon, FolderIcon, PlusIcon } from "../ui/icons";

/** The folder key in `/folders/<slug>`: the slug's last segment. */
const keyOf = (slug: string) => slug.slice(slug.lastIndexOf("-") + 1);

/**
 * The current workspace's folders as a tree (WAI-ARIA tree view): arrow keys move and
 * open, Enter opens the folder. Which folders are open is remembered per workspace.
 */
export function FolderTree({ rows, workspaceKey, onNavigate }: { rows: FolderNodeRow[]; workspaceKey: string; onNavigate: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const roots = useMemo(() => buildFolderTree(rows), [rows]);
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const treeRef = useRef<HTMLUListElement>(null);
  const focusOnRender = useRef(false);

  // Stored open folders are read after hydration, so the server and first client render agree.
  useEffect(() => {
    setOpen(new Set(preferences.openFolders(workspaceKey).map(Number).filter(Number.isInteger)));
  }, [workspaceKey]);

  const currentKey = location.pathname.startsWith("/folders/") ? keyOf(location.pathname.split("/")[2] ?? "") : null;
  const current = currentKey ? rows.find((row) => keyOf(row.slug) === currentKey) : undefined;

  // The folder on screen is always visible in the tree: open its ancestors.
  useEffect(() => {
    if (!current) return;
    const ancestors = ancestorIds(rows, current.id);
    setOpen((previous) => (ancestors.every((id) => previous.has(id)) ? previous : new Set([...previous, ...ancestors])));
  }, [current, rows]);

  const visible = visibleNodes(roots, open);
  const tabStop = visible.find((node) => node.id === focusedId)?.id ?? current?.id ?? visible[0]?.id;

  useEffect(() => {
    if (!focusOnRender.current || tabStop === undefined) return;
    focusOnRender.current = false;
    treeRef.current?.querySelector<HTMLElement>(`[data-node-id="${tabStop}"]`)?.focus();
  });

  function toggle(id: number, next = !open.has(id)) {
    const updated = new Set(open);
    if (next) updated.add(id);
    else updated.delete(id);
    setOpen(updated);
    preferences.setOpenFolders(workspaceKey, [...updated].map(String));
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (tabStop === undefined) return;
    const move = treeKeyMove(event.key, visible, tabStop, open);
    if (move.kind === "none") return;
    event.preventDefault();
    if (move.kind === "focus") {
      focusOnRender.current = true;
      setFocusedId(move.id);
    } else if (move.kind === "open" || move.kind === "close") {
      toggle(move.id, move.kind === "open");
    } else {
      const node = visible.find((candidate) => candidate.id === move.id);
      if (node) {
        navigate(`/folders/${node.slug}`);
        onNavigate();
      }
    }
  }

  const renderNode = (node: FolderNode) => {
    const expanded = node.children.length ? open.has(node.id) : undefined;
    return (
      <li
        key={node.id}
        role="treeitem"
        aria-level={node.depth + 1}
        aria-expanded={expanded}
        aria-selected={node.id === current?.id}
        aria-label={node.name}
        tabIndex={node.id === tabStop ? 0 : -1}
        data-node-id={node.id}
        className="folder-tree__item"
        onFocus={(event) => {
          if (event.target === event.currentTarget) setFocusedId(node.id);
        }}
      >
        <div className="folder-tree__row" data-current={node.id === current?.id || undefined} style={{ paddingLeft: `${4 + node.depth * 14}px` }}>
          {node.children.length ? (
            <button
              type="button"
              tabIndex={-1}
              className="folder-tree__toggle"
              aria-label={expanded ? `Collapse ${node.name}` : `Expand ${node.name}`}
              data-expanded={expanded || undefined}
              onClick={() => toggle(node.id)}
            >
              <ChevronIcon width={14} height={14} aria-hidden="true" />
            </button>
          ) : (
            <span className="folder-tree__spacer" aria-hidden="true" />
          )}
          <Link to={`/folders/${node.slug}`} tabIndex={-1} className="folder-tree__link" onClick={onNavigate}>
            <span className="folder-tree__icon" aria-hidden="true">
              {node.icon ?? <FolderIcon width={16} height={16} />}
            </span>
            <span className="folder-tree__name">{node.name}</span>
          </Link>
        </div>
        {expanded ? (
          <ul role="group" className="folder-tree__group">
            {node.children.map(renderNode)}
          </ul>
        ) : null}
      </li>
    );
  };

  const newFolderQuery = new URLSearchParams(location.search);
  newFolderQuery.set("new_folder", "");

  return (
    <div className="folder-tree">
      <div className="folder-tree__heading">
        <p className="sidebar__section" id="folder-tree-title">
          Folders
        </p>
        <Link to={`${location.pathname}?${newFolderQuery}`} replace preventScrollReset className="icon-button folder-tree__add" aria-label="New folder" title="New folder">
          <PlusIcon width={16} height={16} aria-hidden="true" />
        </Link>
      </div>
      {roots.length ? (
        <ul role="tree" aria-labelledby="folder-tree-title" className="folder-tree__list" ref={treeRef} onKeyDown={onKeyDown}>
          {roots.map(renderNode)}
        </ul>
      ) : (
        <p className="folder-tree__empty">No folders yet. Use + to create the first one.</p>
      )}
    </div>
  );
}
