import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { articleSlug } from "../../../core/slug";
import { createDb } from "../../../worker/db/client";
import { HttpError } from "../../../worker/lib/errors";
import { authorize } from "../../../worker/policies";
import { presentReview } from "../../../worker/presenters/reviews";
import { loadArticle } from "../../../worker/services/documents";
import { findReview, reviewsOf, reviewWithReviewers } from "../../../worker/services/reviews";
import { articleIdFromParam, documentRequestFacts } from "~/components/doc-page/doc-page.server";
import { callApi } from "~/lib/api.server";
import { loginUrl, pathAndQuery } from "~/lib/redirects";
import { optionalSession } from "~/lib/session.server";

/** Typed errors as the page's error boundary shows them (403, 404, …). */
async function pageErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw data(error.message, { status: error.status });
    throw error;
  }
}

/**
 * A review page's document, loaded for the signed-in person exactly as the document page
 * loads it (their level, the password), and `call` to run a review route as them.
 */
export async function reviewPageContext(request: Request, context: AppLoadContext, slug: string | undefined) {
  const id = articleIdFromParam(slug);
  const { session, auth } = await optionalSession(request, context);
  if (!session) throw redirect(loginUrl(pathAndQuery(new URL(request.url))));
  const db = createDb(context.cloudflare.env.DB);
  const facts = documentRequestFacts(request, session, auth.superAdminMode, id);
  const loaded = await pageErrors(() => loadArticle(db, facts, id));
  const call = <T>(method: string, path: string, body?: unknown) =>
    callApi<T>(context, request, method, path, {
      body,
      authorization: auth.headers.Authorization,
      workspaceId: loaded.article.workspaceId,
      headers: facts.password ? { "X-Article-Password": facts.password } : {},
    });
  const canonical = articleSlug(loaded.article.title, loaded.article.id);
  return { db, ...loaded, call, slug: canonical };
}

/** One review of the document, presented for this person, with the document's other reviews. */
export async function reviewPage(ctx: Awaited<ReturnType<typeof reviewPageContext>>, reviewIdParam: string | undefined) {
  const reviewId = Number(reviewIdParam);
  if (!Number.isInteger(reviewId) || reviewId <= 0) throw data("Review not found", { status: 404 });
  const review = await pageErrors(() => findReview(ctx.db, reviewId));
  // A review belongs to one document: under another document's address it does not exist.
  if (review.articleId !== ctx.article.id) throw data("Review not found", { status: 404 });
  const view = await reviewWithReviewers(ctx.db, review);
  const resource = {
    level: ctx.level,
    isRequester: review.requesterId === ctx.actor.userId,
    isReviewer: view.reviewers.some((entry) => entry.user.id === ctx.actor.userId),
  };
  await pageErrors(async () => authorize(ctx.actor, "reviews.read", resource));
  const others = (await reviewsOf(ctx.db, ctx.article.id)).filter((entry) => entry.review.id !== review.id);
  return {
    review: presentReview(ctx.actor, view, ctx.article, resource),
    others: others.map((entry) => ({ id: entry.review.id, kind: entry.review.kind, status: entry.review.status, created_at: entry.review.createdAt.toISOString() })),
  };
}
