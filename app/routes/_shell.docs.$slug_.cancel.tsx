import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { can } from "../../worker/policies";
import { actionProblem, branchIdFrom, branchPageContext, loadBranch } from "~/components/branches/branches.server";
import { BranchesErrorBoundary } from "~/components/branches/BranchesErrorBoundary";
import { branchHref, branchName } from "~/components/branches/labels";
import { branchLinks } from "~/components/branches/links";
import { BranchFormProblem, BranchPageFrame } from "~/components/branches/BranchPageFrame";
import type { ShellHandle } from "./_shell";

/** SPEC section 2: `/docs/:slug/cancel?branch=<id>` abandons a branch; main stays as it is. */
export const links = branchLinks;
export const handle: ShellHandle = { title: "Cancel a branch" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Cancel a branch · ${data.title} · Brandwork` : "Cancel a branch · Brandwork" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await branchPageContext(request, context, params.slug);
  const branch = await loadBranch(ctx, branchIdFrom(request));
  if (branch.status === "merged" || branch.status === "cancelled") throw redirect(branchHref(ctx.slug, branch.id, "ended"));
  const resource = { level: ctx.level, isAuthor: branch.author?.id === ctx.actor.userId, isReviewer: false };
  if (!can(ctx.actor, "branches.cancel", resource)) throw data("Only the document's editors or the branch's author can cancel it", { status: 403 });
  return {
    slug: ctx.slug,
    title: ctx.article.title || "Untitled",
    branch: { id: branch.id, name: branchName(branch), status: branch.status, review_id: branch.review_id },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await branchPageContext(request, context, params.slug);
  const id = branchIdFrom(request);
  const result = await ctx.call("POST", `/branches/${id}/cancel`);
  if (!result.ok) return actionProblem(result);
  return redirect(branchHref(ctx.slug, id, "ended"));
}

export default function CancelBranch() {
  const { slug, title, branch } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const back = branchHref(slug, branch.id);
  return (
    <BranchPageFrame back={back} backLabel={<>Branch ‘{branch.name}’</>} heading={<>Cancel branch ‘{branch.name}’?</>}>
      <p className="branch-page__lead">
        Its changes are abandoned: “{title}” stays as readers see it now.
        {branch.status === "in_review" ? " Its review is dismissed and the reviewers are told." : ""} You can still read the branch afterwards, but not edit or
        merge it.
      </p>
      <BranchFormProblem message={failed?.message} />
      <Form method="post" className="branch-form__actions">
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? "Cancelling…" : "Cancel branch"}
        </button>
        <Link to={back} className="button">
          Keep it
        </Link>
      </Form>
    </BranchPageFrame>
  );
}

export { BranchesErrorBoundary as ErrorBoundary };
