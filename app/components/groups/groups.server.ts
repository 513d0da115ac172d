import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { callApi } from "~/lib/api.server";
import type { ApiProblem } from "~/lib/api-rules";
import { requireWorkspaceActor } from "~/lib/workspace.server";
import type { GroupActionResult } from "./types";

/**
 * For the groups pages' actions: the signed-in actor in the URL's workspace, and a way to
 * run a /v1 groups route as them, so a form gets the route's own validation, permission
 * checks, events and emails.
 */
export async function groupsActionContext(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const resolved = await requireWorkspaceActor(request, context, workspaceIdParam);
  const authorization = resolved.signedIn.auth.headers.Authorization;
  const call = <T>(method: string, path: string, body?: unknown) =>
    callApi<T>(context, request, method, path, { body, authorization, workspaceId: resolved.workspace.id });
  return { ...resolved, call };
}

/** A failed action as the page shows it, with the API's status (so Remix does not revalidate on a 4xx). */
export function actionFailure(intent: string, problem: Pick<ApiProblem, "status" | "message" | "fields">, extra: Partial<GroupActionResult> = {}) {
  return data<GroupActionResult>(
    { intent, ok: false, message: problem.message, fields: problem.fields, ...extra },
    { status: problem.status >= 400 ? problem.status : 400 },
  );
}

/** A form's id field ("group_id", "request_id") as a positive whole number, or null. */
export function formId(form: FormData, name: string): number | null {
  const value = Number(form.get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export const badForm = (intent: string) =>
  actionFailure(intent, { status: 400, message: "That form was incomplete. Reload the page and try again.", fields: {} });
