import type { Context } from "hono";
import { articleRefParam } from "../../core/contracts/articles";
import { answerReviewSchema, createReviewSchema, reviewParam } from "../../core/contracts/reviews";
import { readReceiptConfirmer, reviewAnswerer, reviewCloser, reviewCreator } from "../commands/reviewCommands";
import type { Review } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { Unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { authorize, type Actor, type ReviewResource } from "../policies";
import { presentReview } from "../presenters/reviews";
import type { LoadedArticle } from "../services/documents";
import { findReview, reviewsOf, reviewWithReviewers, type ReviewView } from "../services/reviews";
import { commandContext, loaded } from "./articles";

const resourceFor = (actor: Actor, level: LoadedArticle["level"], view: ReviewView): ReviewResource => ({
  level,
  isRequester: view.review.requesterId === actor.userId,
  isReviewer: view.reviewers.some((entry) => entry.user.id === actor.userId),
});

/** One review and its document, for someone who may read that document (else the document's 404/403). */
async function loadReview(c: Context<AppEnv>, id: number) {
  const review = await findReview(c.get("db"), id);
  const doc = await loaded(c, review.articleId);
  const view = await reviewWithReviewers(c.get("db"), review);
  const resource = resourceFor(doc.actor, doc.level, view);
  authorize(doc.actor, "reviews.read", resource);
  return { ...doc, review, view, resource };
}

/** The review as it now is, with its document's status after the change. */
async function answerWith(c: Context<AppEnv>, actor: Actor, review: Review) {
  const view = await reviewWithReviewers(c.get("db"), review);
  const fresh = await loaded(c, review.articleId);
  return { data: presentReview(actor, view, fresh.article, resourceFor(actor, fresh.level, view)) };
}

/**
 * Reviews of a document (SPEC's four kinds): `POST /articles/:id/reviews` asks people or
 * groups (editors only), `GET` lists them; `GET /reviews/:id` shows who answered what;
 * `POST /reviews/:id/answer` is a reviewer's answer; `/dismiss` and `/close` end it (its
 * requester or an editor). Every answer carries the document's status as it now is.
 */
export const reviewsApi = createApp()
  .post("/articles/:id/reviews", requireSession, validate("param", articleRefParam), validate("json", createReviewSchema), async (c) => {
    const { actor, article, level } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "reviews.create", { level });
    if (article.kind !== "document" || article.archivedAt) {
      throw new Unprocessable("Only documents in use can be reviewed", { id: ["is a template or archived"] });
    }
    const { review } = await reviewCreator(c.get("db"), { context: commandContext(c, actor), article, input: c.req.valid("json") });
    return c.json(await answerWith(c, actor, review), 201);
  })

  .get("/articles/:id/reviews", requireSession, validate("param", articleRefParam), async (c) => {
    const { actor, article, level } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "reviews.read", { level });
    const views = await reviewsOf(c.get("db"), article.id);
    return c.json({ data: views.map((view) => presentReview(actor, view, article, resourceFor(actor, level, view))) });
  })

  // "I have read it": every read receipt the person owes on the document (shares and reviews).
  .post("/articles/:id/read_receipt", requireSession, validate("param", articleRefParam), async (c) => {
    const { actor, article, level } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", { level });
    const confirmed = await readReceiptConfirmer(c.get("db"), { context: commandContext(c, actor), article });
    return c.json({ data: { article_id: article.id, confirmed } });
  })

  .get("/reviews/:id", requireSession, validate("param", reviewParam), async (c) => {
    const { actor, article, view, resource } = await loadReview(c, c.req.valid("param").id);
    return c.json({ data: presentReview(actor, view, article, resource) });
  })

  .post("/reviews/:id/answer", requireSession, validate("param", reviewParam), validate("json", answerReviewSchema), async (c) => {
    const { actor, article, review, resource } = await loadReview(c, c.req.valid("param").id);
    authorize(actor, "reviews.answer", resource);
    const input = c.req.valid("json");
    const result = await reviewAnswerer(c.get("db"), {
      context: commandContext(c, actor),
      review,
      article,
      answer: input.answer,
      comment: input.comment ?? null,
    });
    return c.json(await answerWith(c, actor, result.review));
  })

  .post("/reviews/:id/dismiss", requireSession, validate("param", reviewParam), async (c) => {
    const { actor, article, review, resource } = await loadReview(c, c.req.valid("param").id);
    authorize(actor, "reviews.close", resource);
    const result = await reviewCloser(c.get("db"), { context: commandContext(c, actor), review, article, outcome: "dismissed" });
    return c.json(await answerWith(c, actor, result.review));
  })

  .post("/reviews/:id/close", requireSession, validate("param", reviewParam), async (c) => {
    const { actor, article, review, resource } = await loadReview(c, c.req.valid("param").id);
    authorize(actor, "reviews.close", resource);
    const result = await reviewCloser(c.get("db"), { context: commandContext(c, actor), review, article, outcome: "closed" });
    return c.json(await answerWith(c, actor, result.review));
  });
