import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { createDb } from "../../worker/db/client";
import { HttpError } from "../../worker/lib/errors";
import { parseWorkspaceId, resolveActor } from "../../worker/middleware/workspace";
import { callApi } from "./api.server";
import { requireUser } from "./session.server";

/**
 * For pages under /workspaces/:workspaceId: the signed-in user, resolved in that workspace
 * exactly as the API resolves it (membership role, or super_admin when super-admin mode is
 * on for it). A stranger gets the same 403/404 the API gives, as an error page.
 */
export async function requireWorkspaceActor(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const signedIn = await requireUser(request, context);
  const db = createDb(context.cloudflare.env.DB);
  try {
    const workspaceId = parseWorkspaceId(workspaceIdParam);
    if (workspaceId === null) throw new HttpError(404, "Workspace not found", "not_found");
    const { actor, workspace } = await resolveActor(
      db,
      { user: { id: signedIn.user.id, isSuperAdmin: signedIn.user.is_super_admin } },
      workspaceId,
      signedIn.auth.superAdminMode === null ? undefined : String(signedIn.auth.superAdminMode),
    );
    return { signedIn, db, actor, workspace };
  } catch (error) {
    if (error instanceof HttpError) throw data(error.message, { status: error.status === 400 ? 404 : error.status });
    throw error;
  }
}

/**
 * For actions on a workspace page: the resolved actor plus `call`, which runs an API route
 * in-process as this user in this workspace.
 */
export async function workspaceActionContext(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const resolved = await requireWorkspaceActor(request, context, workspaceIdParam);
  const authorization = resolved.signedIn.auth.headers.Authorization;
  const call = <T>(method: string, path: string, body?: unknown) =>
    callApi<T>(context, request, method, path, { body, authorization, workspaceId: resolved.workspace.id });
  return { ...resolved, call };
}
