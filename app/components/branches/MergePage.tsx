import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import type { ConflictChoice as Choice } from "../../../core/contracts/history";
import { BranchFormProblem, BranchPageFrame } from "./BranchPageFrame";
import { ConflictChoice } from "./ConflictChoice";
import { DiffSummary } from "./DiffSummary";
import { branchHref } from "./labels";
import type { mergeAction, mergeLoader } from "./merge.server";

type Loader = ReturnType<typeof mergeLoader>;
type Action = ReturnType<typeof mergeAction>;

/** A 409 says main moved or the branch is not approved yet: what happened and what to do next. */
function Refused({ message, slug, reviewId, onRefresh }: { message: string; slug: string; reviewId: number | null; onRefresh: () => void }) {
  return (
    <div className="branch-alert" role="alert">
      <strong>The branch can&apos;t be merged right now.</strong>
      <p>{message}</p>
      <p>
        If main changed since you looked, review the preview again and redo your choices.{" "}
        {reviewId ? (
          <>
            If the review is still open, <Link to={`/docs/${slug}/reviews/${reviewId}`}>wait for its approval</Link>.
          </>
        ) : (
          "If it needs approval, submit it for review first."
        )}
      </p>
      <button type="button" className="button button--small" onClick={onRefresh}>
        Preview again
      </button>
    </div>
  );
}

/** `/close` and `/cancel_and_merge`: the merge preview, a choice for every conflict, then the merge. */
export function MergePage() {
  const { kind, slug, title, branch, previewOnly, canMerge, preview, problem } = useLoaderData<Loader>();
  const failed = useActionData<Action>();
  const busy = useNavigation().state !== "idle";
  const revalidator = useRevalidator();
  const [chosen, setChosen] = useState<Record<number, Choice>>({});
  const back = branchHref(slug, branch.id);
  const conflicts = preview && !preview.clean ? preview.conflicts : [];
  const allChosen = conflicts.every((conflict) => chosen[conflict.conflict]);
  const remaining = conflicts.filter((conflict) => !chosen[conflict.conflict]).length;
  const heading = previewOnly ? `‘${branch.name}’ compared with main` : kind === "close" ? `Merge ‘${branch.name}’ into main` : `Cancel pending suggestions and merge ‘${branch.name}’`;
  const refresh = () => {
    setChosen({});
    revalidator.revalidate();
  };
  return (
    <BranchPageFrame back={back} backLabel={<>Branch ‘{branch.name}’</>} heading={heading}>
      {kind === "cancel_and_merge" && !previewOnly ? (
        <p className="branch-page__lead">
          Suggestions on the branch that nobody accepted yet are dropped; everything else merges into “{title}”. Readers see the result at once.
        </p>
      ) : (
        <p className="branch-page__lead">Merging makes the branch what readers of “{title}” see, and ends the branch. Main&apos;s history keeps the version before.</p>
      )}
      {branch.status === "merged" || branch.status === "cancelled" ? (
        <div className="branch-alert" role="status">
          <strong>This branch is over.</strong>
          <p>
            <Link to={branchHref(slug, branch.id, "ended")}>See what happened to it</Link>
          </p>
        </div>
      ) : null}
      {problem ? <Refused message={problem.message} slug={slug} reviewId={branch.review_id} onRefresh={refresh} /> : null}
      {failed?.message ? (
        failed.status === 409 ? (
          <Refused message={failed.message} slug={slug} reviewId={branch.review_id} onRefresh={refresh} />
        ) : (
          <BranchFormProblem message={failed.message} />
        )
      ) : null}
      {revalidator.state === "loading" ? <p role="status">Previewing the merge again…</p> : null}
      {preview ? (
        <Form method="post" className="branch-form">
          {preview.main_revision !== undefined ? <input type="hidden" name="main_revision" value={preview.main_revision} /> : null}
          {preview.clean ? (
            <section aria-labelledby="merge-summary">
              <div className="branch-alert branch-alert--ok" role="status" id="merge-summary">
                <strong>No conflicts: the branch merges cleanly.</strong>
              </div>
              {preview.diff ? <DiffSummary diff={preview.diff} /> : <p className="branch-stats">Main gets the branch&apos;s changes.</p>}
            </section>
          ) : (
            <section aria-labelledby="merge-conflicts" className="branch-form">
              <div className="branch-alert" role="status" id="merge-conflicts">
                <strong>
                  {conflicts.length === 1 ? "1 place was" : `${conflicts.length} places were`} changed both in main and on the branch.
                </strong>
                <p>Choose what to keep in each; nothing is merged until every conflict has a choice.</p>
              </div>
              {conflicts.map((conflict, index) => (
                <ConflictChoice
                  key={conflict.conflict}
                  conflict={conflict}
                  position={index + 1}
                  total={conflicts.length}
                  chosen={chosen[conflict.conflict]}
                  onChoose={(choice) => setChosen((was) => ({ ...was, [conflict.conflict]: choice }))}
                />
              ))}
            </section>
          )}
          <div className="branch-form__actions">
            {previewOnly ? (
              canMerge ? (
                <Link className="button button--primary" to={branchHref(slug, branch.id, "close")}>
                  Go to merge
                </Link>
              ) : null
            ) : (
              <button type="submit" className="button button--primary" disabled={busy || !allChosen} aria-describedby={allChosen ? undefined : "merge-remaining"}>
                {busy ? "Merging…" : kind === "close" ? "Merge into main" : "Drop pending suggestions and merge"}
              </button>
            )}
            <Link to={back} className="button">
              Back to the branch
            </Link>
            {kind === "close" && !previewOnly ? (
              <Link to={branchHref(slug, branch.id, "cancel_and_merge")}>Merge without the pending suggestions</Link>
            ) : null}
            {!allChosen && !previewOnly ? (
              <span id="merge-remaining" className="branch-form__hint">
                {remaining === 1 ? "1 conflict needs a choice." : `${remaining} conflicts need a choice.`}
              </span>
            ) : null}
          </div>
        </Form>
      ) : null}
    </BranchPageFrame>
  );
}
