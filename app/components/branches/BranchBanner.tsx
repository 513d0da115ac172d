import type { SerializeFrom } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { formatMoment } from "~/lib/format";
import type { BranchMode } from "./branch-mode.server";
import { BRANCH_STATUS_LABELS, branchHref, branchName } from "./labels";

interface BranchBannerProps {
  slug: string;
  mode: SerializeFrom<BranchMode>;
}

/**
 * The document page in branch mode (`?branch=<id>`): which branch this is, that readers still
 * see main, and what can be done with it next.
 */
export function BranchBanner({ slug, mode }: BranchBannerProps) {
  const { branch } = mode;
  const over = branch.status === "merged" || branch.status === "cancelled";
  return (
    <section className="branch-banner" aria-label="Branch" data-status={branch.status}>
      <p className="branch-banner__text">
        {over ? (
          <>
            Branch <strong>‘{branchName(branch)}’</strong> is {BRANCH_STATUS_LABELS[branch.status].toLowerCase()}.{" "}
            <Link to={branchHref(slug, branch.id, "ended")}>See what happened</Link>
          </>
        ) : mode.editable ? (
          <>
            You&apos;re editing branch <strong>‘{branchName(branch)}’</strong> — readers still see the published version.
          </>
        ) : (
          <>
            You&apos;re viewing branch <strong>‘{branchName(branch)}’</strong> — readers still see the published version.
          </>
        )}
      </p>
      <p className="branch-banner__meta">
        <span className="branch-status" data-status={branch.status} data-testid="branch-status">
          {BRANCH_STATUS_LABELS[branch.status]}
        </span>
        <span>
          {branch.author ? `Started by ${branch.author.name}` : "Started"} {formatMoment(branch.created_at)}
        </span>
      </p>
      <nav className="branch-banner__actions" aria-label="Branch actions">
        {mode.canSubmit ? (
          <Link className="button button--small button--primary" to={branchHref(slug, branch.id, "submit")}>
            Submit for review
          </Link>
        ) : null}
        {branch.status === "in_review" && branch.review_id ? (
          <Link className="button button--small" to={`/docs/${slug}/reviews/${branch.review_id}`}>
            Open the review
          </Link>
        ) : null}
        {!over ? (
          <Link className="button button--small" to={`${branchHref(slug, branch.id, "close")}&preview=1`}>
            Compare with main
          </Link>
        ) : null}
        {mode.canMerge ? (
          <Link className="button button--small" to={branchHref(slug, branch.id, "close")}>
            Merge
          </Link>
        ) : null}
        {mode.canCancel ? (
          <Link className="button button--small button--quiet" to={branchHref(slug, branch.id, "cancel")}>
            Cancel branch
          </Link>
        ) : null}
        <Link className="branch-banner__main" to={`/docs/${slug}`}>
          Back to the published version
        </Link>
      </nav>
    </section>
  );
}
