import { useEffect, useMemo, useState } from "react";
import { buildFolderTree, type FolderNode } from "../folders/tree";
import { FolderIcon } from "../ui/icons";
import { api, ApiError } from "~/lib/api";
import type { FolderJson } from "../folders/types";

interface FolderPickerProps {
  workspaceId: number;
  /** The folder the document is in now (null: top level). */
  current: number | null;
  value: number | null;
  onChange: (folderId: number | null) => void;
  /** Whether the top level may be chosen (members yes, guests no). */
  allowTopLevel: boolean;
}

/** Flattened, top to bottom, with each folder's depth for indenting. */
function flatten(roots: FolderNode[]): FolderNode[] {
  const out: FolderNode[] = [];
  const walk = (list: FolderNode[]) => list.forEach((node) => (out.push(node), walk(node.children)));
  walk(roots);
  return out;
}

const mayCreateIn = (folder: FolderJson) => folder.access_level === "edit" || folder.access_level === "owner";

/**
 * The workspace's folders as a list of radio buttons, indented by depth. Folders the person
 * may not add documents to are shown (they give the tree its shape) but cannot be chosen.
 */
export function FolderPicker({ workspaceId, current, value, onChange, allowTopLevel }: FolderPickerProps) {
  const [folders, setFolders] = useState<FolderJson[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState("");

  useEffect(() => {
    let live = true;
    api
      .get<{ data: FolderJson[] }>(`/w/${workspaceId}/folders`)
      .then((answer) => live && setFolders(answer.data))
      .catch((failure) => live && setError(failure instanceof ApiError ? failure.problem.message : "Could not load the folders."));
    return () => {
      live = false;
    };
  }, [workspaceId]);

  const byId = useMemo(() => new Map((folders ?? []).map((folder) => [folder.id, folder])), [folders]);
  const rows = useMemo(() => flatten(buildFolderTree(folders ?? [])), [folders]);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? rows.filter((row) => row.name.toLowerCase().includes(needle)) : rows;

  if (error) return <p className="form-alert form-alert--error" role="alert">{error}</p>;
  if (!folders) return <p className="folder-picker__note" aria-busy="true">Loading folders…</p>;

  return (
    <div className="folder-picker">
      {rows.length > 8 ? (
        <input
          className="input input--compact"
          type="search"
          aria-label="Filter folders"
          placeholder="Filter folders"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      ) : null}
      <fieldset className="folder-picker__list">
        <legend className="visually-hidden">Folder</legend>
        {allowTopLevel && !needle ? (
          <label className="folder-picker__option">
            <input type="radio" name="folder" checked={value === null} onChange={() => onChange(null)} data-autofocus={value === null || undefined} />
            <span>No folder (top level){current === null ? " · current" : ""}</span>
          </label>
        ) : null}
        {shown.map((row) => {
          const folder = byId.get(row.id)!;
          const allowed = mayCreateIn(folder);
          return (
            <label
              key={row.id}
              className="folder-picker__option"
              style={{ paddingInlineStart: `${12 + (needle ? 0 : row.depth * 18)}px` }}
              data-disabled={allowed ? undefined : true}
              title={allowed ? undefined : "You can't add documents to this folder"}
            >
              <input type="radio" name="folder" disabled={!allowed} checked={value === row.id} onChange={() => onChange(row.id)} />
              <FolderIcon width={16} height={16} aria-hidden="true" />
              <span>
                {row.name}
                {current === row.id ? " · current" : ""}
              </span>
            </label>
          );
        })}
        {shown.length === 0 ? <p className="folder-picker__note">{needle ? "No folder matches." : "This workspace has no folders yet."}</p> : null}
      </fieldset>
    </div>
  );
}
