import { data, type LinksFunction, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { reviewKindLabels, reviewKinds, type ReviewKind } from "../../core/contracts/reviews";
import { can } from "../../worker/policies";
import { fullName } from "../../worker/presenters/users";
import { listChannels } from "../../worker/services/channels";
import { listMembers } from "../../worker/services/members";
import { reviewPageContext } from "~/components/reviews/reviews.server";
import { ReviewerPickers } from "~/components/reviews/ReviewerPickers";
import { ReviewsErrorBoundary } from "~/components/reviews/ReviewsErrorBoundary";
import docStyles from "~/styles/doc.css?url";
import reviewStyles from "~/styles/reviews.css?url";
import type { ShellHandle } from "./_shell";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: docStyles },
  { rel: "stylesheet", href: reviewStyles },
];
export const handle: ShellHandle = { title: "Request a review" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Request a review · ${data.title} · Brandwork` : "Request a review · Brandwork" }];

const KIND_HINTS: Record<ReviewKind, string> = {
  approval: "Reviewers approve it or ask for changes. The document is in review until every approver approves.",
  suggest_changes: "Reviewers suggest edits and tell you when they are done.",
  informal_feedback_request: "Reviewers leave their thoughts; nothing waits on it.",
  read_receipt: "Reviewers confirm they have read it.",
};

/** Who can be asked: the workspace's active people (not the asker) and the groups the asker is in. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await reviewPageContext(request, context, params.slug);
  if (!can(ctx.actor, "reviews.create", { level: ctx.level })) throw data("Only people who can edit a document can ask for its review", { status: 403 });
  const [people, groups] = await Promise.all([
    listMembers(ctx.db, ctx.article.workspaceId, { scope: "all", status: "active" }, { page: 1, per_page: 100 }),
    listChannels(ctx.db, ctx.actor, { includeOpenGroups: false, search: "", page: { page: 1, per_page: 100 } }),
  ]);
  return {
    slug: ctx.slug,
    title: ctx.article.title || "Untitled",
    people: people.rows.filter((row) => row.user.id !== ctx.actor.userId).map((row) => ({ id: row.user.id, name: fullName(row.user), email: row.user.email })),
    groups: groups.data.map((group) => ({ id: group.id, name: group.name })),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await reviewPageContext(request, context, params.slug);
  const form = await request.formData();
  const due = String(form.get("due_date") ?? "");
  const body = {
    kind: String(form.get("kind") ?? ""),
    user_ids: form.getAll("user_ids").map(Number),
    channel_ids: form.getAll("channel_ids").map(Number),
    message: String(form.get("message") ?? ""),
    // A due date is the end of that day (UTC).
    due_at: /^\d{4}-\d{2}-\d{2}$/.test(due) ? `${due}T23:59:00Z` : null,
  };
  const result = await ctx.call<{ id: number }>("POST", `/articles/${ctx.article.id}/reviews`, body);
  if (!result.ok) return data({ message: result.problem.message, fields: result.problem.fields ?? {} }, { status: result.status });
  return redirect(`/docs/${ctx.slug}/reviews/${result.data.id}`);
}

export default function NewReview() {
  const { slug, title, people, groups } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="page review-page">
      <p>
        <Link to={`/docs/${slug}`}>← {title}</Link>
      </p>
      <h1 className="review-page__title">Ask for a review of “{title}”</h1>
      <Form method="post" className="review-form">
        {failed?.message && (
          <p role="alert" className="review-form__error">
            {failed.message}
          </p>
        )}
        <fieldset>
          <legend>What kind of review</legend>
          {reviewKinds.map((kind, index) => (
            <label key={kind} className="review-form__kind">
              <input type="radio" name="kind" value={kind} defaultChecked={index === 0} />
              <span>
                <strong>{reviewKindLabels[kind]}</strong> <span className="review-form__hint">{KIND_HINTS[kind]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <ReviewerPickers people={people} groups={groups} errors={failed?.fields ?? {}} block="review-form" />
        <label className="review-form__field">
          <span>Due date (optional)</span>
          <input type="date" name="due_date" />
        </label>
        <label className="review-form__field">
          <span>Message (optional)</span>
          <textarea name="message" rows={3} maxLength={5000} placeholder="What should they look at?" />
        </label>
        <div className="review-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Sending…" : "Send request"}
          </button>
          <Link to={`/docs/${slug}`} className="button">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { ReviewsErrorBoundary as ErrorBoundary };
