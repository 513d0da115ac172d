import { count, formatNumber } from "../../../core/counting";
import { Link, useNavigation, useSearchParams } from "@remix-run/react";
import { isSortOrder, type ViewKind } from "../../../core/enums";
import { FormAlert } from "../ui/Field";
import { sortArticles, sortFolders } from "./arrange";
import { BoardView } from "./BoardView";
import { CalendarView } from "./CalendarView";
import { EmptyFolder } from "./EmptyFolder";
import { FolderHeader } from "./FolderHeader";
import { FolderView } from "./FolderView";
import { GalleryView } from "./GalleryView";
import { ListView } from "./ListView";
import { TableView } from "./TableView";
import { useFolderEdits, useFolderPage } from "./useFolderEdits";

const HINTS: Record<ViewKind, string> = {
  list_view: "Documents and subfolders show here as rows with their owner, last change and status.",
  board_view: "Documents show here as cards in columns by status; drag them along as work moves on.",
  table_view: "Documents show here with their status, owner and your custom properties, all editable in place.",
  gallery_view: "Documents show here as cards with the start of their text.",
  folder_view: "Subfolders show here as tiles, then the documents.",
  calendar_view: "Documents show here on the day they were created, or by a date property you choose.",
};

/** One folder in one view: the header, then the view over the folder's documents. */
export function FolderScreen({ view }: { view: ViewKind }) {
  const page = useFolderPage();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const edits = useFolderEdits(page);
  const asked = searchParams.get("sort");
  const sort = isSortOrder(asked) ? asked : page.sort;
  const articles = sortArticles(edits.articles, sort);
  const subfolders = sortFolders(page.subfolders, sort);
  // A view switch or a new sort is instant; anything that loads shows a bar.
  const loading = navigation.state === "loading";
  const empty = articles.length === 0 && subfolders.length === 0;
  const documentsOnly = view !== "list_view" && view !== "folder_view";

  return (
    <div className="page folder-page" aria-busy={loading || edits.saving || undefined} data-view={view}>
      <FolderHeader page={page} view={view} sort={sort} />
      {page.folder.archived_at ? (
        <p className="form-alert form-alert--info" role="status">
          This folder is archived.{" "}
          {page.canEdit ? (
            <Link to={`${page.path}/settings`} className="link-button">
              Restore it in its settings
            </Link>
          ) : (
            "Ask its owner to restore it."
          )}
        </p>
      ) : null}
      {edits.error ? (
        <div className="folder-page__error">
          <FormAlert message={`${edits.error} Your change was undone.`} />
          <button type="button" className="link-button" onClick={edits.clearError}>
            Dismiss
          </button>
        </div>
      ) : null}
      {page.totalArticles > page.articles.length ? (
        <p className="muted" role="status">
          Showing the first {formatNumber(page.articles.length)} of {count(page.totalArticles, "document")}.
        </p>
      ) : null}
      {loading ? <div className="folder-page__progress" role="progressbar" aria-label="Loading" /> : null}
      {empty || (documentsOnly && articles.length === 0 && view !== "table_view") ? (
        <EmptyFolder
          page={page}
          hint={HINTS[view]}
          title={empty ? undefined : `No documents directly in this folder — ${count(subfolders.length, "subfolder")}`}
        />
      ) : view === "board_view" ? (
        <BoardView page={page} articles={articles} edits={edits} />
      ) : view === "table_view" ? (
        <TableView page={page} articles={articles} edits={edits} />
      ) : view === "gallery_view" ? (
        <GalleryView page={page} articles={articles} />
      ) : view === "folder_view" ? (
        <FolderView page={page} articles={articles} subfolders={subfolders} />
      ) : view === "calendar_view" ? (
        <CalendarView page={page} articles={articles} values={edits.values} />
      ) : (
        <ListView page={page} articles={articles} subfolders={subfolders} />
      )}
    </div>
  );
}
