import { lazy, Suspense } from "react";
import type { AnalyticsOut } from "../../../core/contracts/analytics";
import { formatCount, formatRate } from "./format";
import { Section, TableFrame } from "./Section";
import { useMounted } from "./useMounted";

const BreakdownChart = lazy(() => import("./Charts.client").then((module) => ({ default: module.BreakdownChart })));

type Figures = AnalyticsOut["by_network"][number];
export interface BreakdownRow extends Omit<Figures, "network"> {
  key: string;
  label: string;
}

/** The period's figures split one way (per network, per campaign): engagements as bars, every figure in the table. */
export function Breakdown({ id, title, intro, rowHeader, rows, csv, csvName }: { id: string; title: string; intro: string; rowHeader: string; rows: BreakdownRow[]; csv: string; csvName: string }) {
  const mounted = useMounted();
  return (
    <Section id={id} title={title} intro={intro} csv={csv} csvName={csvName}>
      {rows.length === 0 ? (
        <p className="analytics-note">Nothing was published in this period.</p>
      ) : (
        <>
          {rows.length > 1 ? (
            <div className="analytics-chart__canvas analytics-chart__canvas--bars" aria-hidden="true">
              {mounted ? (
                <Suspense fallback={null}>
                  <BreakdownChart rows={rows.map((row) => ({ label: row.label, engagements: row.engagements }))} />
                </Suspense>
              ) : null}
            </div>
          ) : null}
          <TableFrame label={`${title}, as a table`}>
            <table className="analytics-table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{rowHeader}</th>
                  <th scope="col">Posts</th>
                  <th scope="col">Impressions</th>
                  <th scope="col">Reach</th>
                  <th scope="col">Engagements</th>
                  <th scope="col">Engagement rate</th>
                  <th scope="col">Clicks</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{row.label}</th>
                    <td data-label="Posts">{formatCount(row.posts)}</td>
                    <td data-label="Impressions">{formatCount(row.impressions)}</td>
                    <td data-label="Reach">{formatCount(row.reach)}</td>
                    <td data-label="Engagements">{formatCount(row.engagements)}</td>
                    <td data-label="Engagement rate">{formatRate(row.engagement_rate)}</td>
                    <td data-label="Clicks">{formatCount(row.clicks)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        </>
      )}
    </Section>
  );
}
