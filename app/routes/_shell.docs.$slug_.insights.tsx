import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InsightsErrorBoundary } from "~/components/insights/InsightsErrorBoundary";
import { loadInsightsPage } from "~/components/insights/insights.server";
import { InsightsView } from "~/components/insights/InsightsView";
import insightsStyles from "~/styles/insights.css?url";
import type { ShellHandle } from "./_shell";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: insightsStyles }];
export const handle: ShellHandle = { title: "Insights" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Insights · ${data.article.title} · Brandwork` : "Insights · Brandwork" }];

/** `/docs/:slug/insights?period=28d`: who reads the document, for its editors. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadInsightsPage(request, context, params.slug);
}

export default function DocumentInsights() {
  const { insights, article } = useLoaderData<typeof loader>();
  return <InsightsView insights={insights} article={article} />;
}

export { InsightsErrorBoundary as ErrorBoundary };
