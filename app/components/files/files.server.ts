import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { DEFAULT_PER_PAGE, pageQuery } from "../../../core/contracts/pagination";
import { DEFAULT_SORT, isSortOrder, type SortOrder } from "../../../core/enums";
import { can } from "../../../worker/policies";
import { viewerFor } from "../../../worker/services/access";
import { requireWorkspaceActor, workspaceActionContext } from "~/lib/workspace.server";
import type { FileActionResult } from "./types";

type Call = Awaited<ReturnType<typeof workspaceActionContext>>["call"];

const fail = (result: FileActionResult, status: number) => data(result, { status: status >= 400 ? status : 400 });

/** What each row intent asks the API, and what the page says when it worked. */
const ROW_INTENTS: Record<string, (type: "article" | "folder", id: number, form: FormData) => { method: string; path: string; body?: unknown; done: string }> = {
  favorite: (type, id) => ({ method: "POST", path: `/${type === "article" ? "articles" : "folders"}/${id}/favorite`, done: "Added to favorites." }),
  unfavorite: (type, id) => ({ method: "DELETE", path: `/${type === "article" ? "articles" : "folders"}/${id}/favorite`, done: "Removed from favorites." }),
  pin: (type, id) => ({ method: "POST", path: `/almanac_files/${id}/file_pin?type=${type}`, done: "Pinned to the workspace home." }),
  unpin: (type, id) => ({ method: "DELETE", path: `/almanac_files/${id}/file_pin?type=${type}`, done: "Unpinned from the workspace home." }),
  "move-pin": (type, id, form) => ({
    method: "PUT",
    path: `/almanac_files/${id}/file_pin?type=${type}`,
    body: { insert_at: Number(form.get("insert_at")) },
    done: "Pin moved.",
  }),
  archive: (type, id) => ({ method: "PUT", path: `/${type === "article" ? "articles" : "folders"}/${id}/archive`, done: "Moved to the archive." }),
  restore: (type, id) => ({ method: "PUT", path: `/${type === "article" ? "articles" : "folders"}/${id}/restore`, done: "Restored." }),
  delete: (type, id) => ({ method: "DELETE", path: `/${type === "article" ? "articles" : "folders"}/${id}?permanent=true`, done: "Deleted forever." }),
};

/**
 * Runs one of the row actions every file page offers (star, pin, move a pin, archive,
 * restore, delete forever) and says what happened, with the API's status; null when the
 * form is not one of them.
 */
export async function runRowIntent(call: Call, form: FormData): Promise<{ result: FileActionResult; status: number } | null> {
  const intent = String(form.get("intent") ?? "");
  const build = ROW_INTENTS[intent];
  if (!build) return null;
  const type = form.get("type") === "folder" ? "folder" : "article";
  const id = Number(form.get("id"));
  const itemKey = `${type}:${id}`;
  if (!Number.isInteger(id) || id <= 0) {
    return { result: { intent, ok: false, message: "That form was incomplete. Reload the page and try again.", itemKey }, status: 400 };
  }
  const request = build(type, id, form);
  const answer = await call(request.method, request.path, request.body);
  if (!answer.ok) return { result: { intent, ok: false, message: answer.problem.message, itemKey }, status: answer.status };
  return { result: { intent, ok: true, message: request.done, itemKey }, status: 200 };
}

/** The same as an action's answer (a failure keeps the API's status, so Remix does not revalidate). */
export async function fileRowAction(call: Call, form: FormData) {
  const outcome = await runRowIntent(call, form);
  if (!outcome) return null;
  return outcome.result.ok ? outcome.result : fail(outcome.result, outcome.status);
}

/** "New document": creates an untitled document at the top level and opens it. */
export async function createDocument(call: Call, workspaceId: number, title = "Untitled") {
  const result = await call<{ slug: string }>("POST", `/w/${workspaceId}/articles`, { article: { title } });
  if (!result.ok) return fail({ intent: "create-document", ok: false, message: result.problem.message }, result.status);
  throw redirect(`/docs/${result.data.slug}`);
}

/** Any file page's action: the shared row intents, plus "create-document". */
export async function fileAction(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { call, workspace } = await workspaceActionContext(request, context, workspaceIdParam);
  const form = await request.formData();
  if (form.get("intent") === "create-document") return createDocument(call, workspace.id);
  return (await fileRowAction(call, form)) ?? fail({ intent: String(form.get("intent") ?? ""), ok: false, message: "Unknown action." }, 400);
}

/**
 * For the file pages' loaders: the actor, their reader's view of the workspace, whether they
 * may manage the home's pins, and the clock their relative times are measured from.
 */
export async function fileListContext(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const resolved = await requireWorkspaceActor(request, context, workspaceIdParam);
  if (!can(resolved.actor, "content.list")) throw data("You can't list this workspace's files", { status: 403 });
  const url = new URL(request.url);
  const parsed = pageQuery.safeParse({ page: url.searchParams.get("page") ?? undefined, per_page: url.searchParams.get("per_page") ?? undefined });
  const page = parsed.success ? parsed.data : { page: 1, per_page: DEFAULT_PER_PAGE };
  return {
    ...resolved,
    url,
    viewer: viewerFor(resolved.actor),
    canPin: can(resolved.actor, "pins.manage"),
    canCreate: can(resolved.actor, "articles.create"),
    now: Date.now(),
    page,
  };
}

/** `?sort=` when it is one of the sort orders, the default otherwise. */
export function sortFrom(url: URL): SortOrder {
  const sort = url.searchParams.get("sort");
  return isSortOrder(sort) ? sort : DEFAULT_SORT;
}
