import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { Timeline, VersionSummary } from "../../../core/contracts/history";
import type { DocumentDiff } from "../../../core/history/types";
import type { SerializedDocument } from "../../../core/document/types";
import type { BlockSummary } from "../../../core/history/types";
import { can } from "../../../worker/policies";
import { reviewPageContext } from "~/components/reviews/reviews.server";
import type { ShownVersion } from "../../../core/contracts/history-answers";

/**
 * A history page's document, loaded for the signed-in person as the document page loads it
 * (their level, the password), refused with the page's own 403 to people who may not read its
 * history; `call` runs the history API routes as them, so the routes' checks hold here too.
 */
export async function historyPageContext(request: Request, context: AppLoadContext, slug: string | undefined) {
  const ctx = await reviewPageContext(request, context, slug);
  if (!can(ctx.actor, "history.read", { level: ctx.level })) throw data("Only editors can see this document's history", { status: 403 });
  return { ...ctx, canRestore: can(ctx.actor, "history.restore", { level: ctx.level }) };
}
export type HistoryPageContext = Awaited<ReturnType<typeof historyPageContext>>;

/** An API answer's data, or the page's error boundary with the API's status and words. */
async function answer<T>(pending: Promise<{ ok: true; data: T } | { ok: false; status: number; problem: { message: string } }>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw data(result.problem.message, { status: result.status });
  return result.data;
}

export const timelineOf = (ctx: HistoryPageContext, query: { before?: string | null; kind?: string | null; limit?: number }) => {
  const search = new URLSearchParams();
  if (query.before) search.set("before", query.before);
  if (query.kind) search.set("kind", query.kind);
  search.set("limit", String(query.limit ?? 30));
  return answer(ctx.call<Timeline>("GET", `/articles/${ctx.article.id}/timeline?${search}`));
};

/** The API's largest page: the newest this many versions are listed. */
export const VERSIONS_LISTED = 100;

/** The newest versions first (`call` answers a list's `data`, without its `meta`). */
export const versionsOf = (ctx: HistoryPageContext, page = 1) =>
  answer(ctx.call<VersionSummary[]>("GET", `/articles/${ctx.article.id}/versions?per_page=${VERSIONS_LISTED}&page=${page}`));

/** `?page=` of a history page's version list: 1 unless a whole number above it is given. */
export function versionsPageParam(request: Request) {
  const page = Number(new URL(request.url).searchParams.get("page"));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export interface VersionShown {
  summary: ShownVersion;
  title: string;
  body: SerializedDocument;
  blocks: BlockSummary[];
}

export const versionOf = (ctx: HistoryPageContext, ref: number | "current") =>
  answer(ctx.call<VersionShown>("GET", `/articles/${ctx.article.id}/versions/${ref}`));

export interface Comparison {
  from: ShownVersion;
  to: ShownVersion;
  diff: DocumentDiff;
}

export const comparisonOf = (ctx: HistoryPageContext, from: number | "current", to: number | "current") =>
  answer(ctx.call<Comparison>("GET", `/articles/${ctx.article.id}/compare?from=${from}&to=${to}`));

/** A `:versionA` / `:versionB` segment: a version id, `current`, or absent; anything else is a 404. */
export function versionParam(value: string | undefined): number | "current" | null {
  if (value === undefined || value === "") return null;
  if (value === "current") return "current";
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0 || String(id) !== value) throw data("Version not found", { status: 404 });
  return id;
}
