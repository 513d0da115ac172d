import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { FolderScreen } from "~/components/folders/FolderScreen";
import { useFolderPage } from "~/components/folders/useFolderEdits";
import { localView } from "~/components/folders/viewChoice";

/** /folders/:folderSlug: the folder in its saved view (or, for a reader, the view they last picked here). */
export default function FolderIndex() {
  const page = useFolderPage();
  const navigate = useNavigate();
  useEffect(() => {
    if (page.canEdit) return;
    const mine = localView(page.folder.id);
    if (mine && mine !== page.defaultView) navigate(`${page.path}/views/${mine}${location.search}`, { replace: true });
  }, [page.canEdit, page.folder.id, page.defaultView, page.path, navigate]);
  return <FolderScreen view={page.defaultView} />;
}
