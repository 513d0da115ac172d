import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { isPlanId } from "../../../core/billing/plans";
import { MAX_SEATS, type BillingOut, type PlanOut, type PreviewOut } from "../../../core/contracts/billing";
import { Dialog, DialogActions, withoutParam } from "~/components/ui/Dialog";
import { Field, FormAlert } from "~/components/ui/Field";
import { daysUntil, formatDay, formatMoney, plural } from "./format";
import { CHOOSE_PARAM } from "./PlanCard";
import { hasSubscription } from "./PlanActions";
import { PreviewSummary } from "./PreviewSummary";
import { useBillingCall } from "./useBillingCall";

/**
 * The Payment flow (`?choose=<plan>`): without a subscription, how many seats and the total,
 * then Stripe Checkout; with one, the prorated charge of moving to this plan, then confirm.
 */
export function PaymentDialog({ plans, billing, workspaceId }: { plans: PlanOut[]; billing: BillingOut; workspaceId: number }) {
  const location = useLocation();
  const chosen = new URLSearchParams(location.search).get(CHOOSE_PARAM);
  const plan = isPlanId(chosen) && chosen !== "free" ? plans.find((p) => p.id === chosen) : undefined;
  const closeTo = withoutParam(location, CHOOSE_PARAM);
  if (!plan || !billing.configured || !billing.policies["billing.manage"]) return null;
  return (
    <Dialog open closeTo={closeTo} title={`Choose ${plan.name}`} size="wide">
      {hasSubscription(billing) ? (
        <ChangePlan key={plan.id} plan={plan} billing={billing} workspaceId={workspaceId} closeTo={closeTo} />
      ) : (
        <Checkout key={plan.id} plan={plan} billing={billing} workspaceId={workspaceId} closeTo={closeTo} />
      )}
    </Dialog>
  );
}

interface StepProps {
  plan: PlanOut;
  billing: BillingOut;
  workspaceId: number;
  closeTo: string;
}

function Checkout({ plan, billing, workspaceId, closeTo }: StepProps) {
  const inUse = Math.max(1, billing.usage.seats.used);
  const cap = Math.min(MAX_SEATS, plan.limits.seats ?? MAX_SEATS);
  const [seats, setSeats] = useState(String(Math.min(inUse, cap)));
  const { busy, problem, run, api } = useBillingCall();
  const wanted = Number(seats);
  const valid = Number.isInteger(wanted) && wanted >= 1 && wanted <= cap;
  const trialLeft = billing.status === "trialing" && !billing.paying && billing.trial_ends_at ? billing.trial_ends_at : null;

  async function pay() {
    const answer = await run("checkout", () => api.post<{ data: { url: string } }>(`/w/${workspaceId}/billing/checkout`, { plan: plan.id, seats: wanted }), "We couldn't open the payment page. Try again.");
    if (answer) window.location.assign(answer.data.url);
  }

  return (
    <form
      className="billing-dialog-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void pay();
      }}
    >
      <Field
        label="Seats"
        type="number"
        inputMode="numeric"
        min={1}
        max={cap}
        value={seats}
        onChange={(event) => setSeats(event.target.value)}
        data-autofocus
        hint={`One for each admin and member (${plural(billing.usage.seats.used, "person", "people")} now); guests are free. At most ${cap}.`}
      />
      <p className="billing-total" aria-live="polite">
        {valid ? (
          <>
            Total: <strong>{formatMoney(plan.seat_price_cents * wanted, plan.currency)}</strong> per {plan.interval} for {plural(wanted, "seat")}
          </>
        ) : (
          "Enter a number of seats."
        )}
      </p>
      {plan.interval === "year" ? <p className="muted">Billed once a year: two months free against paying monthly.</p> : null}
      {trialLeft ? (
        <p className="muted">
          Your trial&apos;s {plural(daysUntil(trialLeft), "day")} carry over: nothing is charged until {formatDay(trialLeft)}.
        </p>
      ) : null}
      <p className="muted">You&apos;ll pay on Stripe&apos;s secure page, then come back here. Change seats or cancel any time.</p>
      <FormAlert message={problem} />
      <DialogActions closeTo={closeTo} label="Continue to payment" busyLabel="Opening the payment page…" busy={busy === "checkout"} disabled={!valid} />
    </form>
  );
}

function ChangePlan({ plan, billing, workspaceId, closeTo }: StepProps) {
  const [preview, setPreview] = useState<PreviewOut | null>(null);
  const [done, setDone] = useState(false);
  const { busy, problem, run, api } = useBillingCall();
  const seats = billing.seats ?? 1;

  useEffect(() => {
    void run("preview", () => api.post<{ data: PreviewOut }>(`/w/${workspaceId}/billing/preview`, { plan: plan.id, seats }), "We couldn't price that change. Close this and try again.").then(
      (answer) => setPreview(answer?.data ?? null),
    );
    // Priced once when the dialog opens for this plan.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plan.id]);

  async function confirm() {
    if (!preview) return;
    const answer = await run("confirm", () => api.put(`/w/${workspaceId}/billing/subscription`, { plan: plan.id, seats: preview.seats, proration_date: preview.proration_date }), "The change didn't go through. Try again.");
    if (answer) setDone(true);
  }

  if (done) {
    return (
      <>
        <p role="status">Done: this workspace moves to {plan.name}. The page shows it as soon as Stripe confirms.</p>
        <div className="dialog__actions">
          <Link to={closeTo} replace preventScrollReset className="button button--primary" data-autofocus>
            Close
          </Link>
        </div>
      </>
    );
  }
  return (
    <>
      <p>
        From {billing.plan.name} to {plan.name}, {plural(seats, "seat")}. You pay the difference for the rest of this period now.
      </p>
      {busy === "preview" ? <p role="status">Working out the charge…</p> : null}
      {preview ? <PreviewSummary preview={preview} /> : null}
      <FormAlert message={problem} />
      <DialogActions closeTo={closeTo} label={`Move to ${plan.name}`} busyLabel="Changing…" busy={busy === "confirm"} disabled={!preview} onClick={() => void confirm()} />
    </>
  );
}
