import type { DocumentStatus, SortOrder, ViewKind } from "../../../core/enums";
import type { ArticleSummaryJson } from "../../../worker/presenters/articles";
import type { presentFolder, presentFolderDetail } from "../../../worker/presenters/folders";
import type { AssignedPropertyJson, PropertyJson } from "../../../worker/presenters/properties";

// What the folder pages work with, as the API presents it (JSON from the loader).

export type FolderJson = ReturnType<typeof presentFolder>;
export type FolderDetail = ReturnType<typeof presentFolderDetail>;
export type ArticleItem = ArticleSummaryJson;
export type Property = PropertyJson;
export type AssignedValue = AssignedPropertyJson;
/** Values by article id, then by property id. */
export type ValuesByArticle = Record<number, AssignedValue[]>;

export interface Person {
  id: number;
  name: string;
}

/** Everything one folder screen shows, loaded once by the folder's layout route. */
export interface FolderPageData {
  folder: FolderDetail;
  subfolders: FolderJson[];
  articles: ArticleItem[];
  totalArticles: number;
  properties: Property[];
  values: ValuesByArticle;
  /** Active members, for person properties (empty when the folder has none). */
  people: Person[];
  sort: SortOrder;
  defaultView: ViewKind;
  statusLabels: Record<DocumentStatus, string>;
  /** The folder's password as the person typed it, so the browser's calls can send it. */
  password: string | null;
  canEdit: boolean;
  canCreate: boolean;
  path: string;
}

export const VIEW_LABELS: Record<ViewKind, string> = {
  list_view: "List",
  board_view: "Board",
  table_view: "Table",
  gallery_view: "Gallery",
  folder_view: "Folders",
  calendar_view: "Calendar",
};

