import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type * as z from "zod";
import type { createWorkspaceSchema } from "../../core/contracts/workspaces";
import { callApi } from "./api.server";
import { safeRedirectPath } from "./redirects";
import { authCookies, requireUser, setCookieHeaders } from "./session.server";

/** Makes one of the user's workspaces the current one (the cookie, and the account for other devices). */
export async function switchWorkspace(request: Request, context: AppLoadContext) {
  const session = await requireUser(request, context);
  const form = await request.formData();
  const id = Number(form.get("workspace_id"));
  const back = safeRedirectPath(String(form.get("redirect_to") ?? "/"));
  const workspace = session.workspaces.find((w) => w.id === id);
  if (!workspace) {
    throw data({ message: "You are not a member of that workspace." }, { status: 403 });
  }
  await callApi(context, request, "PUT", "/users", {
    body: { data: { last_workspace_id: workspace.id } },
    authorization: session.auth.headers.Authorization,
  });
  const state = { ...session.auth, last_workspace_id: workspace.id, company_id: workspace.id };
  return redirect(sameSectionOf(back, workspace.id), { headers: setCookieHeaders(authCookies(request, state)) });
}

/**
 * A workspace page's address names its workspace, and the address wins over the current
 * one: switching from it goes to the same section of the chosen workspace (its list, not an
 * item that belongs to the other), e.g. /workspaces/1/campaigns/7 → /workspaces/2/campaigns.
 */
export function sameSectionOf(path: string, workspaceId: number): string {
  const page = path.match(/^\/workspaces\/\d+(\/[^/?#]+)?/);
  return page ? `/workspaces/${workspaceId}${page[1] ?? "/home"}` : path;
}

/** POST /v1/w from the home page's empty state; the new workspace becomes current. */
export async function createWorkspace(request: Request, context: AppLoadContext, form: FormData) {
  const session = await requireUser(request, context);
  const body: z.input<typeof createWorkspaceSchema> = { company: { name: String(form.get("name") ?? "") } };
  const result = await callApi<{ id: number }>(context, request, "POST", "/w", {
    body,
    authorization: session.auth.headers.Authorization,
  });
  if (!result.ok) return data({ error: result.problem }, { status: result.status });
  const state = { ...session.auth, last_workspace_id: result.data.id, company_id: result.data.id };
  return redirect("/", { headers: setCookieHeaders(authCookies(request, state)) });
}
