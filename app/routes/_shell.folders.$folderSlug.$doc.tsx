import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { folderRefParam } from "../../core/contracts/folders";
import { createDb } from "../../worker/db/client";
import { folders } from "../../worker/db/schema";
import { folderSlug } from "../../worker/presenters/folders";
import { FolderErrorBoundary } from "~/components/folders/FolderErrorBoundary";

/**
 * `/folders/:folderSlug/folder_:subfolderKey` opens a subfolder (at its own address, with
 * the parent in its breadcrumbs); `/folders/:folderSlug/:doc` opens a document in it.
 * The folder's layout has already checked the person may open the folder.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const segment = params.doc ?? "";
  if (!segment.startsWith("folder_")) throw redirect(`/docs/${segment}`);
  const key = segment.slice("folder_".length);
  const ref = folderRefParam.safeParse({ ref: params.folderSlug ?? "" });
  if (!ref.success) throw data("Folder not found", { status: 404 });
  const db = createDb(context.cloudflare.env.DB);
  const parentRef = ref.data.ref;
  const [parent] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(parentRef.id !== undefined ? eq(folders.id, parentRef.id) : eq(folders.key, parentRef.key));
  const [subfolder] = parent
    ? await db.select().from(folders).where(and(eq(folders.key, key), eq(folders.parentId, parent.id)))
    : [];
  if (!subfolder) throw data("Folder not found", { status: 404 });
  throw redirect(`/folders/${folderSlug(subfolder)}`);
}

export { FolderErrorBoundary as ErrorBoundary };
