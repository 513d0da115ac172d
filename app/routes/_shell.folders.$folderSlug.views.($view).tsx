import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useParams } from "@remix-run/react";
import { FolderScreen } from "~/components/folders/FolderScreen";
import { useFolderPage } from "~/components/folders/useFolderEdits";
import { isViewKind } from "~/components/folders/viewChoice";

/** `/folders/:folderSlug/views/:view?`: one of the six views; without one, the folder's saved view. */
export function loader({ params }: LoaderFunctionArgs) {
  if (params.view !== undefined && !isViewKind(params.view)) throw data("No such view", { status: 404 });
  return null;
}

export default function FolderViewRoute() {
  const page = useFolderPage();
  const { view } = useParams();
  return <FolderScreen view={isViewKind(view) ? view : page.defaultView} />;
}
