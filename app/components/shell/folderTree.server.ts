import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb } from "../../../worker/db/client";
import { folderSlug } from "../../../worker/presenters/folders";
import { folderTreeRows } from "../../../worker/services/folders";
import type { Workspace } from "~/lib/session.server";
import type { FolderNodeRow } from "../folders/tree";

/**
 * The current workspace's folders for the sidebar tree, in one query (the shell's loader
 * runs whenever the page revalidates). Nothing outside a workspace.
 */
export async function sidebarFolderTree(context: AppLoadContext, userId: number, workspace: Workspace | null): Promise<FolderNodeRow[]> {
  if (!workspace?.role) return [];
  const role = workspace.role === "admin" || workspace.role === "member" || workspace.role === "guest" ? workspace.role : "admin";
  const rows = await folderTreeRows(createDb(context.cloudflare.env.DB), { userId, workspaceId: workspace.id, role });
  return rows.map((row) => ({ id: row.id, parent_id: row.parent_id, name: row.name, slug: folderSlug(row), icon: row.icon }));
}
