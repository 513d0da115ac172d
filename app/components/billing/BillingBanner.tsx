import { Link } from "@remix-run/react";
import { daysUntil, formatDay, plural } from "./format";

export interface BillingBannerProps {
  banner: { kind: "past_due" | "trial_ending"; until: string; stillPaid: boolean } | null;
  workspaceId: number;
}

/** Above every page, for admins: a failed payment, or the trial's last days, with where to act. */
export function BillingBanner({ banner, workspaceId }: BillingBannerProps) {
  if (!banner) return null;
  const billing = `/workspaces/${workspaceId}/billing`;
  return (
    <div className={`shell-billing-banner shell-billing-banner--${banner.kind}`} role="status">
      {banner.kind === "past_due" ? (
        <p>
          {banner.stillPaid
            ? `A payment failed: your plan stays until ${formatDay(banner.until)}. `
            : "A payment failed and the grace period is over: new work is limited to the Free plan (nothing is deleted). "}
          <Link to={`${billing}?update_card=1`}>Update your card</Link>
        </p>
      ) : (
        <p>
          Your Pro trial ends in {plural(daysUntil(banner.until), "day")}. <Link to={`/workspaces/${workspaceId}/plans`}>Choose a plan</Link>
        </p>
      )}
    </div>
  );
}
