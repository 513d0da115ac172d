import { viewKinds, type ViewKind } from "../../../core/enums";
import { browserLocal } from "~/lib/preferences";

// Readers can't change a folder's saved view, so their own choice is kept in this browser,
// per folder (editors' choice is saved on the folder for everyone).

const KEY = "brandwork.folderViews";

const acceptViews = (value: unknown): Record<string, ViewKind> | null => {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, ViewKind] => viewKinds.includes(entry[1] as ViewKind)),
  );
};

export const isViewKind = (value: unknown): value is ViewKind => viewKinds.includes(value as ViewKind);

export function localView(folderId: number): ViewKind | null {
  return browserLocal.read(KEY, {}, acceptViews)[folderId] ?? null;
}

export function rememberLocalView(folderId: number, view: ViewKind) {
  browserLocal.write(KEY, { ...browserLocal.read(KEY, {}, acceptViews), [folderId]: view });
}
