import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { SerializedDocument } from "../../core/document/types";
import { documentToPlainText } from "../../core/document/text";
import { branchIdFrom, branchPageContext, loadBranch } from "~/components/branches/branches.server";
import { BranchesErrorBoundary } from "~/components/branches/BranchesErrorBoundary";
import { BRANCH_STATUS_LABELS, branchHref, branchName } from "~/components/branches/labels";
import { branchLinks } from "~/components/branches/links";
import { BranchPageFrame } from "~/components/branches/BranchPageFrame";
import { DocumentView } from "~/components/document/DocumentView";
import { formatMoment } from "~/lib/format";
import type { ShellHandle } from "./_shell";

/** SPEC section 2: `/docs/:slug/ended?branch=<id>`: a branch that is over (merged or cancelled), read-only. */
export const links = branchLinks;
export const handle: ShellHandle = { title: "Branch" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.branch.name} · ${data.title} · Brandwork` : "Branch · Brandwork" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await branchPageContext(request, context, params.slug);
  const branch = await loadBranch(ctx, branchIdFrom(request));
  return {
    slug: ctx.slug,
    title: ctx.article.title || "Untitled",
    branch: { ...branch, name: branchName(branch) },
  };
}

export default function EndedBranch() {
  const { slug, title, branch } = useLoaderData<typeof loader>();
  const body = (branch.body ?? null) as SerializedDocument | null;
  const live = branch.status === "open" || branch.status === "in_review";
  const who = branch.ended_by?.name ?? null;
  return (
    <BranchPageFrame
      back={`/docs/${slug}`}
      backLabel={title}
      heading={
        <>
          Branch ‘{branch.name}’{" "}
          <span className="branch-status" data-status={branch.status} data-testid="branch-status">
            {BRANCH_STATUS_LABELS[branch.status]}
          </span>
        </>
      }
    >
      {live ? (
        <div className="branch-alert" role="status">
          <strong>This branch is still open.</strong>
          <p>
            <Link to={branchHref(slug, branch.id)}>Open it in the editor</Link>
          </p>
        </div>
      ) : branch.status === "merged" ? (
        <div className="branch-alert branch-alert--ok" role="status">
          <strong>Merged into main{who ? ` by ${who}` : ""} {formatMoment(branch.ended_at)}.</strong>
          <p>
            Readers now see its changes in <Link to={`/docs/${slug}`}>the document</Link>.
            {branch.merged_version_id ? (
              <>
                {" "}
                The merge is <Link to={`/docs/${slug}/history/${branch.merged_version_id}`}>version {branch.merged_version_id} in the history</Link>.
              </>
            ) : null}
          </p>
        </div>
      ) : (
        <div className="branch-alert" role="status">
          <strong>Cancelled{who ? ` by ${who}` : ""} {formatMoment(branch.ended_at)}.</strong>
          <p>
            Its changes never reached readers. <Link to={`/docs/${slug}/branch`}>Start a new branch</Link> to try again.
          </p>
        </div>
      )}
      <dl className="branch-facts">
        <div>
          <dt>Started by</dt>
          <dd>{branch.author?.name ?? "Someone no longer here"}</dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{formatMoment(branch.created_at)}</dd>
        </div>
        {branch.review_id ? (
          <div>
            <dt>Review</dt>
            <dd>
              <Link to={`/docs/${slug}/reviews/${branch.review_id}`}>Open the review</Link>
            </dd>
          </div>
        ) : null}
      </dl>
      <section className="branch-body" aria-label="The branch as it ended">
        <h2 className="doc-title doc-title--static">{branch.title || title}</h2>
        {body && documentToPlainText(body).trim() ? <DocumentView document={body} /> : <p className="doc-empty">The branch had nothing written in it.</p>}
      </section>
    </BranchPageFrame>
  );
}

export { BranchesErrorBoundary as ErrorBoundary };
