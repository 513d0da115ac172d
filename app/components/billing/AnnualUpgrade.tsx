import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { BillingOut, PreviewOut } from "../../../core/contracts/billing";
import { FormAlert } from "~/components/ui/Field";
import { PreviewSummary } from "./PreviewSummary";
import { useBillingCall, useRefreshUntil } from "./useBillingCall";

/**
 * Monthly Pro to annual: the prorated charge Stripe works out (POST preview), then Confirm,
 * which charges exactly what was shown (the preview's proration_date). The plan changes when
 * Stripe's event arrives; until then the page reloads its data.
 */
export function AnnualUpgrade({ billing, workspaceId }: { billing: BillingOut; workspaceId: number }) {
  const [preview, setPreview] = useState<PreviewOut | null>(null);
  const [sent, setSent] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const { busy, problem, run, api } = useBillingCall();
  const switched = billing.plan.id === "pro_annual";
  const gaveUp = useRefreshUntil(sent && !switched);

  useEffect(() => {
    void run("preview", () => api.post<{ data: PreviewOut }>(`/w/${workspaceId}/billing/preview`, { plan: "pro_annual" }), "We couldn't work out the charge.").then((answer) =>
      setPreview(answer?.data ?? null),
    );
    // Priced once on arrival (and on "Try again").
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [workspaceId, attempt]);

  async function confirm() {
    if (!preview) return;
    const answer = await run("confirm", () => api.put(`/w/${workspaceId}/billing/subscription`, { plan: "pro_annual", proration_date: preview.proration_date }), "The switch didn't go through. Try again.");
    if (answer) setSent(true);
  }

  if (sent) {
    return (
      <div className={`billing-banner billing-banner--${switched ? "ok" : "info"}`} role="status">
        {switched ? (
          <p>
            <strong>You&apos;re on Pro (annual).</strong> <Link to={`/workspaces/${workspaceId}/billing`}>See billing</Link>
          </p>
        ) : (
          <p>
            <strong>Switching to annual…</strong> {gaveUp ? "Stripe hasn't confirmed yet: reload this page in a minute." : "Your plan updates as soon as Stripe confirms it."}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="billing-confirm">
      {busy === "preview" ? (
        <p role="status" className="muted">
          Working out the charge…
        </p>
      ) : null}
      {preview ? <PreviewSummary preview={preview} /> : null}
      <FormAlert message={problem} />
      <div className="billing-actions">
        <Link to={`/workspaces/${workspaceId}/billing`} className="button">
          Not now
        </Link>
        {problem && !preview ? (
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        ) : null}
        <button type="button" className="button button--primary" disabled={!preview || busy !== null} aria-busy={busy === "confirm" || undefined} onClick={() => void confirm()}>
          {busy === "confirm" ? "Switching…" : "Confirm and switch to annual"}
        </button>
      </div>
    </div>
  );
}
