import { and, eq, isNull, sql } from "drizzle-orm";
import { answersFor, inboxTypeForReview, type CreateReviewInput, type ReviewAnswer } from "../../core/contracts/reviews";
import type { DocumentStatus } from "../../core/enums";
import { chunk, rowsPerInsert, runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { accesses, articleBranches, articles, inboxItems, reviewers, reviews, type Article, type ArticleBranch, type Review } from "../db/schema";
import { Conflict, Invalid, Unprocessable } from "../lib/errors";
import { notify } from "../services/inbox";
import { reviewAudience, statusFromReviews } from "../services/reviews";
import { statusMoveStatements } from "./articleStatusMover";
import { eventStatement, type CommandContext } from "./events";
import { rememberStatusStatement, rememberedStatus } from "./suggestionStatusFollower";

const ROWS_PER_INSERT = rowsPerInsert(3);

/**
 * A branch's submission, in its review's batch: the branch links the review just inserted (the
 * document's newest) and goes in review, with the `branches.submit` event. Only an open
 * branch takes it (a second submit racing this one leaves the first review linked).
 */
function branchSubmitStatements(db: Database, context: CommandContext, article: Pick<Article, "id">, branch: Pick<ArticleBranch, "id">) {
  const newestReview = sql`(SELECT max(${reviews.id}) FROM ${reviews} WHERE ${reviews.articleId} = ${article.id})`;
  return [
    db
      .update(articleBranches)
      .set({ reviewId: newestReview, status: "in_review" })
      .where(and(eq(articleBranches.id, branch.id), eq(articleBranches.status, "open"))),
    eventStatement(db, context, "branches.submit", { articleId: article.id, properties: sql`json_object('branch_id', ${branch.id}, 'review_id', ${newestReview})` }),
  ];
}

/**
 * Moves the document to the status its reviews lead to, if they lead anywhere new. While
 * suggestions are open the document stays in `suggestions`: reviews change the status it
 * returns to when they close.
 */
async function followReviews(db: Database, context: CommandContext, article: Pick<Article, "id" | "status">) {
  const [fresh] = await db.select({ id: articles.id, status: articles.status }).from(articles).where(eq(articles.id, article.id));
  if (!fresh) return null;
  const remembered = fresh.status === "suggestions" ? await rememberedStatus(db, article.id) : null;
  const current = remembered?.status ?? fresh.status;
  const next = await statusFromReviews(db, { id: fresh.id, status: current });
  if (!next || next === current) return fresh.status;
  if (remembered) {
    await db.batch([
      rememberStatusStatement(db, article.id, next),
      eventStatement(db, context, "articles.status_from_review", { articleId: article.id, properties: { from: current, to: next, after_suggestions: true } }),
    ]);
    return fresh.status;
  }
  await db.batch(statusMoveStatements(db, context, { articleId: article.id, from: fresh.status, to: next, cause: "review" }));
  return next;
}

/**
 * Asks people and groups to review a document: the review, one reviewer row per person
 * reached and the event land together; an approval puts the document in review; each
 * reviewer gets an inbox item (and an email as they chose). Naming someone who cannot open
 * the document is a 422 naming them: share it with them first.
 */
export async function reviewCreator(
  db: Database,
  props: {
    context: CommandContext;
    article: Article;
    input: CreateReviewInput;
    /**
     * The open branch this review approves (`POST /branches/:id/submit`): it links the review
     * and goes in review in the same batch, and the document's own status does not follow it.
     */
    branch?: Pick<ArticleBranch, "id">;
  },
): Promise<{ review: Review; status: DocumentStatus | null }> {
  const { context, article, input, branch } = props;
  const requesterId = context.actor.userId;
  const { reachable, unreachable } = await reviewAudience(db, article, requesterId, { userIds: input.user_ids, channelIds: input.channel_ids });
  if (unreachable.length > 0) {
    throw new Unprocessable("Some of the people you asked cannot open this document. Share it with them first.", {
      user_ids: unreachable.map((id) => `user ${id} cannot open this document`),
    });
  }
  if (reachable.length === 0) {
    throw new Invalid("Nobody else in those groups can open this document", { channel_ids: ["reach nobody who can open this document"] });
  }
  const [[review]] = await runBatch(db, [
    db
      .insert(reviews)
      .values({
        workspaceId: article.workspaceId,
        articleId: article.id,
        kind: input.kind,
        requesterId,
        message: input.message,
        dueAt: input.due_at ? new Date(input.due_at) : null,
      })
      .returning(),
    eventStatement(db, context, "reviews.create", { articleId: article.id, properties: { kind: input.kind, reviewers: reachable.length, ...(branch && { branch_id: branch.id }) } }),
    ...(branch ? branchSubmitStatements(db, context, article, branch) : []),
  ]) as [Review[], unknown];
  await runBatch(
    db,
    chunk(reachable, ROWS_PER_INSERT).map((part) =>
      db.insert(reviewers).values(part.map((entry) => ({ reviewId: review!.id, userId: entry.userId, channelId: entry.channelId }))),
    ),
  );
  const status = branch ? null : await followReviews(db, context, article);
  if (context.inbox) {
    await notify(
      db,
      context.inbox.env,
      reachable.map((entry) => ({
        workspaceId: article.workspaceId,
        recipientId: entry.userId,
        actorId: requesterId,
        type: inboxTypeForReview[input.kind],
        event: "requested",
        articleId: article.id,
        reviewId: review!.id,
        channelId: entry.channelId,
        data: { kind: input.kind, message: input.message || null, due_at: input.due_at ?? null },
      })),
      { origin: context.inbox.origin },
    );
  }
  return { review: review!, status };
}

/**
 * A reviewer answers: approve, request changes (with a comment), give feedback, or confirm
 * they read it, as the review's kind allows. Answering again changes the answer while the
 * review is open. When everyone has answered the review completes; the document follows.
 */
export async function reviewAnswerer(
  db: Database,
  props: { context: CommandContext; review: Review; article: Article; answer: ReviewAnswer; comment: string | null },
) {
  const { context, review, article, answer } = props;
  if (review.status !== "open") throw new Conflict(`This review was already ${review.status}`);
  if (!answersFor[review.kind].includes(answer)) {
    throw new Invalid(`A ${review.kind.replace(/_/g, " ")} review takes ${answersFor[review.kind].join(" or ")}`, {
      answer: [`must be one of ${answersFor[review.kind].join(", ")}`],
    });
  }
  const now = new Date();
  const stillOpen = and(eq(reviews.id, review.id), eq(reviews.status, "open"));
  await db.batch([
    db
      .update(reviewers)
      .set({ answer, comment: props.comment, answeredAt: now })
      .where(and(eq(reviewers.reviewId, review.id), eq(reviewers.userId, context.actor.userId))),
    // Changes requested ends the round: the writer revises and asks again.
    db
      .update(reviews)
      .set({ status: "completed", closedAt: now })
      .where(
        and(
          stillOpen,
          answer === "changes_requested"
            ? sql`1`
            : sql`NOT EXISTS (SELECT 1 FROM ${reviewers} WHERE ${reviewers.reviewId} = ${review.id} AND ${reviewers.answer} IS NULL)`,
        ),
      ),
    eventStatement(db, context, "reviews.answer", { articleId: article.id, properties: { review_id: review.id, answer } }),
  ]);
  const status = await followReviews(db, context, article);
  if (context.inbox && review.requesterId) {
    await notify(
      db,
      context.inbox.env,
      [
        {
          workspaceId: review.workspaceId,
          recipientId: review.requesterId,
          actorId: context.actor.userId,
          type: inboxTypeForReview[review.kind],
          event: answer,
          articleId: article.id,
          reviewId: review.id,
          data: { kind: review.kind, answer, comment: props.comment },
        },
      ],
      { origin: context.inbox.origin },
    );
  }
  const [fresh] = await db.select().from(reviews).where(eq(reviews.id, review.id));
  return { review: fresh!, status };
}

/**
 * The requester (or an editor) ends a review before everyone answered: `dismissed` drops it,
 * `closed` ends it with the answers given. Reviewers who had not answered are told. An
 * approval that ends this way takes the document out of review.
 */
export async function reviewCloser(
  db: Database,
  props: { context: CommandContext; review: Review; article: Article; outcome: "dismissed" | "closed" },
) {
  const { context, review, article, outcome } = props;
  if (review.status !== "open") throw new Conflict(`This review was already ${review.status}`);
  const waiting = await db
    .select({ userId: reviewers.userId })
    .from(reviewers)
    .where(and(eq(reviewers.reviewId, review.id), isNull(reviewers.answer)));
  await db.batch([
    db.update(reviews).set({ status: outcome, closedAt: new Date() }).where(and(eq(reviews.id, review.id), eq(reviews.status, "open"))),
    eventStatement(db, context, `reviews.${outcome === "dismissed" ? "dismiss" : "close"}`, { articleId: article.id, properties: { review_id: review.id } }),
  ]);
  const status = await followReviews(db, context, article);
  if (context.inbox) {
    await notify(
      db,
      context.inbox.env,
      waiting.map(({ userId }) => ({
        workspaceId: review.workspaceId,
        recipientId: userId,
        actorId: context.actor.userId,
        type: inboxTypeForReview[review.kind],
        event: outcome,
        articleId: article.id,
        reviewId: review.id,
        data: { kind: review.kind },
      })),
      { origin: context.inbox.origin },
    );
  }
  const [fresh] = await db.select().from(reviews).where(eq(reviews.id, review.id));
  return { review: fresh!, status };
}

/**
 * "I have read it": confirms every read receipt this person owes on the document, the ones
 * asked with a share (the grant's read_at) and open read-receipt reviews alike; whoever asked
 * is told. Answers how many were confirmed (0: nothing was asked).
 */
export async function readReceiptConfirmer(db: Database, props: { context: CommandContext; article: Article }) {
  const { context, article } = props;
  const me = context.actor.userId;
  const now = new Date();
  const grants = await db
    .update(accesses)
    .set({ readAt: now })
    .where(
      and(
        eq(accesses.articleId, article.id),
        eq(accesses.targetType, "User"),
        eq(accesses.userId, me),
        eq(accesses.readReceipt, true),
        isNull(accesses.readAt),
      ),
    )
    .returning({ createdById: accesses.createdById });
  const owed = await db
    .select({ review: reviews })
    .from(reviewers)
    .innerJoin(reviews, eq(reviews.id, reviewers.reviewId))
    .where(and(eq(reviewers.userId, me), isNull(reviewers.answer), eq(reviews.articleId, article.id), eq(reviews.kind, "read_receipt"), eq(reviews.status, "open")));
  for (const { review } of owed) await reviewAnswerer(db, { context, review, article, answer: "read", comment: null });
  if (grants.length > 0) {
    await runBatch(db, [
      eventStatement(db, context, "accesses.read_receipt_confirm", { articleId: article.id }),
      db
        .update(inboxItems)
        .set({ readAt: now })
        .where(and(eq(inboxItems.recipientId, me), eq(inboxItems.articleId, article.id), eq(inboxItems.type, "ReadReceiptRequest"), isNull(inboxItems.readAt))),
    ]);
    if (context.inbox) {
      await notify(
        db,
        context.inbox.env,
        grants.flatMap(({ createdById }) =>
          createdById
            ? [{ workspaceId: article.workspaceId, recipientId: createdById, actorId: me, type: "ReadReceiptRequest" as const, event: "read", articleId: article.id }]
            : [],
        ),
        { origin: context.inbox.origin },
      );
    }
  }
  return grants.length + owed.length;
}
