import { desc, eq } from "drizzle-orm";
import type { InvoiceOut } from "../../../core/contracts/billing";
import type { Database } from "../../db/client";
import { billingInvoices } from "../../db/schema";
import { presentInvoice } from "../../presenters/billing";

/** How many invoices the billing page lists: two years of monthly ones. */
export const INVOICES_SHOWN = 24;

/** The workspace's invoices as Stripe's events recorded them, newest first. */
export async function invoicesOf(db: Database, workspaceId: number): Promise<InvoiceOut[]> {
  const rows = await db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.workspaceId, workspaceId))
    .orderBy(desc(billingInvoices.issuedAt), desc(billingInvoices.id))
    .limit(INVOICES_SHOWN);
  return rows.map(presentInvoice);
}
