import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { BranchSummary } from "../../../core/contracts/history";
import type { AccessLevel } from "../../../core/enums";
import { editsGoThroughBranches } from "../../../core/history/version-control";
import type { Article } from "../../../worker/db/schema";
import { can, type Actor } from "../../../worker/policies";
import { callApi } from "~/lib/api.server";
import type { BranchDetail } from "./branches.server";

/**
 * What the document page needs for version-control mode: whether main is locked (edits go
 * through branches), whether this person may start a branch, the document's open branches,
 * and, with `?branch=<id>`, the branch the page shows and edits instead of main.
 */
export interface VersionControlFacts {
  /** Main is locked: editors edit a branch, readers keep reading main. */
  locked: boolean;
  canBranch: boolean;
  openBranches: BranchSummary[];
}

export interface BranchMode {
  branch: BranchDetail;
  /** May edit the branch (its words, in its room); false once it is over. */
  editable: boolean;
  canSubmit: boolean;
  canMerge: boolean;
  canCancel: boolean;
}

interface Loaded {
  actor: Actor;
  article: Article;
  level: AccessLevel | null;
}

/** The document page's version-control facts and branch, read through the API as the signed-in person. */
export async function loadBranchMode(
  request: Request,
  context: AppLoadContext,
  loaded: Loaded,
  call: { authorization: string | null | undefined; password: string | undefined },
): Promise<{ versionControl: VersionControlFacts | null; branchMode: BranchMode | null }> {
  const { actor, article, level } = loaded;
  const get = <T>(path: string) =>
    callApi<T>(context, request, "GET", path, {
      authorization: call.authorization,
      workspaceId: article.workspaceId,
      headers: call.password ? { "X-Article-Password": call.password } : {},
    });
  const branchParam = new URL(request.url).searchParams.get("branch");
  // The backend's rule (it refuses main's edits with 409): the page only decides what to offer.
  const locked = editsGoThroughBranches(actor.workspaceSettings, article);
  const editor = can(actor, "branches.update", { level, isAuthor: false, isReviewer: false });

  let branchMode: BranchMode | null = null;
  if (branchParam !== null && call.authorization) {
    const id = Number(branchParam);
    if (!Number.isInteger(id) || id <= 0) throw data("Branch not found", { status: 404 });
    const result = await get<BranchDetail>(`/branches/${id}`);
    if (!result.ok) throw data(result.problem.message, { status: result.status === 403 ? 403 : 404 });
    const branch = result.data;
    if (branch.article_id !== article.id) throw data("Branch not found", { status: 404 });
    const resource = { level, isAuthor: branch.author?.id === actor.userId, isReviewer: false };
    const live = branch.status === "open" || branch.status === "in_review";
    // The API's answer says what this person may do with it; the policies again if it does not.
    const abilities = branch.can ?? {
      edit: live && can(actor, "branches.update", resource),
      submit: branch.status === "open" && can(actor, "branches.submit", resource),
      merge: live && can(actor, "branches.merge", resource),
      cancel: live && can(actor, "branches.cancel", resource),
    };
    branchMode = { branch, editable: abilities.edit, canSubmit: abilities.submit, canMerge: abilities.merge, canCancel: abilities.cancel };
  }

  // Only editors see the branch list and the way to start one; readers see main as it is.
  if ((!locked || !editor) && !branchMode) return { versionControl: null, branchMode };
  const openBranches = editor ? await get<BranchSummary[]>(`/articles/${article.id}/branches`) : null;
  return {
    versionControl: {
      locked,
      canBranch: locked && can(actor, "branches.create", { level }),
      openBranches:
        openBranches?.ok && Array.isArray(openBranches.data)
          ? openBranches.data.filter((branch) => branch.status === "open" || branch.status === "in_review")
          : [],
    },
    branchMode,
  };
}
