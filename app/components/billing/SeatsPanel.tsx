import { useState } from "react";
import { MAX_SEATS, type BillingOut, type PreviewOut } from "../../../core/contracts/billing";
import { Field, FormAlert } from "~/components/ui/Field";
import { plural } from "./format";
import { PreviewSummary } from "./PreviewSummary";
import { useBillingCall, useRefreshUntil } from "./useBillingCall";

/**
 * Seats on a running subscription: pick a number, see the prorated charge, then confirm it
 * with the moment the preview priced. Fewer seats than people in the workspace is refused by
 * the form (the API refuses it too).
 */
export function SeatsPanel({ billing, workspaceId }: { billing: BillingOut; workspaceId: number }) {
  const current = billing.seats ?? 1;
  const inUse = billing.usage.seats.used;
  const cap = Math.min(MAX_SEATS, billing.plan.limits.seats ?? MAX_SEATS);
  const [seats, setSeats] = useState(String(current));
  const [preview, setPreview] = useState<PreviewOut | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [changedTo, setChangedTo] = useState<number | null>(null);
  const { busy, problem, run, api } = useBillingCall();
  // The seats change with Stripe's event: refresh until they have.
  useRefreshUntil(changedTo !== null && changedTo !== billing.seats);
  const wanted = Number(seats);
  const valid = Number.isInteger(wanted) && wanted >= Math.max(1, inUse) && wanted <= cap;

  async function previewSeats() {
    setNotice(null);
    const answer = await run("preview", () => api.post<{ data: PreviewOut }>(`/w/${workspaceId}/billing/preview`, { seats: wanted }), "We couldn't price that change. Try again.");
    setPreview(answer?.data ?? null);
  }
  async function confirm() {
    if (!preview) return;
    const done = await run("confirm", () => api.put(`/w/${workspaceId}/billing/subscription`, { seats: preview.seats, proration_date: preview.proration_date }), "The change didn't go through. Try again.");
    if (done) {
      setPreview(null);
      setChangedTo(preview.seats);
      setNotice(`Done: ${plural(preview.seats, "seat")} from now on. The page shows it as soon as Stripe confirms.`);
    }
  }

  return (
    <section className="billing-section" aria-labelledby="billing-seats-heading">
      <h2 id="billing-seats-heading">Seats</h2>
      <p className="muted">
        {plural(current, "seat")} bought, {inUse} in use (admins and members; guests are free). Adding seats is charged for the rest of this period;
        removing them gives a credit.
      </p>
      <FormAlert message={problem} />
      <FormAlert message={notice} tone="info" />
      <form
        className="billing-seats"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) void previewSeats();
        }}
      >
        <Field
          label="Seats"
          type="number"
          inputMode="numeric"
          min={Math.max(1, inUse)}
          max={cap}
          value={seats}
          onChange={(event) => {
            setSeats(event.target.value);
            setPreview(null);
          }}
          hint={`At least ${Math.max(1, inUse)} (the people in this workspace), at most ${cap}.`}
        />
        <button type="submit" className="button" disabled={!valid || wanted === current || busy !== null} aria-busy={busy === "preview" || undefined}>
          {busy === "preview" ? "Pricing…" : "Preview the charge"}
        </button>
      </form>
      {preview ? (
        <div className="billing-confirm">
          <PreviewSummary preview={preview} />
          <div className="billing-actions">
            <button type="button" className="button" onClick={() => setPreview(null)}>
              Cancel
            </button>
            <button type="button" className="button button--primary" onClick={() => void confirm()} disabled={busy !== null} aria-busy={busy === "confirm" || undefined}>
              {busy === "confirm" ? "Changing…" : `Confirm ${plural(preview.seats, "seat")}`}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
