import type { FolderDetailOut, FolderOut } from "../../core/contracts/folders";
import type { AccessLevel } from "../../core/enums";
import type { Folder } from "../db/schema";
import { presentPolicies, type Action, type Actor } from "../policies";
import { iso } from "./users";

const FOLDER_ACTIONS: Action[] = ["folders.update", "folders.delete", "folders.share", "folders.protect", "articles.create", "folders.create"];

/** `/folders/<name words>-<key>`: the key is the last segment, so renames never break links. */
export function folderSlug(folder: Pick<Folder, "name" | "key">) {
  const words = folder.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60);
  return words ? `${words}-${folder.key}` : folder.key;
}

export function presentFolder(folder: Folder, level: AccessLevel | null, counts: { articles?: number; folders?: number } = {}): FolderOut {
  return {
    id: folder.id,
    key: folder.key,
    slug: folderSlug(folder),
    name: folder.name,
    description: folder.description,
    icon: folder.icon,
    parent_id: folder.parentId,
    workspace_id: folder.workspaceId,
    owner_id: folder.ownerId,
    settings: folder.settings,
    has_password: folder.passwordHash !== null,
    access_level: level,
    article_count: counts.articles ?? null,
    folder_count: counts.folders ?? null,
    created_at: iso(folder.createdAt),
    updated_at: iso(folder.updatedAt),
    archived_at: iso(folder.archivedAt),
  };
}

/** A folder opened, with what this actor may do in it. */
export function presentFolderDetail(actor: Actor, folder: Folder, level: AccessLevel | null, extra: { ancestors: Folder[] }): FolderDetailOut {
  return {
    ...presentFolder(folder, level),
    ancestors: extra.ancestors.map((ancestor) => ({ id: ancestor.id, key: ancestor.key, slug: folderSlug(ancestor), name: ancestor.name })),
    policies: presentPolicies(actor, FOLDER_ACTIONS, { level }),
  };
}
