import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatMoment } from "~/lib/format";
import type { startBranchAction, startBranchLoader } from "./start-branch.server";
import { BranchFormProblem, BranchPageFrame } from "./BranchPageFrame";
import { BRANCH_STATUS_LABELS, branchHref, branchName } from "./labels";

/** Start a branch: a name, and the version it starts from (the current one or the one in the address). */
export function StartBranchPage() {
  const { slug, title, workspaceId, enabled, version, eventId, openBranches } = useLoaderData<typeof startBranchLoader>();
  const failed = useActionData<typeof startBranchAction>();
  const busy = useNavigation().state !== "idle";
  const back = eventId ? `/docs/${slug}/activity/${eventId}` : `/docs/${slug}`;
  const nameError = failed?.fields?.name?.join(", ");
  return (
    <BranchPageFrame back={back} backLabel={eventId ? "Back to the activity" : title} heading={<>Edit “{title}” on a branch</>}>
      {!enabled ? (
        <div className="branch-alert" role="status">
          <strong>Version control is off in this workspace.</strong>
          <p>
            Documents are edited in place. An admin can turn branches on in{" "}
            <Link to={`/workspaces/${workspaceId}/settings/preferences`}>Settings → Preferences → Version control</Link>.
          </p>
        </div>
      ) : (
        <>
          <p className="branch-page__lead">
            A branch is your own copy: edit it freely while readers keep seeing the published version, then submit it for review and merge it.
          </p>
          <Form method="post" className="branch-form">
            <BranchFormProblem message={failed?.message} />
            <label className="branch-form__field">
              <span>Branch name</span>
              <input name="name" maxLength={120} placeholder="Spring price update" aria-describedby="branch-name-hint" aria-invalid={nameError ? true : undefined} />
              <span id="branch-name-hint" className="branch-form__hint">
                Optional: helps reviewers tell branches apart.
              </span>
              {nameError ? <span className="branch-form__error">{nameError}</span> : null}
            </label>
            <fieldset>
              <legend>Starts from</legend>
              <p className="branch-version" data-testid="branch-parent">
                <strong>{version.id === null ? "The current version" : `Version ${version.id}`}</strong>
                <span className="branch-version__when">
                  {version.creator ? `${version.id === null ? "last edited by" : "by"} ${version.creator}, ` : ""}
                  {formatMoment(version.created_at)}
                </span>
              </p>
              {version.id !== null ? (
                <p className="branch-form__hint">
                  Not the latest? <Link to={`/docs/${slug}/branch`}>Start from the current version instead</Link>.
                </p>
              ) : null}
            </fieldset>
            <div className="branch-form__actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? "Creating…" : "Create branch"}
              </button>
              <Link to={back} className="button">
                Cancel
              </Link>
            </div>
          </Form>
          {openBranches.length > 0 ? (
            <section aria-labelledby="open-branches">
              <h2 id="open-branches" className="branch-page__lead">
                Already open
              </h2>
              <ul className="branch-changes">
                {openBranches.map((branch) => (
                  <li key={branch.id}>
                    <Link to={branchHref(slug, branch.id)}>{branchName(branch)}</Link>{" "}
                    <span className="branch-status" data-status={branch.status}>
                      {BRANCH_STATUS_LABELS[branch.status]}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </BranchPageFrame>
  );
}
