import { Link, useLocation } from "@remix-run/react";
import { limitKeys } from "../../../core/billing/plans";
import type { BillingOut, PlanOut } from "../../../core/contracts/billing";
import { describeLimit, formatMoney } from "./format";
import { hasSubscription } from "./PlanActions";
import { withParam } from "./useBillingCall";

export const CHOOSE_PARAM = "choose";

interface PlanCardProps {
  plan: PlanOut;
  billing: BillingOut;
  workspaceId: number;
  /** Monthly Pro's price, to say what annual saves. */
  monthlyPro: PlanOut | undefined;
}

/** One plan: price, what it is for, its limits in words, and how to choose it from where the workspace stands. */
export function PlanCard({ plan, billing, workspaceId, monthlyPro }: PlanCardProps) {
  const current = billing.plan.id === plan.id;
  const headingId = `plan-${plan.id}`;
  return (
    <li className="plan-card" data-current={current || undefined} aria-labelledby={headingId}>
      <div className="plan-card__head">
        <h2 id={headingId}>{plan.name}</h2>
        {current ? <span className="billing-badge billing-badge--ok">{currentLabel(billing)}</span> : null}
      </div>
      <p className="plan-card__price">
        <strong>{formatMoney(plan.seat_price_cents, plan.currency)}</strong>{" "}
        {plan.interval ? <span className="muted">per seat per {plan.interval}</span> : <span className="muted">forever</span>}
      </p>
      {plan.interval === "year" && monthlyPro ? (
        <p className="plan-card__saving">
          Two months free: {formatMoney(plan.seat_price_cents, plan.currency)} a year instead of {formatMoney(monthlyPro.seat_price_cents * 12, plan.currency)} paid
          monthly.
        </p>
      ) : null}
      <p>{plan.blurb}</p>
      <ul className="plan-card__limits" aria-label={`What ${plan.name} allows`}>
        {limitKeys.map((key) => (
          <li key={key}>{describeLimit(key, plan.limits[key])}</li>
        ))}
      </ul>
      <div className="plan-card__action">
        <ChooseAction plan={plan} billing={billing} workspaceId={workspaceId} current={current} />
      </div>
    </li>
  );
}

function currentLabel(billing: BillingOut) {
  if (billing.status === "unconfigured") return "Everyone's plan here";
  if (billing.status === "trialing" && !billing.paying) return "Your trial";
  return "Current plan";
}

function ChooseAction({ plan, billing, workspaceId, current }: { plan: PlanOut; billing: BillingOut; workspaceId: number; current: boolean }) {
  const location = useLocation();
  if (!billing.configured || !billing.policies["billing.manage"]) return null;
  const subscribed = hasSubscription(billing);
  const name = <span className="visually-hidden"> {plan.name}</span>;
  if (plan.id === "free") {
    // Back to Free is a cancellation at the period's end, explained on the billing page.
    return subscribed && !billing.cancel_at_period_end ? (
      <Link to={`/workspaces/${workspaceId}/billing?cancel=1`} className="button">
        Move to Free{name}
      </Link>
    ) : null;
  }
  if (current && subscribed) return null;
  if (subscribed && billing.plan.id === "pro_monthly" && plan.id === "pro_annual") {
    return (
      <Link to={`/workspaces/${workspaceId}/annual-upgrade`} className="button button--primary">
        Switch to annual{name}
      </Link>
    );
  }
  return (
    <Link to={withParam(location, CHOOSE_PARAM, plan.id)} className="button button--primary" preventScrollReset>
      Choose{name}
    </Link>
  );
}
