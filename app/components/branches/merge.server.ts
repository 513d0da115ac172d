import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { can } from "../../../worker/policies";
import { branchIdFrom, branchPageContext, loadBranch, type MergePreviewAnswer } from "./branches.server";
import { branchHref, branchName } from "./labels";
import { resolutionsFrom } from "./resolutions";

/** `/close` merges the branch; `/cancel_and_merge` merges what was approved and drops pending suggestions. */
export type MergeKind = "close" | "cancel_and_merge";

/**
 * The merge preview against main as it is now. A refusal to preview (main moved, the branch
 * not approved yet) is shown on the page with what to do, not as an error page.
 */
export function mergeLoader(kind: MergeKind) {
  return async ({ request, context, params }: LoaderFunctionArgs) => {
    const ctx = await branchPageContext(request, context, params.slug);
    const branch = await loadBranch(ctx, branchIdFrom(request));
    const previewOnly = new URL(request.url).searchParams.has("preview");
    const resource = { level: ctx.level, isAuthor: branch.author?.id === ctx.actor.userId, isReviewer: false };
    const canMerge = can(ctx.actor, "branches.merge", resource);
    if (!previewOnly && !canMerge) throw data("Only the document's editors can merge a branch", { status: 403 });
    const over = branch.status === "merged" || branch.status === "cancelled";
    if (over && !previewOnly) throw redirect(branchHref(ctx.slug, branch.id, "ended"));
    const result = over ? null : await ctx.call<MergePreviewAnswer>("GET", `/branches/${branch.id}/merge_preview`);
    if (result && !result.ok && (result.status === 404 || result.status === 403)) throw data(result.problem.message, { status: result.status });
    return {
      kind,
      slug: ctx.slug,
      title: ctx.article.title || "Untitled",
      branch: { id: branch.id, name: branchName(branch), status: branch.status, review_id: branch.review_id },
      previewOnly,
      canMerge,
      preview: result?.ok ? result.data : null,
      problem: result && !result.ok ? { status: result.status, message: result.problem.message } : null,
    };
  };
}

export function mergeAction(kind: MergeKind) {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    const ctx = await branchPageContext(request, context, params.slug);
    const id = branchIdFrom(request);
    const form = await request.formData();
    const revision = Number(form.get("main_revision"));
    const result = await ctx.call("POST", `/branches/${id}/${kind}`, {
      resolutions: resolutionsFrom(form),
      ...(form.get("main_revision") !== null && Number.isInteger(revision) ? { main_revision: revision } : {}),
    });
    if (!result.ok) return data({ status: result.status, message: result.problem.message, fields: result.problem.fields ?? {} }, { status: result.status });
    return redirect(branchHref(ctx.slug, id, "ended"));
  };
}
