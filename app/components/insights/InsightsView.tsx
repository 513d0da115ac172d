import { Link, useLocation, useNavigation } from "@remix-run/react";
import { lazy, Suspense, type ReactNode } from "react";
import { insightPeriods, type InsightPeriod } from "../../../core/contracts/history";
import type { InsightsOut } from "../../../core/contracts/insights";
import { formatCount, formatDay, formatRate } from "../analytics/format";
import { useMounted } from "../analytics/useMounted";
import { DownloadCsv } from "./DownloadCsv";

const ReadershipChart = lazy(() => import("./ReadershipChart.client"));

const PERIOD_LABELS: Record<InsightPeriod, string> = { "7d": "7 days", "28d": "28 days", "90d": "90 days", "365d": "365 days" };

/** 75 → "1m 15s"; null (nobody reported reading) → "—". */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m ${String(seconds % 60).padStart(2, "0")}s`;
}

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" }) + " UTC" : "—";

interface InsightsViewProps {
  insights: InsightsOut;
  article: { id: number; title: string; slug: string; is_public: boolean };
}

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="insights-section" aria-label={title}>
      <h2 className="insights-section__title">{title}</h2>
      {intro ? <p className="insights-muted">{intro}</p> : null}
      {children}
    </section>
  );
}

/** The document's insights: period, tiles, the chart, readers and (public pages) referrers. */
export function InsightsView({ insights, article }: InsightsViewProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const mounted = useMounted();
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const { summary } = insights;
  const docHref = `/docs/${article.slug}`;
  const empty = summary.views === 0 && summary.read_sessions === 0 && insights.readers.length === 0 && summary.shares === 0 && summary.reactions === 0;
  const filename = `${article.slug}-insights-${insights.from}-to-${insights.to}.csv`;

  const tiles: { label: string; value: string; hint?: string }[] = [
    { label: "Views", value: formatCount(summary.views) },
    { label: "Unique readers", value: formatCount(summary.unique_readers) },
    { label: "Average read time", value: formatSeconds(summary.avg_read_seconds), hint: `${formatCount(summary.read_sessions)} reading sessions` },
    { label: "Average scroll depth", value: formatRate(summary.avg_scroll_depth) },
    { label: "Reactions", value: formatCount(summary.reactions), hint: "All time" },
    { label: "Shares", value: formatCount(summary.shares), hint: `${formatCount(insights.shares.people)} with people · ${formatCount(insights.shares.social)} social` },
  ];

  return (
    <div className="page insights-page">
      <p className="insights-back">
        <Link to={docHref}>← {article.title}</Link>
      </p>
      <header className="insights-header">
        <div className="insights-header__title">
          <h1>Insights</h1>
          <p className="insights-muted">
            {formatDay(insights.from, true)} to {formatDay(insights.to, true)} · days in {insights.time_zone}
          </p>
        </div>
        <DownloadCsv articleId={article.id} period={insights.period} filename={filename} />
      </header>

      <nav className="insights-periods" aria-label="Period">
        {insightPeriods.map((period) => (
          <Link
            key={period}
            to={`?period=${period}`}
            preventScrollReset
            className={`insights-periods__option${period === insights.period ? " insights-periods__option--current" : ""}`}
            aria-current={period === insights.period ? "page" : undefined}
          >
            Last {PERIOD_LABELS[period]}
          </Link>
        ))}
      </nav>
      <p className="insights-muted insights-loading" role="status">
        {loading ? "Loading…" : ""}
      </p>

      <div className={`insights-body${loading ? " insights-body--stale" : ""}`} aria-busy={loading}>
        {empty ? (
          <section className="insights-empty" data-testid="insights-empty">
            <h2>Nobody has read it in the last {PERIOD_LABELS[insights.period]}</h2>
            <p>
              {article.is_public
                ? "It is public: share its link where your readers are. Views, readers and read time show here as people read it."
                : "Share it with your team, or publish it to the web. Views, readers and read time show here as people read it."}
            </p>
            <div className="insights-empty__actions">
              <Link className="button button--primary" to={`${docHref}?share`}>
                Share it…
              </Link>
              {article.is_public ? null : (
                <Link className="button" to={`${docHref}?publish`}>
                  Publish to web…
                </Link>
              )}
            </div>
          </section>
        ) : null}

        <ul className="insights-tiles" aria-label="Summary">
          {tiles.map((tile) => (
            <li key={tile.label} className="insights-tile">
              <span className="insights-tile__label">{tile.label}</span>
              <strong className="insights-tile__value" data-testid={`tile-${tile.label.toLowerCase().replace(/ /g, "-")}`}>
                {tile.value}
              </strong>
              {tile.hint ? <span className="insights-muted insights-tile__hint">{tile.hint}</span> : null}
            </li>
          ))}
        </ul>

        <Section title="Views over time">
          <figure className="insights-chart">
            <figcaption className="visually-hidden">Views and unique readers per day. The table below has the same figures.</figcaption>
            <div className="insights-chart__canvas" aria-hidden="true" data-testid="insights-chart">
              {mounted ? (
                <Suspense fallback={<p className="insights-muted">Drawing the chart…</p>}>
                  <ReadershipChart series={insights.series} />
                </Suspense>
              ) : (
                <p className="insights-muted">Drawing the chart…</p>
              )}
            </div>
          </figure>
          <details>
            <summary>Show as a table</summary>
            <div className="insights-table-frame" tabIndex={0} role="region" aria-label="Figures per day">
              <table className="insights-table">
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Views</th>
                    <th scope="col">Unique readers</th>
                    <th scope="col">Avg read time</th>
                    <th scope="col">Avg scroll depth</th>
                  </tr>
                </thead>
                <tbody>
                  {insights.series.map((row) => (
                    <tr key={row.day}>
                      <th scope="row">{formatDay(row.day, true)}</th>
                      <td data-label="Views">{formatCount(row.views)}</td>
                      <td data-label="Unique readers">{formatCount(row.unique_readers)}</td>
                      <td data-label="Avg read time">{formatSeconds(row.avg_read_seconds)}</td>
                      <td data-label="Avg scroll depth">{formatRate(row.avg_scroll_depth)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </Section>

        <Section title="Who has read it" intro="Members and guests who opened it in this period, and the people asked to confirm they read it.">
          {insights.readers.length === 0 ? (
            <p className="insights-muted">No member or guest has opened it in this period. Share it to ask someone to read it.</p>
          ) : (
            <div className="insights-table-frame" tabIndex={0} role="region" aria-label="Readers">
              <table className="insights-table" data-testid="insights-readers">
                <thead>
                  <tr>
                    <th scope="col">Person</th>
                    <th scope="col">Views</th>
                    <th scope="col">Last view</th>
                    <th scope="col">Read receipt</th>
                  </tr>
                </thead>
                <tbody>
                  {insights.readers.map((reader) => (
                    <tr key={reader.user.id}>
                      <th scope="row">
                        <span className="insights-person">{reader.user.name}</span>
                        {reader.role === "guest" ? <span className="insights-badge">Guest</span> : null}
                      </th>
                      <td data-label="Views">{formatCount(reader.views)}</td>
                      <td data-label="Last view">{dateTime(reader.last_viewed_at)}</td>
                      <td data-label="Read receipt">{reader.read_receipt ? (reader.read_receipt.read_at ? `Confirmed ${dateTime(reader.read_receipt.read_at)}` : "Asked, not confirmed yet") : "Not asked"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Section>

        {insights.public ? (
          <Section title="Public page" intro="Visitors of the published page who were not signed in, and the sites that sent readers (their address only).">
            <p>
              <strong>{formatCount(insights.public.anonymous_views)}</strong> views by visitors who were not signed in
            </p>
            {insights.public.referrers.length === 0 ? (
              <p className="insights-muted">No referring sites yet: readers typed the link or came from an app that hides where they came from.</p>
            ) : (
              <div className="insights-table-frame" tabIndex={0} role="region" aria-label="Top referrers">
                <table className="insights-table" data-testid="insights-referrers">
                  <thead>
                    <tr>
                      <th scope="col">Referrer</th>
                      <th scope="col">Views</th>
                    </tr>
                  </thead>
                  <tbody>
                    {insights.public.referrers.map((row) => (
                      <tr key={row.origin}>
                        <th scope="row" className="insights-origin">
                          {row.origin}
                        </th>
                        <td data-label="Views">{formatCount(row.views)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
        ) : null}

        {summary.reactions > 0 || insights.shares.networks.length > 0 ? (
          <Section title="Reactions and social shares">
            <ul className="insights-chips">
              {insights.reactions
                .filter((row) => row.count > 0)
                .map((row) => (
                  <li key={row.emoji} className="insights-chip">
                    {row.emoji} {formatCount(row.count)}
                  </li>
                ))}
              {insights.shares.networks.map((row) => (
                <li key={row.network} className="insights-chip">
                  {row.network}: {formatCount(row.count)}
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
      </div>
    </div>
  );
}
