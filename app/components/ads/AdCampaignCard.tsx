import { Form, Link } from "@remix-run/react";
import type { AdCampaignOut } from "../../../core/contracts/ads";
import { formatMoney } from "../../../core/ads/money";
import { formatAdDate, OBJECTIVE_WORDS, STATUS_LABELS, STEP_LABELS } from "./words";

/** The budget in words: "$10.00 a day", "$300.00 in total". */
export function budgetWords(budget: AdCampaignOut["budget"]): string {
  if (!budget) return "Not set";
  return `${formatMoney(budget.amount_minor, budget.currency)} ${budget.type === "daily" ? "a day" : "in total"}`;
}

/** One ad campaign in the list: its figures, and what can be done with it next. */
export function AdCampaignCard({ campaign, base }: { campaign: AdCampaignOut; base: string }) {
  const zone = campaign.ad_account.timezone;
  const complete = campaign.steps.filter((s) => s.step !== "review" && s.complete).length;
  const wizard = `${base}/wizard/${campaign.id}`;
  const draft = campaign.status === "draft";
  return (
    <li className="ads-item" aria-label={campaign.name} data-status={campaign.status}>
      <div className="ads-item__head">
        <h3 className="ads-item__name">{campaign.name}</h3>
        <span className={`ads-status ads-status--${campaign.status}`}>{STATUS_LABELS[campaign.status]}</span>
        {campaign.ad_account.sandbox ? <span className="ads-badge ads-badge--sandbox">Sandbox</span> : null}
      </div>
      {campaign.error ? (
        <p className="field__error">
          {campaign.error.message} (step: {STEP_LABELS[campaign.error.step]})
        </p>
      ) : null}
      <dl className="ads-figures">
        <div>
          <dt>Objective</dt>
          <dd>{campaign.objective ? OBJECTIVE_WORDS[campaign.objective].label : "Not chosen"}</dd>
        </div>
        <div>
          <dt>Budget</dt>
          <dd>{budgetWords(campaign.budget)}</dd>
        </div>
        {draft ? (
          <div>
            <dt>Progress</dt>
            <dd>{complete} of 6 steps done</dd>
          </div>
        ) : (
          <>
            <div>
              <dt>Spend</dt>
              <dd>{campaign.spend.formatted}</dd>
            </div>
            <div>
              <dt>Results</dt>
              <dd>
                {campaign.results.toLocaleString("en")} {campaign.result_label ?? ""}
              </dd>
            </div>
            <div>
              <dt>Cost per result</dt>
              <dd>{campaign.cost_per_result?.formatted ?? "—"}</dd>
            </div>
          </>
        )}
        <div>
          <dt>Dates</dt>
          <dd>{campaign.schedule ? `${formatAdDate(campaign.schedule.start, zone)} → ${campaign.schedule.end ? formatAdDate(campaign.schedule.end, zone) : "until paused"}` : "Not set"}</dd>
        </div>
        {campaign.content_campaign ? (
          <div>
            <dt>From</dt>
            <dd>{campaign.content_campaign.name}</dd>
          </div>
        ) : null}
      </dl>
      <div className="ads-item__actions">
        {draft || campaign.status === "failed" ? (
          <Link className="button button--small button--primary" to={wizard} aria-label={`Continue ${campaign.name}`}>
            Continue
          </Link>
        ) : null}
        {campaign.can.pause ? (
          <Link className="button button--small" to={`${base}?pause=${campaign.id}`} preventScrollReset aria-label={`Pause ${campaign.name}`}>
            Pause
          </Link>
        ) : null}
        {campaign.can.resume ? (
          <Link className="button button--small" to={`${base}?resume=${campaign.id}`} preventScrollReset aria-label={`Resume ${campaign.name}`}>
            Resume
          </Link>
        ) : null}
        {campaign.can.delete ? (
          <Form method="post" action={base}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="ad_campaign_id" value={campaign.id} />
            <button type="submit" className="button button--small" aria-label={`Delete ${campaign.name}`}>
              Delete
            </button>
          </Form>
        ) : null}
        {campaign.last_synced_at ? <span className="muted ads-item__synced">Figures from {formatAdDate(campaign.last_synced_at, zone)}</span> : null}
      </div>
    </li>
  );
}
