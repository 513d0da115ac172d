import { Link } from "@remix-run/react";
import { totalKeys } from "../../../core/analytics/metrics";
import type { CampaignPerformance as Performance } from "./analytics.server";
import { formatDay } from "./format";
import { analyticsHref } from "./query";
import { Totals } from "./Totals";

// Followers belong to accounts, not to a campaign's posts.
const CAMPAIGN_TOTALS = totalKeys.filter((key) => key !== "followers_gained");

/** A campaign's own rollup on its page: the totals of its published pieces, and the way to the analytics page filtered to it. */
export function CampaignPerformance({ workspaceId, performance }: { workspaceId: number; performance: Performance }) {
  const { query } = performance;
  return (
    <section className="campaign-card campaign-performance" aria-labelledby="campaign-performance">
      <h2 id="campaign-performance" className="campaign-card__title">
        Performance
      </h2>
      <Totals totals={performance.totals} keys={CAMPAIGN_TOTALS} compare={false} label="This campaign's totals" />
      <p className="campaign-performance__foot">
        <span>
          Posts published {formatDay(query.from!, true)} – {formatDay(query.to!, true)}
          {performance.updated_at ? "" : "; figures arrive within an hour of publishing"}.
        </span>
        <Link to={analyticsHref(workspaceId, query)}>See this campaign in Analytics</Link>
      </p>
    </section>
  );
}
