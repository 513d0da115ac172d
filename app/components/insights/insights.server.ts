import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { insightsQuery } from "../../../core/contracts/history";
import { articleSlug } from "../../../core/slug";
import { createDb } from "../../../worker/db/client";
import { HttpError } from "../../../worker/lib/errors";
import { can } from "../../../worker/policies";
import { presentInsights } from "../../../worker/presenters/insights";
import { loadArticle } from "../../../worker/services/documents";
import { articleInsights } from "../../../worker/services/insights/readership";
import { articleIdFromParam, documentRequestFacts } from "~/components/doc-page/doc-page.server";
import { loginUrl, pathAndQuery } from "~/lib/redirects";
import { optionalSession } from "~/lib/session.server";

/**
 * The insights page's figures, read as `GET /articles/:id/insights` reads them: the document
 * loaded for this person exactly as its own page loads it (level, password cookie, private
 * folders), `insights.read` from the policy module, then the same service and presenter.
 */
export async function loadInsightsPage(request: Request, context: AppLoadContext, slug: string | undefined) {
  const id = articleIdFromParam(slug);
  const url = new URL(request.url);
  const { session, auth } = await optionalSession(request, context);
  if (!session) throw redirect(loginUrl(pathAndQuery(url)));
  const query = insightsQuery.safeParse({ period: url.searchParams.get("period") ?? undefined });
  if (!query.success) throw data("That period is not one this page shows", { status: 400 });
  const db = createDb(context.cloudflare.env.DB);
  try {
    const { actor, article, level } = await loadArticle(db, documentRequestFacts(request, session, auth.superAdminMode, id), id);
    if (!can(actor, "insights.read", { level })) throw data("Only people who can edit a document see its insights", { status: 403 });
    const tz = actor.workspaceSettings.preferences?.time_zone ?? "UTC";
    const insights = presentInsights(await articleInsights(db, article, { period: query.data.period, tz, now: Date.now() }));
    return {
      insights,
      article: { id: article.id, title: article.title || "Untitled", slug: articleSlug(article.title, article.id), is_public: article.isPublic, workspace_id: article.workspaceId },
    };
  } catch (error) {
    // Typed refusals (404 another workspace's, 403 a password or no access) as the error boundary shows them.
    if (error instanceof HttpError) throw data(error.message, { status: error.status });
    throw error;
  }
}

export type InsightsPageData = Awaited<ReturnType<typeof loadInsightsPage>>;
