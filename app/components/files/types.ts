import type { AccessLevel } from "../../../core/enums";
import type { FileItemJson } from "../../../worker/presenters/files";

/** One row of a file list as loaders hand it to the page: a document or a folder. */
export type FileItem = FileItemJson;

export const ACCESS_LABELS: Record<AccessLevel, string> = {
  owner: "Owner",
  edit: "Can edit",
  comment: "Can comment",
  read: "Can read",
};

/** What a row action answered, for the row (and the page's notice) to show. */
export interface FileActionResult {
  intent: string;
  ok: boolean;
  message: string;
  /** `article:12` or `folder:3`: the row the answer belongs to. */
  itemKey?: string;
}

export const itemKey = (item: Pick<FileItem, "type" | "id">) => `${item.type}:${item.id}`;
