import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { SuggestionJson } from "../../worker/presenters/suggestions";
import { reviewPageContext } from "~/components/reviews/reviews.server";
import { ReviewsErrorBoundary } from "~/components/reviews/ReviewsErrorBoundary";
import { formatMoment } from "~/lib/format";
import docStyles from "~/styles/doc.css?url";
import reviewStyles from "~/styles/reviews.css?url";
import type { ShellHandle } from "./_shell";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: docStyles },
  { rel: "stylesheet", href: reviewStyles },
];
export const handle: ShellHandle = { title: "Suggestion" };

const KIND = { insertion: "Adds", deletion: "Deletes", formatting_change: "Formats", node_type_change: "Changes the block type of" } as const;
/** Paragraph breaks: a new paragraph before these words, or these words joined to the paragraph before. */
const BREAK = {
  split: "Starts a new paragraph at",
  join: "Joins to the paragraph before",
  align: "Changes the alignment of",
  indent: "Changes the indent of",
} as const;
const ENDED = { merged: "merged", rejected: "rejected", withdrawn: "withdrawn" } as const;

async function suggestionOf(ctx: Awaited<ReturnType<typeof reviewPageContext>>, idParam: string | undefined) {
  const id = Number(idParam);
  if (!Number.isInteger(id) || id <= 0) throw data("Suggestion not found", { status: 404 });
  const result = await ctx.call<SuggestionJson>("GET", `/suggestions/${id}`);
  if (!result.ok) throw data(result.problem.message, { status: result.status });
  // A suggestion belongs to one document: under another document's address it does not exist.
  if (result.data.article_id !== ctx.article.id) throw data("Suggestion not found", { status: 404 });
  return result.data;
}

/** `/docs/:slug/suggestions/:id/merge` (SPEC section 2): one suggestion, to merge, reject or withdraw. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await reviewPageContext(request, context, params.slug);
  return { slug: ctx.slug, title: ctx.article.title, suggestion: await suggestionOf(ctx, params.suggestionId) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await reviewPageContext(request, context, params.slug);
  const suggestion = await suggestionOf(ctx, params.suggestionId);
  const intent = String((await request.formData()).get("intent"));
  if (intent !== "merge" && intent !== "reject" && intent !== "withdraw") return data({ message: "Choose merge, reject or withdraw" }, { status: 400 });
  const result = await ctx.call("POST", `/suggestions/${suggestion.id}/${intent}`);
  if (!result.ok) return data({ message: result.problem.message }, { status: result.status });
  return redirect(`/docs/${ctx.slug}`);
}

export default function SuggestionPage() {
  const { slug, title, suggestion } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const who = suggestion.author?.name ?? suggestion.author_name ?? "Someone who left";
  const canMerge = suggestion.policies["suggestions.merge"];
  const canWithdraw = suggestion.policies["suggestions.withdraw"];
  return (
    <div className="page review-page">
      <p>
        <Link to={`/docs/${slug}`}>← {title || "Untitled"}</Link>
      </p>
      <h1 className="review-page__title">
        {suggestion.kind === "ai_revision" ? "AI revision" : "Suggestion"} by {who}
      </h1>
      <p className="muted">Suggested {formatMoment(suggestion.created_at)}</p>
      {suggestion.state !== "open" ? (
        <p>
          This suggestion was {ENDED[suggestion.state]}
          {suggestion.settled_by ? ` by ${suggestion.settled_by.name}` : ""}
          {suggestion.settled_at ? ` on ${formatMoment(suggestion.settled_at)}` : ""}.
        </p>
      ) : (
        <>
          {suggestion.changes.length === 0 ? (
            <p>Its changes are not in the saved document yet: open the document to see them as they are typed.</p>
          ) : (
            <ol className="review-page__changes">
              {suggestion.changes.map((change) => (
                <li key={change.uuid} data-kind={change.kind}>
                  <strong>{change.detail ? BREAK[change.detail] : KIND[change.kind]}</strong> <q>{change.text}</q>
                </li>
              ))}
            </ol>
          )}
          {failed?.message ? <p role="alert">{failed.message}</p> : null}
          {canMerge || canWithdraw ? (
            <Form method="post" className="review-form__actions">
              {canMerge ? (
                <>
                  <button type="submit" name="intent" value="merge" className="button button--primary" disabled={busy}>
                    Merge into the document
                  </button>
                  <button type="submit" name="intent" value="reject" className="button" disabled={busy}>
                    Reject
                  </button>
                </>
              ) : null}
              {canWithdraw ? (
                <button type="submit" name="intent" value="withdraw" className="button" disabled={busy}>
                  Withdraw my suggestion
                </button>
              ) : null}
            </Form>
          ) : (
            <p className="muted">Editors of this document can merge or reject it.</p>
          )}
        </>
      )}
    </div>
  );
}

export { ReviewsErrorBoundary as ErrorBoundary };
