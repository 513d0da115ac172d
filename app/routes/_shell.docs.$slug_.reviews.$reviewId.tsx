import { data, type LinksFunction, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { answersFor, reviewAnswerLabels, reviewKindLabels, type ReviewAnswer } from "../../core/contracts/reviews";
import { reviewPage, reviewPageContext } from "~/components/reviews/reviews.server";
import { ReviewsErrorBoundary } from "~/components/reviews/ReviewsErrorBoundary";
import { useInboxLive } from "~/lib/inbox-live";
import { STATUS_LABELS } from "~/components/doc-page/types";
import docStyles from "~/styles/doc.css?url";
import reviewStyles from "~/styles/reviews.css?url";
import type { ShellHandle } from "./_shell";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: docStyles },
  { rel: "stylesheet", href: reviewStyles },
];
export const handle: ShellHandle = { title: "Review" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.review.kind_label} · ${data.review.article.title} · Brandwork` : "Review · Brandwork" },
];

/** The button each answer gets. */
const ANSWER_BUTTONS: Record<ReviewAnswer, string> = {
  approved: "Approve",
  changes_requested: "Request changes",
  feedback: "Send feedback",
  read: "Confirm I read it",
};
const REVIEW_STATUS: Record<string, string> = { open: "Open", completed: "Complete", dismissed: "Dismissed", closed: "Closed" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await reviewPageContext(request, context, params.slug);
  return { slug: ctx.slug, workspaceId: ctx.article.workspaceId, ...(await reviewPage(ctx, params.reviewId)) };
}

/** A reviewer's answer, or the requester closing the review; through the API routes. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await reviewPageContext(request, context, params.slug);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const path = `/reviews/${Number(params.reviewId)}`;
  const result =
    intent === "answer"
      ? await ctx.call("POST", `${path}/answer`, { answer: String(form.get("answer") ?? ""), comment: String(form.get("comment") ?? "") || undefined })
      : intent === "close"
        ? await ctx.call("POST", `${path}/close`)
        : null;
  if (!result) return data({ ok: false, message: "Unknown action", fields: {} as Record<string, string[]> }, { status: 400 });
  if (!result.ok) return data({ ok: false, message: result.problem.message, fields: result.problem.fields }, { status: result.status });
  return { ok: true, message: intent === "close" ? "Review closed" : "Answer sent", fields: {} as Record<string, string[]> };
}

export default function ReviewPage() {
  const { slug, workspaceId, review, others } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const revalidator = useRevalidator();
  // Answers reach the requester's inbox at once; the page follows without a reload.
  useInboxLive(workspaceId, () => revalidator.state === "idle" && revalidator.revalidate());
  const canAnswer = review.policies["reviews.answer"] && review.status === "open";
  const canClose = review.policies["reviews.close"] && review.status === "open";

  return (
    <div className="page review-page">
      <p>
        <Link to={`/docs/${slug}`}>← {review.article.title || "Untitled"}</Link>
      </p>
      <h1 className="review-page__title">
        {review.kind_label} review of “{review.article.title || "Untitled"}”
      </h1>
      <dl className="review-facts">
        <div>
          <dt>Document status</dt>
          <dd>
            <span className="doc-status" data-status={review.article.status} data-testid="document-status">
              {STATUS_LABELS[review.article.status]}
            </span>
          </dd>
        </div>
        <div>
          <dt>Review</dt>
          <dd data-testid="review-status">
            {`${REVIEW_STATUS[review.status]} · ${review.progress.answered} of ${review.progress.total} answered`}
          </dd>
        </div>
        {review.requester && (
          <div>
            <dt>Asked by</dt>
            <dd>{review.requester.name}</dd>
          </div>
        )}
        {review.due_at && (
          <div>
            <dt>Due</dt>
            <dd>
              <time dateTime={review.due_at}>{review.due_at.slice(0, 10)}</time>
            </dd>
          </div>
        )}
      </dl>
      {review.message && <blockquote className="review-message">{review.message}</blockquote>}

      <h2>Reviewers</h2>
      <ul className="review-answers">
        {review.reviewers.map((entry) => (
          <li key={entry.user.id} data-answer={entry.answer ?? "waiting"}>
            <strong>{entry.user.name}</strong>: {entry.answer_label ?? "Not answered yet"}
            {entry.comment ? <q className="review-answers__comment">{entry.comment}</q> : null}
          </li>
        ))}
      </ul>

      {result?.message && <p role={result.ok ? "status" : "alert"}>{result.message}</p>}

      {canAnswer && (
        <Form method="post" className="review-form">
          <input type="hidden" name="intent" value="answer" />
          <h2>Your answer{review.my_answer ? ` (now: ${reviewAnswerLabels[review.my_answer]})` : ""}</h2>
          {review.kind !== "read_receipt" && (
            <label className="review-form__field">
              <span>Comment{review.kind === "approval" ? " (needed when you request changes)" : ""}</span>
              <textarea name="comment" rows={3} maxLength={5000} />
            </label>
          )}
          {result?.fields?.comment && <p className="review-form__error">{result.fields.comment.join(", ")}</p>}
          <div className="review-form__actions">
            {answersFor[review.kind].map((answer) => (
              <button key={answer} type="submit" name="answer" value={answer} className={answer === "approved" || answer === "read" ? "button button--primary" : "button"} disabled={busy}>
                {ANSWER_BUTTONS[answer]}
              </button>
            ))}
          </div>
        </Form>
      )}

      {canClose && (
        <div className="review-form__actions">
          <Form method="post">
            <input type="hidden" name="intent" value="close" />
            <button type="submit" className="button" disabled={busy}>
              Close with the answers so far
            </button>
          </Form>
          <Link to={`/docs/${slug}/reviews/${review.id}/dismiss`} className="button">
            Dismiss review
          </Link>
        </div>
      )}

      {others.length > 0 && (
        <>
          <h2>Other reviews of this document</h2>
          <ul>
            {others.map((other) => (
              <li key={other.id}>
                <Link to={`/docs/${slug}/reviews/${other.id}`}>
                  {reviewKindLabels[other.kind]} · {REVIEW_STATUS[other.status]} · {other.created_at.slice(0, 10)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export { ReviewsErrorBoundary as ErrorBoundary };
