import * as z from "zod";
import { subscriptionStatuses } from "../../db/schema";

/**
 * What we read of Stripe's objects, as they arrive inside signed events (API version
 * 2026-10-28.endive). Only the fields the billing tables need; anything else is dropped. A
 * field Stripe may send expanded (an object) or as its id reads as the id.
 */

const idOf = z.union([z.string(), z.object({ id: z.string() })]).transform((value) => (typeof value === "string" ? value : value.id));
const metadata = z.record(z.string(), z.string()).nullish();

/** The envelope of every event: checked at the webhook before anything is stored. */
export const stripeEventEnvelope = z.object({
  id: z.string().min(1),
  object: z.literal("event"),
  type: z.string().min(1),
  created: z.number().int(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEventEnvelope = z.infer<typeof stripeEventEnvelope>;

export const subscriptionObject = z.object({
  id: z.string(),
  customer: idOf,
  status: z.enum(subscriptionStatuses.filter((status) => status !== "none") as [Exclude<(typeof subscriptionStatuses)[number], "none">]),
  cancel_at_period_end: z.boolean().nullish(),
  // The portal may cancel "at period end" by setting cancel_at instead of the flag.
  cancel_at: z.number().nullish(),
  trial_end: z.number().nullish(),
  metadata,
  // In this API version the billing period lives on each item, not on the subscription.
  items: z.object({
    data: z.array(z.object({ price: z.object({ id: z.string() }), quantity: z.number().int().nullish(), current_period_end: z.number().nullish() })),
  }),
});
export type SubscriptionObject = z.infer<typeof subscriptionObject>;

export const invoiceObject = z.object({
  id: z.string(),
  customer: idOf.nullish(),
  number: z.string().nullish(),
  // A draft invoice's status may be null.
  status: z.string().nullish(),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  currency: z.string(),
  hosted_invoice_url: z.string().nullish(),
  invoice_pdf: z.string().nullish(),
  created: z.number().int(),
  metadata,
  // An invoice's subscription is its parent's (`invoice.parent.subscription_details`).
  parent: z.object({ subscription_details: z.object({ subscription: idOf, metadata }).nullish() }).nullish(),
});
export type InvoiceObject = z.infer<typeof invoiceObject>;

export const checkoutSessionObject = z.object({
  id: z.string(),
  mode: z.string(),
  customer: idOf.nullish(),
  subscription: idOf.nullish(),
  client_reference_id: z.string().nullish(),
  metadata,
});

export const cardDetails = z.object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() });
export type CardDetails = z.infer<typeof cardDetails>;

const paymentMethod = z.object({ id: z.string(), customer: idOf.nullish(), card: cardDetails.nullish() });
/** A payment method as an id (nothing to read) or expanded (its card, if it is one). */
const paymentMethodRef = z.union([z.string(), paymentMethod]).nullish();

export const paymentMethodObject = paymentMethod;

export const customerObject = z.object({
  id: z.string(),
  metadata,
  invoice_settings: z.object({ default_payment_method: paymentMethodRef }).nullish(),
});

export const setupIntentObject = z.object({ id: z.string(), customer: idOf.nullish(), payment_method: paymentMethodRef });

/** `customer.source.expiring`: a Card (legacy source) or a Source with a card. */
export const expiringSourceObject = z.union([
  cardDetails.extend({ object: z.literal("card"), customer: idOf.nullish() }),
  z.object({ object: z.literal("source"), customer: idOf.nullish(), card: cardDetails }).transform(({ card, customer }) => ({ ...card, customer })),
]);

/** The workspace id we put in metadata (checkout's client_reference_id and subscription_data.metadata). */
export function workspaceIdFrom(...candidates: (string | null | undefined)[]): number | null {
  for (const candidate of candidates) {
    if (candidate && /^\d{1,15}$/.test(candidate)) return Number(candidate);
  }
  return null;
}
