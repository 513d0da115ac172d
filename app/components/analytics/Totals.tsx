import type { AnalyticsOut } from "../../../core/contracts/analytics";
import { totalKeys, totalLabels, type TotalKey } from "../../../core/analytics/metrics";
import { describeChange, formatCount, formatRate } from "./format";

const shown = (key: TotalKey, value: number | null) => (key === "engagement_rate" ? formatRate(value) : formatCount(value));

/** The headline figures of the period, each with its change against the period before. */
export function Totals({ totals, keys = totalKeys, compare = true, label = "Totals" }: { totals: AnalyticsOut["totals"]; keys?: readonly TotalKey[]; compare?: boolean; label?: string }) {
  return (
    <dl className="analytics-totals" aria-label={label}>
      {keys.map((key) => {
        const total = totals[key];
        const change = describeChange(total.change);
        return (
          <div key={key} className="analytics-total" data-total={key}>
            <dt>{totalLabels[key]}</dt>
            <dd className="analytics-total__value">{shown(key, total.value)}</dd>
            {compare ? (
              <dd className={`analytics-total__change analytics-total__change--${change.tone}`}>
                <span aria-hidden="true">
                  {change.arrow ? `${change.arrow} ` : ""}
                  {change.shown}
                </span>
                <span className="visually-hidden">{change.spoken}</span>
              </dd>
            ) : null}
          </div>
        );
      })}
    </dl>
  );
}
