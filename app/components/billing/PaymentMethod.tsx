import { Link, useLocation } from "@remix-run/react";
import type { BillingOut } from "../../../core/contracts/billing";
import { Dialog, DialogActions, withoutParam } from "~/components/ui/Dialog";
import { FormAlert } from "~/components/ui/Field";
import { useBillingCall, withParam } from "./useBillingCall";

export const UPDATE_CARD_PARAM = "update_card";

/** The card Stripe charges, and the way to change it (the UpdatePaymentMethod flow). */
export function PaymentMethod({ billing }: { billing: BillingOut }) {
  const location = useLocation();
  const card = billing.card;
  return (
    <section className="billing-section" aria-labelledby="billing-card-heading">
      <h2 id="billing-card-heading">Payment method</h2>
      {card ? (
        <p className="billing-card">
          <span className="billing-card__brand">{cardBrand(card.brand)}</span> ••{card.last4}{" "}
          <span className="muted">
            expires {String(card.exp_month).padStart(2, "0")}/{card.exp_year}
          </span>
        </p>
      ) : (
        <p className="muted">No card on file yet.</p>
      )}
      {billing.status === "past_due" ? <p className="billing-warning">A payment failed: update your card and Stripe tries again.</p> : null}
      <p>
        <Link to={withParam(location, UPDATE_CARD_PARAM)} className="button" preventScrollReset>
          Update payment method
        </Link>
      </p>
    </section>
  );
}

/** "visa" reads "Visa", "amex" "American Express". */
function cardBrand(brand: string) {
  const names: Record<string, string> = { amex: "American Express", mastercard: "Mastercard", visa: "Visa", discover: "Discover", jcb: "JCB", unionpay: "UnionPay", diners: "Diners Club" };
  return names[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** UpdatePaymentMethod: says what happens, then goes to Stripe's page for cards and comes back here. */
export function UpdatePaymentMethodDialog({ workspaceId }: { workspaceId: number }) {
  const location = useLocation();
  const open = new URLSearchParams(location.search).has(UPDATE_CARD_PARAM);
  const closeTo = withoutParam(location, UPDATE_CARD_PARAM);
  const { busy, problem, run, api } = useBillingCall();

  async function go() {
    const answer = await run("portal", () => api.post<{ data: { url: string } }>(`/w/${workspaceId}/billing/portal`, { flow: "payment_method" }), "We couldn't open Stripe. Try again.");
    if (answer) window.location.assign(answer.data.url);
  }

  return (
    <Dialog
      open={open}
      closeTo={closeTo}
      title="Update payment method"
      description={
        <p>
          You&apos;ll add the new card on Stripe&apos;s secure page, then come back here. Brandwork never sees your card number. The new card is used for the next
          charge, and for any payment that failed.
        </p>
      }
    >
      <FormAlert message={problem} />
      <DialogActions closeTo={closeTo} label="Continue to Stripe" busyLabel="Opening Stripe…" busy={busy === "portal"} onClick={() => void go()} autoFocus="confirm" />
    </Dialog>
  );
}
