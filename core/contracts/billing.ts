import * as z from "zod";
import { limitKeys, paidPlanIds, planIds } from "../billing/plans";

/**
 * The billing API (`/v1/w/:ws/billing…`, admins manage, members read) and what it answers.
 * Routes:
 *   GET  /v1/billing/plans                      → { data: PlanOut[] }            (anyone)
 *   GET  /v1/w/:ws/billing                      → { data: BillingOut }           (billing.read)
 *   POST /v1/w/:ws/billing/trial                → { data: BillingOut }           (billing.manage)
 *   POST /v1/w/:ws/billing/checkout   CheckoutIn → { data: { url } }              (billing.manage)
 *   POST /v1/w/:ws/billing/portal     PortalIn   → { data: { url } }              (billing.manage)
 *   POST /v1/w/:ws/billing/preview    ChangeIn   → { data: PreviewOut }           (billing.manage)
 *   PUT  /v1/w/:ws/billing/subscription ChangeIn → { data: BillingOut }           (billing.manage)
 *   POST /v1/w/:ws/billing/cancel               → { data: BillingOut }           (billing.manage)
 *   POST /v1/w/:ws/billing/resume               → { data: BillingOut }           (billing.manage)
 *   GET  /v1/w/:ws/billing/invoices             → { data: InvoiceOut[] }         (billing.manage)
 *   POST /v1/webhooks/stripe                    (Stripe, signed)
 * Without Stripe keys every write answers 409 `billing_not_configured`.
 */

export const planIdSchema = z.enum(planIds, { error: `must be one of ${planIds.join(", ")}` });
export const paidPlanIdSchema = z.enum(paidPlanIds, { error: `must be one of ${paidPlanIds.join(", ")}` });

/** Seats a subscription may buy in one go (a plan's own cap is checked beside it). */
export const MAX_SEATS = 500;
const seats = z
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .min(1, { error: "must be at least 1" })
  .max(MAX_SEATS, { error: `must be at most ${MAX_SEATS}` });

const limitsOut = z.object(Object.fromEntries(limitKeys.map((key) => [key, z.number().nullable()])) as Record<(typeof limitKeys)[number], z.ZodNullable<z.ZodNumber>>);

export const planOut = z.object({
  id: planIdSchema,
  name: z.string(),
  tier: z.enum(["free", "pro", "team"]),
  interval: z.enum(["month", "year"]).nullable(),
  seat_price_cents: z.number().int(),
  currency: z.literal("usd"),
  blurb: z.string(),
  limits: limitsOut,
});
export type PlanOut = z.infer<typeof planOut>;

/**
 * Where the workspace stands: `unconfigured` (no Stripe keys: DEFAULT_PLAN for everyone),
 * `free`, `trialing` (our trial, or a subscription still in its trial), `active`,
 * `past_due` (a payment failed: the plan holds until `grace_ends_at`), `canceled` (back on free).
 */
export const billingStatuses = ["unconfigured", "free", "trialing", "active", "past_due", "canceled"] as const;
export type BillingStatus = (typeof billingStatuses)[number];

export const usageOut = z.object(
  Object.fromEntries(limitKeys.map((key) => [key, z.object({ used: z.number(), limit: z.number().nullable() })])) as Record<
    (typeof limitKeys)[number],
    z.ZodObject<{ used: z.ZodNumber; limit: z.ZodNullable<z.ZodNumber> }>
  >,
);
export type UsageOut = z.infer<typeof usageOut>;

export const billingOut = z.object({
  configured: z.boolean(),
  plan: planOut,
  status: z.enum(billingStatuses),
  paying: z.boolean(),
  can_start_free_trial: z.boolean(),
  trial_ends_at: z.string().nullable(),
  /** Seats bought (a paid plan), else the plan's seat limit (null: unlimited). */
  seats: z.number().int().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  grace_ends_at: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() }).nullable(),
  usage: usageOut,
  /** When the monthly counts (generations, scheduled posts) start again. */
  usage_resets_at: z.string(),
  /** What to tell people, e.g. "Billing is not configured on this server". */
  notice: z.string().nullable(),
  policies: z.object({ "billing.manage": z.boolean() }),
});
export type BillingOut = z.infer<typeof billingOut>;

export const checkoutSchema = z.object({ plan: paidPlanIdSchema, seats: seats.default(1) });
export type CheckoutInput = z.infer<typeof checkoutSchema>;

export const portalSchema = z.object({ flow: z.enum(["payment_method", "manage"], { error: "must be payment_method or manage" }).default("manage") });
export type PortalInput = z.infer<typeof portalSchema>;

/** A change to a running subscription: another plan (monthly → annual), other seats, or both. */
export const changeSchema = z
  .object({
    plan: paidPlanIdSchema.optional(),
    seats: seats.optional(),
    /** The moment the preview priced (seconds), so the confirmation charges what was shown. */
    proration_date: z.number({ error: "must be a number" }).int({ error: "must be a whole number" }).positive().optional(),
  })
  .refine((change) => change.plan !== undefined || change.seats !== undefined, { error: "name a plan or a number of seats", path: ["plan"] });
export type ChangeInput = z.infer<typeof changeSchema>;

export const previewOut = z.object({
  plan: planOut,
  seats: z.number().int(),
  /** What is charged now for the change (prorated), in cents; negative is a credit. */
  amount_due_cents: z.number().int(),
  currency: z.string(),
  proration_date: z.number().int(),
  lines: z.array(z.object({ description: z.string(), amount_cents: z.number().int() })),
  /** The regular charge after the change, and when it next falls. */
  next_amount_cents: z.number().int(),
  next_payment_at: z.string().nullable(),
});
export type PreviewOut = z.infer<typeof previewOut>;

export const invoiceOut = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string(),
  amount_due_cents: z.number().int(),
  amount_paid_cents: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
  hosted_invoice_url: z.string().nullable(),
  invoice_pdf: z.string().nullable(),
});
export type InvoiceOut = z.infer<typeof invoiceOut>;
