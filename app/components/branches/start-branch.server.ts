import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { BranchSummary } from "../../../core/contracts/history";
import { can } from "../../../worker/policies";
import { fullName } from "../../../worker/presenters/users";
import { actionProblem, branchPageContext, openBranchesOf, type VersionDetail } from "./branches.server";
import { branchHref } from "./labels";

/** `:parent_version` as a version id, or none (the current version); anything else does not exist. */
function parentVersionOf(param: string | undefined): number | null {
  if (param === undefined || param === "") return null;
  const id = Number(param);
  if (!Number.isInteger(id) || id <= 0) throw data("Version not found", { status: 404 });
  return id;
}

/**
 * `/docs/:slug/branch/:parent_version?` (and from an activity entry): what the branch would
 * start from (the current document, or the version in the address, with its date and author),
 * whether version control is on, and the branches already open.
 */
export async function startBranchLoader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await branchPageContext(request, context, params.slug);
  const versionId = parentVersionOf(params.parentVersion);
  const enabled = ctx.actor.workspaceSettings.preferences?.version_control_mode === "branches";
  if (enabled && !can(ctx.actor, "branches.create", { level: ctx.level })) throw data("Only the document's editors can start a branch", { status: 403 });
  let version: { id: number | null; created_at: string | null; creator: string | null; title: string };
  if (versionId === null) {
    version = {
      id: null,
      created_at: (ctx.article.editedAt ?? ctx.article.updatedAt).toISOString(),
      creator: ctx.people.lastEditor ? fullName(ctx.people.lastEditor) : null,
      title: ctx.article.title || "Untitled",
    };
  } else {
    const result = await ctx.call<VersionDetail>("GET", `/articles/${ctx.article.id}/versions/${versionId}`);
    if (!result.ok) throw data("Version not found", { status: result.status === 403 ? 403 : 404 });
    version = { id: result.data.id, created_at: result.data.created_at, creator: result.data.creator?.name ?? null, title: result.data.title || "Untitled" };
  }
  return {
    slug: ctx.slug,
    title: ctx.article.title || "Untitled",
    workspaceId: ctx.article.workspaceId,
    enabled,
    version,
    eventId: params.eventId ?? null,
    openBranches: enabled ? await openBranchesOf(ctx, ctx.article.id) : [],
  };
}

/** Create → the document page in branch mode, on the new branch. */
export async function startBranchAction({ request, context, params }: ActionFunctionArgs) {
  const ctx = await branchPageContext(request, context, params.slug);
  const form = await request.formData();
  const versionId = parentVersionOf(params.parentVersion);
  const name = String(form.get("name") ?? "");
  const result = await ctx.call<BranchSummary>("POST", `/articles/${ctx.article.id}/branches`, {
    ...(name.trim() ? { name } : {}),
    ...(versionId !== null ? { parent_version_id: versionId } : {}),
  });
  if (!result.ok) return actionProblem(result);
  return redirect(branchHref(ctx.slug, result.data.id));
}
