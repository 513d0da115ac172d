import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { analyticsPage } from "~/components/analytics/analytics.server";
import { AnalyticsToolbar } from "~/components/analytics/AnalyticsToolbar";
import { BestTimes } from "~/components/analytics/BestTimes";
import { Breakdown } from "~/components/analytics/Breakdown";
import { formatDay, networkLabel } from "~/components/analytics/format";
import { exportHref, searchOf } from "~/components/analytics/query";
import { RefreshFigures } from "~/components/analytics/RefreshFigures";
import { SeriesSection } from "~/components/analytics/SeriesSection";
import { Totals } from "~/components/analytics/Totals";
import { TopPosts } from "~/components/analytics/TopPosts";
import { FormAlert } from "~/components/ui/Field";
import { PageError } from "~/components/ui/PageError";
import styles from "~/styles/analytics.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Analytics" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Analytics · ${data.workspace.name} · Brandwork` : "Analytics · Brandwork" }];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => analyticsPage(request, context, params.workspaceId);

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const range = (period: { from: string; to: string }) => `${formatDay(period.from, true)} – ${formatDay(period.to, true)}`;

/**
 * What the workspace's published posts did in a period: totals against the period before, day
 * by day, the top posts, per network and per campaign, and the best hours to post. The URL is
 * the view (period, zone, filters); each section downloads as CSV.
 */
export default function Analytics() {
  const { workspace, query, problem, report, zoneChosen, accounts, campaigns, now } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const base = `/workspaces/${workspace.id}/analytics`;
  const loading = navigation.state === "loading" && navigation.location.pathname === base;
  const csv = (view: Parameters<typeof exportHref>[2]) => exportHref(workspace.id, query, view);

  // The server draws the first paint in UTC (or the zone chosen); the browser then asks again in its own zone.
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    const own = browserZone();
    setZone(own);
    if (!zoneChosen && own !== query.tz) navigate(`${base}?${searchOf(query, { tz: own })}`, { replace: true, preventScrollReset: true });
  }, [zoneChosen, query, base, navigate]);

  const posts = report.totals.posts.value ?? 0;
  const schedule = `/workspaces/${workspace.id}/scheduled-posts`;

  return (
    <div className="page analytics" aria-busy={loading || undefined}>
      <header className="analytics-header">
        <div className="analytics-header__title">
          <h1 className="page__title">Analytics</h1>
          <p className="muted" data-testid="analytics-period">
            {range(report.period)}, compared with {range(report.previous_period)}. Days in {report.tz}
            {zone && zone !== report.tz ? (
              <>
                {" "}
                (
                <Link to={`${base}?${searchOf(query, { tz: zone })}`} preventScrollReset>
                  use {zone}
                </Link>
                )
              </>
            ) : null}
            .
          </p>
        </div>
        {accounts.length > 0 ? <RefreshFigures workspaceId={workspace.id} query={query} updatedAt={report.updated_at} now={now} /> : null}
      </header>

      {problem ? <FormAlert message={problem} tone="info" /> : null}

      {accounts.length === 0 ? (
        <section className="analytics-empty" aria-labelledby="analytics-empty-heading">
          <h2 id="analytics-empty-heading">Connect an account to see its figures</h2>
          <p>Analytics shows what your published posts did: impressions, reach, engagements, clicks and followers. The Sandbox network needs no keys and has figures of its own, so you can try it now.</p>
          <Link className="button button--primary" to={`${schedule}#connect-account`}>
            Connect an account
          </Link>
        </section>
      ) : (
        <>
          <AnalyticsToolbar base={base} query={query} period={report.period} accounts={accounts} campaigns={campaigns} />
          <p role="status" className="analytics-loading">
            {loading ? "Loading the figures…" : ""}
          </p>
          <div className={`analytics-body${loading ? " analytics-body--stale" : ""}`}>
            {posts === 0 ? (
              <section className="analytics-empty" aria-labelledby="analytics-empty-heading">
                <h2 id="analytics-empty-heading">Nothing was published between {formatDay(report.period.from, true)} and {formatDay(report.period.to, true)}</h2>
                <p>Try a longer period{query.networks.length + query.account_ids.length + query.campaign_ids.length + query.content_types.length ? " or fewer filters" : ""}, or schedule a post: its figures arrive within an hour of publishing.</p>
                <p className="analytics-empty__actions">
                  {query.preset !== "last_90_days" ? (
                    <Link className="button" to={`${base}?${searchOf(query, { preset: "last_90_days" })}`} preventScrollReset>
                      Show the last 90 days
                    </Link>
                  ) : null}
                  <Link className="button button--primary" to={schedule}>
                    Schedule a post
                  </Link>
                </p>
              </section>
            ) : (
              <>
                {report.updated_at === null ? (
                  <p className="analytics-notice" role="note">
                    <strong>Figures are on their way.</strong> Figures arrive within an hour of publishing; use “Refresh figures” above to ask for them now.
                  </p>
                ) : null}
                <section aria-labelledby="analytics-totals-heading" className="analytics-section">
                  <header className="analytics-section__header">
                    <h2 id="analytics-totals-heading" className="analytics-section__title">
                      Totals
                    </h2>
                    <a className="button button--small analytics-section__csv" href={csv("totals")} download>
                      Download CSV<span className="visually-hidden"> of the totals</span>
                    </a>
                  </header>
                  <Totals totals={report.totals} />
                </section>
                <SeriesSection series={report.series} csv={csv("series")} />
                <TopPosts posts={report.top_posts} tz={report.tz} workspaceId={workspace.id} csv={csv("top_posts")} />
                <div className="analytics-breakdowns">
                  <Breakdown
                    id="analytics-by-network"
                    title="By network"
                    intro="Engagements per network."
                    rowHeader="Network"
                    rows={report.by_network.map((row) => ({ ...row, key: row.network, label: networkLabel(row.network) }))}
                    csv={csv("by_network")}
                    csvName="the figures by network"
                  />
                  <Breakdown
                    id="analytics-by-campaign"
                    title="By campaign"
                    intro="Engagements per campaign; posts outside any campaign are counted together."
                    rowHeader="Campaign"
                    rows={report.by_campaign.map((row) => ({ ...row, key: String(row.campaign?.id ?? "none"), label: row.campaign?.name ?? "No campaign" }))}
                    csv={csv("by_campaign")}
                    csvName="the figures by campaign"
                  />
                </div>
                <BestTimes slots={report.best_times} tz={report.tz} csv={csv("best_times")} />
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <PageError
      surface="analytics"
      copy={{
        403: { title: "Analytics are for workspace members", body: "Ask a workspace admin to make you a member to see how the posts did.", next: { to: "/", label: "Go home" } },
        404: { title: "Workspace not found", body: "It may have been deleted, or you are not a member.", next: { to: "/", label: "Go home" } },
      }}
    />
  );
}
