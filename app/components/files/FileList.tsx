import { Link, useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { Menu } from "../ui/Menu";
import { DocIcon, FolderIcon, GlobeIcon, LockIcon } from "../ui/icons";
import { FavoriteToggle } from "./FavoriteToggle";
import { RelativeTime } from "./RelativeTime";
import { ACCESS_LABELS, itemKey, type FileActionResult, type FileItem } from "./types";

/** Every row shares one fetcher, so the page can announce the last action's answer. */
export const FILE_ROW_KEY = "file-row";

/** Which of the item's times a list shows, and how it says it. */
export type FileTime = "updated_at" | "touched_at" | "shared_at" | "favorited_at" | "archived_at";
const TIME_PREFIX: Record<FileTime, string> = {
  updated_at: "Updated",
  touched_at: "Opened",
  shared_at: "Shared",
  favorited_at: "Starred",
  archived_at: "Archived",
};

interface FileListProps {
  items: FileItem[];
  /** The loader's clock, for relative times that render the same on server and browser. */
  now: number;
  /** The list's accessible name. */
  label: string;
  /** Members may pin and unpin files on the workspace home. */
  canPin: boolean;
  time?: FileTime;
  /** Offer "Move up" / "Move down" (the home's pins, in pin order). */
  reorderPins?: boolean;
  /** Replace the star and menu with other actions (the archive's Restore and Delete forever). */
  actions?: (item: FileItem) => ReactNode;
  /** Shown instead of the list when it has nothing. */
  empty?: ReactNode;
  /** Where a row's title leads; the item's own page unless a list says otherwise. */
  hrefFor?: (item: FileItem) => string;
}

/**
 * Documents and folders as rows: icon, title (a link to open it), owner, a time, the
 * viewer's access; a star, and a menu to pin, reorder or archive. Below 720px the owner and
 * time fold under the title.
 */
export function FileList({ items, now, label, canPin, time = "updated_at", reorderPins, actions, empty, hrefFor }: FileListProps) {
  const fetcher = useFetcher<FileActionResult>({ key: FILE_ROW_KEY });
  if (items.length === 0) return <>{empty ?? null}</>;
  const busyKey = fetcher.state !== "idle" && fetcher.formData ? `${fetcher.formData.get("type")}:${fetcher.formData.get("id")}` : null;

  return (
    <ul className="file-list" aria-label={label}>
      {items.map((item, index) => {
        const key = itemKey(item);
        const busy = busyKey === key;
        const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && fetcher.data.itemKey === key ? fetcher.data.message : null;
        const at = (item as Partial<Record<FileTime, string | null>>)[time] ?? null;
        return (
          <li key={key} className="file-row" data-type={item.type} aria-busy={busy || undefined}>
            <span className="file-row__icon" aria-hidden="true">
              {item.type === "folder" ? <FolderIcon /> : <DocIcon />}
            </span>
            <div className="file-row__main">
              <Link to={hrefFor ? hrefFor(item) : item.path} prefetch="intent" className="file-row__title">
                {item.title || "Untitled"}
                <span className="visually-hidden">{item.type === "folder" ? " (folder)" : " (document)"}</span>
              </Link>
              <span className="file-row__meta">
                {item.owner ? <span className="file-row__owner">{item.owner.name}</span> : null}
                {at ? <RelativeTime iso={at} now={now} prefix={TIME_PREFIX[time]} /> : null}
              </span>
              {failed ? (
                <span className="file-row__error" role="alert">
                  {failed}
                </span>
              ) : null}
            </div>
            <span className="file-row__badges">
              {item.has_password ? <LockIcon className="file-row__flag" title="Password protected" width={16} height={16} /> : null}
              {item.type === "article" && item.is_public ? <GlobeIcon className="file-row__flag" title="Published" width={16} height={16} /> : null}
              {item.access_level ? <span className={`access-badge access-badge--${item.access_level}`}>{ACCESS_LABELS[item.access_level]}</span> : null}
            </span>
            <span className="file-row__actions">
              {actions ? (
                actions(item)
              ) : (
                <>
                  <FavoriteToggle item={item} fetcher={fetcher} busy={busy} />
                  <FileRowMenu item={item} canPin={canPin} busy={busy} reorder={reorderPins ? { index, count: items.length } : undefined} />
                </>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function FileRowMenu({ item, canPin, busy, reorder }: { item: FileItem; canPin: boolean; busy: boolean; reorder?: { index: number; count: number } }) {
  const fetcher = useFetcher<FileActionResult>({ key: FILE_ROW_KEY });
  const canArchive = item.access_level === "edit" || item.access_level === "owner";
  if (!canPin && !canArchive) return null;
  const hidden = (
    <>
      <input type="hidden" name="type" value={item.type} />
      <input type="hidden" name="id" value={item.id} />
    </>
  );
  const action = (intent: string, label: string, extra?: ReactNode, danger?: boolean) => (
    <fetcher.Form method="post" className="menu__form">
      {hidden}
      {extra}
      <button type="submit" name="intent" value={intent} className={`menu__item${danger ? " menu__item--danger" : ""}`} disabled={busy}>
        {label}
      </button>
    </fetcher.Form>
  );
  const moveTo = (insertAt: number) => <input type="hidden" name="insert_at" value={insertAt} />;
  return (
    <Menu label={`More actions for ${item.title || "Untitled"}`} busy={busy}>
      {canPin ? (item.pinned ? action("unpin", "Unpin from home") : action("pin", "Pin to home")) : null}
      {canPin && reorder && reorder.index > 0 ? action("move-pin", "Move up", moveTo(reorder.index - 1)) : null}
      {canPin && reorder && reorder.index < reorder.count - 1 ? action("move-pin", "Move down", moveTo(reorder.index + 1)) : null}
      {canArchive ? action("archive", "Archive", undefined, true) : null}
    </Menu>
  );
}
