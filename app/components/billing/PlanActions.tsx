import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { TRIAL_DAYS } from "../../../core/billing/plans";
import type { BillingOut } from "../../../core/contracts/billing";
import { Dialog, DialogActions, withoutParam } from "~/components/ui/Dialog";
import { FormAlert } from "~/components/ui/Field";
import { formatDay } from "./format";
import { UPDATE_CARD_PARAM } from "./PaymentMethod";
import { useBillingCall, useRefreshUntil, withParam } from "./useBillingCall";

export const CANCEL_PARAM = "cancel";

/** What a subscription can be running: one Stripe knows about (our own trial is not one). */
export function hasSubscription(billing: BillingOut) {
  return billing.paying || (billing.status === "past_due" && billing.grace_ends_at !== null);
}

/** An admin's buttons under the plan: start the trial, choose a plan, go annual, update the card, cancel or resume. */
export function PlanActions({ billing, workspaceId }: { billing: BillingOut; workspaceId: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { busy, problem, run, api } = useBillingCall();
  const [notice, setNotice] = useState<string | null>(null);
  const [resuming, setResuming] = useState(false);
  // Stripe's event, not our call's answer, takes the cancellation back: refresh until it has.
  const resumeGaveUp = useRefreshUntil(resuming && billing.cancel_at_period_end);
  if (!billing.configured) return null;
  const subscribed = hasSubscription(billing);

  async function startTrial() {
    const done = await run("trial", () => api.post(`/w/${workspaceId}/billing/trial`), "The trial didn't start. Try again.");
    if (done) setNotice(`Your ${TRIAL_DAYS}-day Pro trial has started: Pro's limits apply now, and nothing is charged.`);
  }
  async function resume() {
    const done = await run("resume", () => api.post(`/w/${workspaceId}/billing/resume`), "The subscription wasn't resumed. Try again.");
    if (done) {
      setResuming(true);
      // The cancellation's notice (navigation state) is over.
      if (location.state) navigate(`${location.pathname}${location.search}`, { replace: true, preventScrollReset: true, state: null });
    }
  }
  const resumeNotice = !resuming
    ? null
    : billing.cancel_at_period_end
      ? resumeGaveUp
        ? "Stripe hasn't confirmed yet: reload this page in a minute."
        : "Stripe is confirming that your subscription continues…"
      : `Resumed: your subscription renews${billing.current_period_end ? ` on ${formatDay(billing.current_period_end)}` : ""} as before.`;

  return (
    <div className="billing-plan__actions">
      <FormAlert message={problem} />
      <FormAlert message={notice ?? resumeNotice} tone="info" />
      <div className="billing-actions">
        {billing.can_start_free_trial ? (
          <button type="button" className="button button--primary" onClick={() => void startTrial()} disabled={busy !== null} aria-busy={busy === "trial" || undefined}>
            {busy === "trial" ? "Starting…" : "Start free trial"}
          </button>
        ) : null}
        {!subscribed ? (
          <Link to={`/workspaces/${workspaceId}/plans`} className={`button${billing.can_start_free_trial ? "" : " button--primary"}`}>
            Choose a plan
          </Link>
        ) : null}
        {subscribed && billing.plan.id === "pro_monthly" ? (
          <Link to={`/workspaces/${workspaceId}/annual-upgrade`} className="button">
            Switch to annual (two months free)
          </Link>
        ) : null}
        {billing.status === "past_due" ? (
          <Link to={withParam(location, UPDATE_CARD_PARAM)} className="button button--primary" preventScrollReset>
            Update your card
          </Link>
        ) : null}
        {subscribed && billing.cancel_at_period_end && !resuming ? (
          <button type="button" className="button button--primary" onClick={() => void resume()} disabled={busy !== null} aria-busy={busy === "resume" || undefined}>
            {busy === "resume" ? "Resuming…" : "Resume subscription"}
          </button>
        ) : null}
        {subscribed && !billing.cancel_at_period_end && !(location.state as { canceling?: boolean } | null)?.canceling ? (
          <Link to={withParam(location, CANCEL_PARAM)} className="button button--destructive-outline" preventScrollReset>
            Cancel subscription
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** Cancel: says when the plan ends and that nothing is deleted, then cancels at the period's end. */
export function CancelDialog({ billing, workspaceId }: { billing: BillingOut; workspaceId: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  const open = new URLSearchParams(location.search).has(CANCEL_PARAM);
  const closeTo = withoutParam(location, CANCEL_PARAM);
  const { busy, problem, run, api } = useBillingCall();
  const ends = billing.current_period_end ? formatDay(billing.current_period_end) : "the end of the period you paid for";

  async function cancel() {
    const done = await run("cancel", () => api.post(`/w/${workspaceId}/billing/cancel`), "The subscription wasn't canceled. Try again.");
    // The page says so, and refreshes, until Stripe's event has marked it (CancelNotice).
    if (done) navigate(closeTo, { replace: true, preventScrollReset: true, state: { canceling: true } });
  }

  return (
    <Dialog
      open={open}
      closeTo={closeTo}
      tone="danger"
      title="Cancel the subscription?"
      description={
        <>
          <p>
            {billing.plan.name} stays until <strong>{ends}</strong>, and nothing more is charged. Then this workspace moves to the Free plan.
          </p>
          <p>
            Nothing is deleted: documents, posts, brand kits, files and people all stay. Past Free&apos;s limits you can still see and edit everything, just not
            add more. You can resume any time before {ends}.
          </p>
        </>
      }
    >
      <FormAlert message={problem} />
      <DialogActions closeTo={closeTo} label="Cancel subscription" busyLabel="Canceling…" busy={busy === "cancel"} tone="destructive" onClick={() => void cancel()} autoFocus="cancel" />
    </Dialog>
  );
}

/** After Cancel: "Stripe is confirming…" until its event arrives, then when the plan ends. */
export function CancelNotice({ billing }: { billing: BillingOut }) {
  const location = useLocation();
  const canceling = Boolean((location.state as { canceling?: boolean } | null)?.canceling);
  const gaveUp = useRefreshUntil(canceling && !billing.cancel_at_period_end);
  if (!canceling) return null;
  const message = billing.cancel_at_period_end
    ? `Canceled. ${billing.plan.name} stays until ${billing.current_period_end ? formatDay(billing.current_period_end) : "the end of this period"}; nothing is deleted.`
    : gaveUp
      ? "Stripe hasn't confirmed the cancellation yet: reload this page in a minute."
      : "Stripe is confirming the cancellation…";
  return <FormAlert message={message} tone="info" />;
}
