import { data, type LinksFunction, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { reviewPage, reviewPageContext } from "~/components/reviews/reviews.server";
import { ReviewsErrorBoundary } from "~/components/reviews/ReviewsErrorBoundary";
import docStyles from "~/styles/doc.css?url";
import reviewStyles from "~/styles/reviews.css?url";
import type { ShellHandle } from "./_shell";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: docStyles },
  { rel: "stylesheet", href: reviewStyles },
];
export const handle: ShellHandle = { title: "Dismiss review" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await reviewPageContext(request, context, params.slug);
  const { review } = await reviewPage(ctx, params.reviewId);
  if (!review.policies["reviews.close"]) throw data("Only whoever asked for the review, or an editor, can dismiss it", { status: 403 });
  return { slug: ctx.slug, review };
}

/** Dismissing drops the review: reviewers who had not answered are told; an approval takes the document out of review. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await reviewPageContext(request, context, params.slug);
  const result = await ctx.call("POST", `/reviews/${Number(params.reviewId)}/dismiss`);
  if (!result.ok) return data({ message: result.problem.message }, { status: result.status });
  return redirect(`/docs/${ctx.slug}/reviews/${Number(params.reviewId)}`);
}

export default function DismissReview() {
  const { slug, review } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const back = `/docs/${slug}/reviews/${review.id}`;
  return (
    <div className="page review-page">
      <h1 className="review-page__title">Dismiss this {review.kind_label.toLowerCase()} review?</h1>
      {review.status !== "open" ? (
        <p>This review is already {review.status}.</p>
      ) : (
        <>
          <p>
            {review.progress.total - review.progress.answered} of {review.progress.total} reviewers have not answered yet. They will be told the
            review was dismissed.{review.kind === "approval" ? " The document leaves review." : ""}
          </p>
          {failed?.message && <p role="alert">{failed.message}</p>}
          <Form method="post" className="review-form__actions">
            <button type="submit" className="button button--danger" disabled={busy}>
              Dismiss review
            </button>
            <Link to={back} className="button">
              Keep it
            </Link>
          </Form>
        </>
      )}
      {review.status !== "open" && <Link to={back}>Back to the review</Link>}
    </div>
  );
}

export { ReviewsErrorBoundary as ErrorBoundary };
