import type { PreviewOut } from "../../../core/contracts/billing";
import { formatDay, formatMoney, plural } from "./format";

/** What a change costs before it is confirmed: the prorated amount now, its lines, and the next regular charge. */
export function PreviewSummary({ preview }: { preview: PreviewOut }) {
  const { amount_due_cents: now, currency } = preview;
  return (
    <div className="billing-preview" aria-label="What this change costs">
      <p className="billing-preview__now">
        {now < 0 ? (
          <>
            <strong>{formatMoney(-now, currency)}</strong> credit to your account now
          </>
        ) : (
          <>
            <strong>{formatMoney(now, currency)}</strong> charged now
          </>
        )}
      </p>
      {preview.lines.length ? (
        <table className="billing-preview__lines">
          <caption className="visually-hidden">How the amount is worked out</caption>
          <tbody>
            {preview.lines.map((line, index) => (
              <tr key={index}>
                <td>{line.description}</td>
                <td className="billing-preview__amount">{formatMoney(line.amount_cents, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="muted">
        Then {formatMoney(preview.next_amount_cents, currency)} for {plural(preview.seats, "seat")} of {preview.plan.name}
        {preview.next_payment_at ? `, next charged on ${formatDay(preview.next_payment_at)}` : ""}.
      </p>
    </div>
  );
}
