import type { InvoiceOut } from "../../../core/contracts/billing";
import { formatDay, formatMoney } from "./format";

const STATUS_WORDS: Record<string, string> = { paid: "Paid", open: "Due", draft: "Draft", uncollectible: "Not collected", void: "Void" };

/** The workspace's invoices as Stripe's events recorded them, newest first, each with Stripe's page and PDF. */
export function Invoices({ invoices }: { invoices: InvoiceOut[] }) {
  return (
    <section className="billing-section" aria-labelledby="billing-invoices-heading">
      <h2 id="billing-invoices-heading">Invoices</h2>
      {invoices.length === 0 ? (
        <p className="billing-empty">No invoices yet. Each payment&apos;s invoice appears here, with a PDF to download.</p>
      ) : (
        <table className="billing-invoices">
          <thead>
            <tr>
              <th scope="col">Invoice</th>
              <th scope="col">Date</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Links</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => {
              const name = invoice.number ?? "Draft invoice";
              return (
                <tr key={invoice.id}>
                  <td data-label="Invoice">{name}</td>
                  <td data-label="Date">{formatDay(invoice.created_at)}</td>
                  <td data-label="Amount">{formatMoney(invoice.status === "paid" ? invoice.amount_paid_cents : invoice.amount_due_cents, invoice.currency)}</td>
                  <td data-label="Status">
                    <span className={`billing-invoice-status billing-invoice-status--${invoice.status}`}>{STATUS_WORDS[invoice.status] ?? invoice.status}</span>
                  </td>
                  <td className="billing-invoices__links">
                    {invoice.hosted_invoice_url ? (
                      <a href={invoice.hosted_invoice_url} target="_blank" rel="noreferrer">
                        {invoice.status === "open" ? "Pay" : "View"}
                        <span className="visually-hidden"> {name}</span>
                      </a>
                    ) : null}
                    {invoice.invoice_pdf ? (
                      <a href={invoice.invoice_pdf} target="_blank" rel="noreferrer">
                        PDF<span className="visually-hidden"> of {name}</span>
                      </a>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
