import { lazy, Suspense } from "react";
import type { AnalyticsOut } from "../../../core/contracts/analytics";
import { formatCount, formatDay, formatRate } from "./format";
import { Section, TableFrame } from "./Section";
import { useMounted } from "./useMounted";

const SeriesChart = lazy(() => import("./Charts.client"));

/** Impressions and engagements per day of the period: the chart, and the same figures as a table. */
export function SeriesSection({ series, csv }: { series: AnalyticsOut["series"]; csv: string }) {
  const mounted = useMounted();
  const first = series[0]?.day;
  const last = series[series.length - 1]?.day;
  return (
    <Section id="analytics-series" title="Day by day" intro="Impressions and engagements of the posts published each day." csv={csv} csvName="the daily figures">
      <figure className="analytics-chart">
        <figcaption className="visually-hidden">
          Impressions and engagements per day{first && last ? `, ${formatDay(first, true)} to ${formatDay(last, true)}` : ""}. The table below has the same figures.
        </figcaption>
        <div className="analytics-chart__canvas" aria-hidden="true" data-testid="series-chart">
          {mounted ? (
            <Suspense fallback={<p className="analytics-chart__loading">Drawing the chart…</p>}>
              <SeriesChart series={series} />
            </Suspense>
          ) : (
            <p className="analytics-chart__loading">Drawing the chart…</p>
          )}
        </div>
      </figure>
      <details className="analytics-table-toggle">
        <summary>Show as a table</summary>
        <TableFrame label="Figures per day">
          <table className="analytics-table">
            <caption className="visually-hidden">Figures per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Posts</th>
                <th scope="col">Impressions</th>
                <th scope="col">Engagements</th>
                <th scope="col">Engagement rate</th>
                <th scope="col">Clicks</th>
                <th scope="col">Followers</th>
              </tr>
            </thead>
            <tbody>
              {series.map((row) => (
                <tr key={row.day}>
                  <th scope="row">{formatDay(row.day, true)}</th>
                  <td data-label="Posts">{formatCount(row.posts)}</td>
                  <td data-label="Impressions">{formatCount(row.impressions)}</td>
                  <td data-label="Engagements">{formatCount(row.engagements)}</td>
                  <td data-label="Engagement rate">{formatRate(row.engagement_rate)}</td>
                  <td data-label="Clicks">{formatCount(row.clicks)}</td>
                  <td data-label="Followers">{formatCount(row.followers)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      </details>
    </Section>
  );
}
