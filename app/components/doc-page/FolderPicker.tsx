import { useEffect, useMemo, useState } from "react";
import { buildFolderTree, type FolderNode } from "../folders/tree";
import { FolderIcon } from "../ui/icons";
import { PickerList, PickerOption } from "../ui/PickerList";
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

  return (
    <PickerList
      search={rows.length > 8 ? { label: "Filter folders", placeholder: "Filter folders", value: filter, onChange: setFilter } : undefined}
      legend="Folder"
      loading={!folders && "Loading folders…"}
      error={error}
      empty={shown.length === 0 ? (needle ? "No folder matches." : "This workspace has no folders yet.") : null}
    >
      {allowTopLevel && !needle ? (
        <PickerOption name="folder" checked={value === null} onChange={() => onChange(null)} data-autofocus={value === null || undefined}>
          <span>No folder (top level){current === null ? " · current" : ""}</span>
        </PickerOption>
      ) : null}
      {shown.map((row) => {
        const allowed = mayCreateIn(byId.get(row.id)!);
        return (
          <PickerOption
            key={row.id}
            name="folder"
            disabled={!allowed}
            checked={value === row.id}
            onChange={() => onChange(row.id)}
            style={{ paddingInlineStart: `${12 + (needle ? 0 : row.depth * 18)}px` }}
            title={allowed ? undefined : "You can't add documents to this folder"}
          >
            <FolderIcon width={16} height={16} aria-hidden="true" />
            <span>
              {row.name}
              {current === row.id ? " · current" : ""}
            </span>
          </PickerOption>
        );
      })}
    </PickerList>
  );
}
