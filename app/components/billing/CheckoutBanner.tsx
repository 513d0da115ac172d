import type { BillingOut } from "../../../core/contracts/billing";
import { useRefreshUntil } from "./useBillingCall";

/**
 * Back from Stripe Checkout (`?checkout=success`): the payment went through, but the plan
 * changes only when Stripe's event arrives, so the page reloads its data until it shows `paying`.
 */
export function CheckoutBanner({ billing }: { billing: BillingOut }) {
  const waiting = !billing.paying;
  const gaveUp = useRefreshUntil(waiting);
  return (
    <div className={`billing-banner billing-banner--${waiting ? "info" : "ok"}`} role="status">
      {waiting ? (
        <p>
          <strong>Payment received — your plan updates as soon as Stripe confirms it.</strong>{" "}
          {gaveUp ? "Stripe hasn't confirmed yet: reload this page in a minute." : "This page refreshes by itself."}
        </p>
      ) : (
        <p>
          <strong>You&apos;re on {billing.plan.name}.</strong> Thank you! Its limits apply now.
        </p>
      )}
    </div>
  );
}
