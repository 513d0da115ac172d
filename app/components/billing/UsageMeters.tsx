import { limitKeys, limitLabels } from "../../../core/billing/plans";
import type { UsageOut } from "../../../core/contracts/billing";
import { formatDayOfMonth, limitTitle, usageWords } from "./format";

/** The six limits: how much is used of each, and when the monthly ones start again. */
export function UsageMeters({ usage, resetsAt }: { usage: UsageOut; resetsAt: string }) {
  return (
    <section className="billing-section" aria-labelledby="billing-usage-heading">
      <h2 id="billing-usage-heading">Usage</h2>
      <ul className="billing-usage">
        {limitKeys.map((key) => {
          const { used, limit } = usage[key];
          const share = limit === null ? 0 : limit === 0 ? 1 : Math.min(1, used / limit);
          const level = limit !== null && used >= limit ? "full" : share >= 0.8 ? "near" : "ok";
          const id = `billing-usage-${key}`;
          return (
            <li key={key} className="billing-usage__item" data-level={level}>
              <div className="billing-usage__head">
                <span id={id} className="billing-usage__name">
                  {limitTitle(key)}
                </span>
                <span className="billing-usage__numbers">{usageWords(key, used, limit)}</span>
              </div>
              {limit !== null ? <meter className="billing-usage__meter" aria-labelledby={id} min={0} max={limit || 1} value={Math.min(used, limit || 1)} /> : null}
              {limitLabels[key].monthly ? <p className="billing-usage__note">This month; resets on {formatDayOfMonth(resetsAt)}</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
