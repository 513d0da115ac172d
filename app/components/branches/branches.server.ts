import { data } from "@remix-run/cloudflare";
import type { BranchSummary, TimelinePerson, VersionSummary } from "../../../core/contracts/history";
import type { SerializedDocument } from "../../../core/document/types";
import type { DocumentDiff, MergePreview } from "../../../core/history/types";
import { reviewPageContext } from "~/components/reviews/reviews.server";

/**
 * The branch pages' server side: the document loaded for the signed-in person exactly as the
 * document page loads it (reviewPageContext: their level, the password), and the branch read
 * through the API (`GET /v1/branches/:id`), so the API's policies decide who sees it.
 */

export type BranchPageContext = Awaited<ReturnType<typeof reviewPageContext>>;
export const branchPageContext = reviewPageContext;

/** A branch as `GET /branches/:id` answers it: the summary, its words, and who ended it. */
export interface BranchDetail extends BranchSummary {
  title?: string;
  body?: SerializedDocument;
  ended_by?: TimelinePerson | null;
  /** What the asker may do with it now (the API's policies, and only while it is open). */
  can?: { edit: boolean; submit: boolean; merge: boolean; cancel: boolean };
}

/** `GET /branches/:id/merge_preview`: the three-way merge's outcome against main as it is now. */
export type MergePreviewAnswer = MergePreview & { main_revision?: number; diff?: DocumentDiff | null };

/** A version as `GET /articles/:id/versions/:version` answers it. */
export type VersionDetail = VersionSummary & { body?: SerializedDocument };

/** The `?branch=` of a branch page, or a 404 (a page about a branch needs one). */
export function branchIdFrom(request: Request): number {
  const raw = new URL(request.url).searchParams.get("branch");
  const id = Number(raw);
  if (!raw || !Number.isInteger(id) || id <= 0) throw data("Branch not found", { status: 404 });
  return id;
}

/** The API's refusal as the page's error boundary shows it: strangers and other documents' branches are 404. */
function pageStatus(status: number) {
  return status === 403 ? 403 : status === 404 || status === 400 ? 404 : status;
}

/** One branch of the page's document; under another document's address it does not exist. */
export async function loadBranch(ctx: BranchPageContext, id: number): Promise<BranchDetail> {
  const result = await ctx.call<BranchDetail>("GET", `/branches/${id}`);
  if (!result.ok) throw data(result.problem.message, { status: pageStatus(result.status) });
  if (result.data.article_id !== ctx.article.id) throw data("Branch not found", { status: 404 });
  return result.data;
}

/** The document's open branches (open or in review), newest first; none when the API refuses. */
export async function openBranchesOf(ctx: Pick<BranchPageContext, "call">, articleId: number): Promise<BranchSummary[]> {
  const result = await ctx.call<BranchSummary[]>("GET", `/articles/${articleId}/branches`);
  if (!result.ok || !Array.isArray(result.data)) return [];
  return result.data.filter((branch) => branch.status === "open" || branch.status === "in_review");
}

/** The API's problem for an action's answer: the message and the fields it names. */
export function actionProblem(result: { ok: false; status: number; problem: { message: string; fields?: Record<string, string[]> } }) {
  return data({ message: result.problem.message, fields: result.problem.fields ?? {}, status: result.status }, { status: result.status });
}
