import { articleSlug } from "../../core/slug";
import type { ArticleListItem } from "../services/article-lists";
import type { FileListItem, FileMarks, FolderEntry } from "../services/file-lists";
import { presentArticleSummary } from "./articles";
import { folderSlug, presentFolder } from "./folders";
import { iso, presentUserCard } from "./users";

// Rows of the workspace's file lists: a document or a folder, with a `type` to tell them
// apart, the same `title` and `path` for both, and whether the viewer starred or pinned it.

const NO_MARKS: FileMarks = { favoriteArticles: new Set(), favoriteFolders: new Set(), pinnedArticles: new Set(), pinnedFolders: new Set() };

export function presentArticleItem(entry: ArticleListItem, marks: FileMarks = NO_MARKS) {
  const { article } = entry;
  return {
    type: "article" as const,
    ...presentArticleSummary(article, entry.level, entry),
    path: `/docs/${articleSlug(article.title, article.id)}`,
    favorite: marks.favoriteArticles.has(article.id),
    pinned: marks.pinnedArticles.has(article.id),
  };
}

export function presentFolderItem(entry: FolderEntry, marks: FileMarks = NO_MARKS) {
  const { folder } = entry;
  return {
    type: "folder" as const,
    ...presentFolder(folder, entry.level),
    title: folder.name,
    path: `/folders/${folderSlug(folder)}`,
    owner: entry.owner ? presentUserCard(entry.owner) : null,
    favorite: marks.favoriteFolders.has(folder.id),
    pinned: marks.pinnedFolders.has(folder.id),
  };
}

/**
 * One row of a mixed list. `timeKey` names what the list's own time means for it
 * (`viewed_at`, `shared_at`, `favorited_at`, `archived_at`), presented as ISO 8601.
 */
export type FileTimeKey = "touched_at" | "shared_at" | "favorited_at";

export function presentFileItem(item: FileListItem, marks: FileMarks = NO_MARKS, timeKey?: FileTimeKey): FileItemJson {
  const time = timeKey ? { [timeKey]: iso(item.sortAt === null ? null : new Date(item.sortAt)) } : {};
  return item.type === "article" ? { ...presentArticleItem(item.entry, marks), ...time } : { ...presentFolderItem(item.entry, marks), ...time };
}

export type ArticleItemJson = ReturnType<typeof presentArticleItem>;
export type FolderItemJson = ReturnType<typeof presentFolderItem>;
export type FileItemJson = (ArticleItemJson | FolderItemJson) & Partial<Record<FileTimeKey, string | null>>;

/** A pin on the workspace home. */
export function presentPin(pin: { id: number; articleId: number | null; folderId: number | null; position: number; createdAt: Date }) {
  return {
    id: pin.id,
    type: pin.articleId ? ("article" as const) : ("folder" as const),
    article_id: pin.articleId,
    folder_id: pin.folderId,
    position: pin.position,
    created_at: iso(pin.createdAt),
  };
}
