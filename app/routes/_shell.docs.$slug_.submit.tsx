import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { can } from "../../worker/policies";
import { fullName } from "../../worker/presenters/users";
import { listChannels } from "../../worker/services/channels";
import { listMembers } from "../../worker/services/members";
import { actionProblem, branchIdFrom, branchPageContext, loadBranch } from "~/components/branches/branches.server";
import { BranchesErrorBoundary } from "~/components/branches/BranchesErrorBoundary";
import { branchHref, branchName } from "~/components/branches/labels";
import { branchLinks } from "~/components/branches/links";
import { BranchFormProblem, BranchPageFrame } from "~/components/branches/BranchPageFrame";
import { ReviewerPickers } from "~/components/reviews/ReviewerPickers";
import type { ShellHandle } from "./_shell";

/** SPEC section 2: `/docs/:slug/submit?branch=<id>` sends a branch for review (an approval review). */
export const links = branchLinks;
export const handle: ShellHandle = { title: "Submit a branch for review" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Submit for review · ${data.title} · Brandwork` : "Submit for review · Brandwork" }];

/** Who can be asked: as for any review, the workspace's active people (not the asker) and the asker's groups. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await branchPageContext(request, context, params.slug);
  const branch = await loadBranch(ctx, branchIdFrom(request));
  const resource = { level: ctx.level, isAuthor: branch.author?.id === ctx.actor.userId, isReviewer: false };
  if (!can(ctx.actor, "branches.submit", resource)) throw data("Only the document's editors or the branch's author can submit it", { status: 403 });
  const [people, groups] = await Promise.all([
    listMembers(ctx.db, ctx.article.workspaceId, { scope: "all", status: "active" }, { page: 1, per_page: 100 }),
    listChannels(ctx.db, ctx.actor, { includeOpenGroups: false, search: "", page: { page: 1, per_page: 100 } }),
  ]);
  return {
    slug: ctx.slug,
    title: ctx.article.title || "Untitled",
    branch: { id: branch.id, name: branchName(branch), status: branch.status, review_id: branch.review_id },
    people: people.rows.filter((row) => row.user.id !== ctx.actor.userId).map((row) => ({ id: row.user.id, name: fullName(row.user) })),
    groups: groups.data.map((group) => ({ id: group.id, name: group.name })),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await branchPageContext(request, context, params.slug);
  const id = branchIdFrom(request);
  const form = await request.formData();
  const result = await ctx.call("POST", `/branches/${id}/submit`, {
    user_ids: form.getAll("user_ids").map(Number),
    channel_ids: form.getAll("channel_ids").map(Number),
    message: String(form.get("message") ?? ""),
  });
  if (!result.ok) return actionProblem(result);
  return redirect(branchHref(ctx.slug, id));
}

export default function SubmitBranch() {
  const { slug, title, branch, people, groups } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const back = branchHref(slug, branch.id);
  return (
    <BranchPageFrame back={back} backLabel={<>Branch ‘{branch.name}’</>} heading={<>Submit ‘{branch.name}’ for review</>}>
      {branch.status !== "open" ? (
        <div className="branch-alert" role="status">
          <strong>{branch.status === "in_review" ? "This branch is already in review." : "This branch is over."}</strong>
          <p>
            {branch.status === "in_review" && branch.review_id ? (
              <Link to={`/docs/${slug}/reviews/${branch.review_id}`}>Open its review</Link>
            ) : (
              <Link to={back}>Back to the branch</Link>
            )}
          </p>
        </div>
      ) : (
        <Form method="post" className="branch-form">
          <p className="branch-page__lead">
            Reviewers approve the changes to “{title}” or ask for more; they can comment and suggest on the branch. Once approved, it can be merged.
          </p>
          <BranchFormProblem message={failed?.message} />
          <ReviewerPickers people={people} groups={groups} errors={failed?.fields ?? {}} block="branch-form" nobody="Nobody else is in this workspace yet: invite someone, or pick a group." />
          <label className="branch-form__field">
            <span>Message (optional)</span>
            <textarea name="message" rows={3} maxLength={5000} placeholder="What changed, and why?" />
          </label>
          <div className="branch-form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? "Sending…" : "Submit for review"}
            </button>
            <Link to={back} className="button">
              Cancel
            </Link>
          </div>
        </Form>
      )}
    </BranchPageFrame>
  );
}

export { BranchesErrorBoundary as ErrorBoundary };
