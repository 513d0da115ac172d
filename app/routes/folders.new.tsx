import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { createDb } from "../../worker/db/client";
import { folders } from "../../worker/db/schema";
import { callApi } from "~/lib/api.server";
import { requireUser } from "~/lib/session.server";
import type { FolderActionResult } from "~/components/folders/AddPropertyDialog";

/**
 * POST /folders/new (the "New folder" dialog): creates a folder at the top of a workspace
 * or inside `parent_id` through POST /v1/w/:ws/folders, then opens it.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await requireUser(request, context);
  const form = await request.formData();
  const parentId = Number(form.get("parent_id")) || null;
  let workspaceId = Number(form.get("workspace_id")) || null;
  const fail = (status: number, message: string, fields: Record<string, string[]> = {}) =>
    data<FolderActionResult>({ intent: "new_folder", ok: false, message, fields }, { status });

  if (parentId) {
    // A subfolder lives in its parent's workspace (the API checks the person may create there).
    const [parent] = await createDb(context.cloudflare.env.DB).select({ workspaceId: folders.workspaceId }).from(folders).where(eq(folders.id, parentId));
    if (!parent) return fail(404, "That folder no longer exists.");
    workspaceId = parent.workspaceId;
  }
  if (!workspaceId) return fail(400, "Pick a workspace first.");

  const result = await callApi<{ slug: string }>(context, request, "POST", `/w/${workspaceId}/folders`, {
    body: { folder: { name: String(form.get("name") ?? ""), parent_id: parentId, private: form.get("private") === "true" } },
    authorization: auth.headers.Authorization,
    workspaceId,
  });
  if (!result.ok) return fail(result.problem.status, result.problem.message, result.problem.fields);
  throw redirect(`/folders/${result.data.slug}`);
}
