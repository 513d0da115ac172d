import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { BillingOut } from "../../../core/contracts/billing";
import { daysUntil, formatDay, formatMoney, intervalWords, plural } from "./format";

interface PlanStatusProps {
  billing: BillingOut;
  workspaceId: number;
  /** Admins' controls (trial, cancel, resume, card); members see the plan read-only. */
  actions: ReactNode;
  /** Who members ask, e.g. "Ask Dana Demo or Sam Lee to change it." */
  readOnlyNote: ReactNode;
}

const STATUS_LABELS: Record<BillingOut["status"], string> = {
  unconfigured: "Not configured",
  free: "Free",
  trialing: "Trial",
  active: "Active",
  past_due: "Payment failed",
  canceled: "Canceled",
};

/** The plan the workspace is on, where it stands and what comes next, in words. */
export function PlanStatus({ billing, workspaceId, actions, readOnlyNote }: PlanStatusProps) {
  const { plan, status } = billing;
  const tone = status === "past_due" ? "warn" : status === "active" || status === "trialing" ? "ok" : "neutral";
  return (
    <section className="billing-section billing-plan" aria-labelledby="billing-plan-heading" data-status={status}>
      <div className="billing-plan__head">
        <h2 id="billing-plan-heading">
          <span className="visually-hidden">Current plan: </span>
          {plan.name}
        </h2>
        <span className={`billing-badge billing-badge--${tone}`}>{STATUS_LABELS[status]}</span>
      </div>
      {plan.seat_price_cents > 0 ? (
        <p className="billing-plan__price">
          {formatMoney(plan.seat_price_cents, plan.currency)} {intervalWords(plan.interval)}
          {billing.seats !== null && billing.paying ? ` · ${plural(billing.seats, "seat")}` : ""}
        </p>
      ) : null}
      <div className="billing-plan__story">{story(billing)}</div>
      {actions}
      {readOnlyNote}
      <p className="billing-plan__links">
        <Link to={`/workspaces/${workspaceId}/plans`}>Compare plans</Link>
      </p>
    </section>
  );
}

/** What the status means for this workspace now. */
function story(billing: BillingOut): ReactNode {
  const { plan, status } = billing;
  switch (status) {
    case "unconfigured":
      return (
        <>
          <p className="billing-notice" role="status">
            {billing.notice ?? "Billing is not configured on this server"}.
          </p>
          <p>
            Every workspace here has the {plan.name} plan and its limits (the server&apos;s <code>DEFAULT_PLAN</code>). Nothing is charged.
          </p>
        </>
      );
    case "free":
      return <p>{billing.can_start_free_trial ? "You're on the Free plan. Try Pro free for 14 days, no card needed, or choose a plan." : "You're on the Free plan."}</p>;
    case "trialing": {
      const ends = billing.trial_ends_at;
      const left = ends ? plural(daysUntil(ends), "day") : null;
      return ends ? (
        <p>
          {plan.name} trial: <strong>{left} left</strong>, until {formatDay(ends)}.{" "}
          {billing.paying
            ? `Your subscription's first charge is on ${formatDay(ends)}.`
            : "Choose a plan before then to keep these limits; without one the workspace moves to Free and nothing is deleted."}
        </p>
      ) : (
        <p>{plan.name} trial.</p>
      );
    }
    case "active":
      return billing.cancel_at_period_end && billing.current_period_end ? (
        <p>
          Canceled: {plan.name} stays until <strong>{formatDay(billing.current_period_end)}</strong>, then this workspace moves to Free. Nothing is deleted.
        </p>
      ) : (
        <p>{billing.current_period_end ? `Renews on ${formatDay(billing.current_period_end)}.` : "Your subscription is active."}</p>
      );
    case "past_due":
      return billing.grace_ends_at && billing.paying ? (
        <p>
          A payment failed. {plan.name} stays until <strong>{formatDay(billing.grace_ends_at)}</strong>: update your card before then to keep it. Nothing is
          deleted either way.
        </p>
      ) : (
        <p>
          A payment failed and the grace period ended: the Free plan&apos;s limits apply to anything new. Everything already here stays. Update your card to
          return to your plan.
        </p>
      );
    case "canceled":
      return <p>The subscription ended and this workspace is on the Free plan. Nothing was deleted; choose a plan to add more again.</p>;
  }
}
