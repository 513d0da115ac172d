import type { SerializeFrom } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { count } from "../../../core/counting";
import { formatMoment } from "~/lib/format";
import type { VersionControlFacts } from "./branch-mode.server";
import { BRANCH_STATUS_LABELS, branchHref, branchName } from "./labels";

interface BranchEntryProps {
  slug: string;
  facts: SerializeFrom<VersionControlFacts>;
}

/**
 * A locked document (version-control mode, published or approved) for its editors: main is
 * not edited in place; "Edit on a branch" starts one, and the open branches are one click away.
 */
export function BranchEntry({ slug, facts }: BranchEntryProps) {
  if (!facts.locked && facts.openBranches.length === 0) return null;
  const branches = facts.openBranches;
  return (
    <section className="branch-entry" aria-label="Branches">
      {facts.locked ? (
        <p className="branch-entry__text">
          This version is what readers see. {facts.canBranch ? "Changes go through a branch that is reviewed, then merged." : "Editors change it on branches."}
        </p>
      ) : null}
      <div className="branch-entry__actions">
        {facts.canBranch ? (
          <Link className="button button--primary button--small" to={`/docs/${slug}/branch`}>
            Edit on a branch
          </Link>
        ) : null}
        {branches.length > 0 ? (
          <details className="branch-entry__list">
            <summary>{count(branches.length, ["open branch", "open branches"])}</summary>
            <ul>
              {branches.map((branch) => (
                <li key={branch.id}>
                  <Link to={branchHref(slug, branch.id)}>{branchName(branch)}</Link>{" "}
                  <span className="branch-status" data-status={branch.status}>
                    {BRANCH_STATUS_LABELS[branch.status]}
                  </span>{" "}
                  <span className="branch-entry__who">
                    {branch.author?.name ?? "Someone"}, {formatMoment(branch.updated_at)}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
    </section>
  );
}
