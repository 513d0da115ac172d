/**
 * The plans, as data: what each costs and what it allows. The policy module enforces the
 * limits (policies `authorizeWithinPlan`), the plans page and settings show them, Stripe's
 * price ids (environment) map onto these ids. A null limit is unlimited.
 */

export const planIds = ["free", "pro_monthly", "pro_annual", "team"] as const;
export type PlanId = (typeof planIds)[number];

/** What a plan counts. Monthly ones reset on the 1st of each calendar month (UTC). */
export const limitKeys = ["seats", "generations", "social_accounts", "scheduled_posts", "brand_kits", "storage_bytes"] as const;
export type LimitKey = (typeof limitKeys)[number];

export type PlanTier = "free" | "pro" | "team";
export type Limits = Record<LimitKey, number | null>;

export interface Plan {
  id: PlanId;
  name: string;
  tier: PlanTier;
  /** How often it is billed (null: never). */
  interval: "month" | "year" | null;
  /** Price of one seat for one interval, in cents (USD). */
  seatPriceCents: number;
  /** What the plan is for, in a line. */
  blurb: string;
  /**
   * `seats` on a paid plan is the most seats one subscription may buy; the workspace's own
   * seat limit is the number it bought (the subscription's quantity).
   */
  limits: Limits;
}

const GB = 1024 ** 3;

const PRO_LIMITS: Limits = {
  seats: 10,
  generations: 500,
  social_accounts: 10,
  scheduled_posts: 300,
  brand_kits: 5,
  storage_bytes: 50 * GB,
};

export const plans: Record<PlanId, Plan> = {
  free: {
    id: "free",
    name: "Free",
    tier: "free",
    interval: null,
    seatPriceCents: 0,
    blurb: "Try Brandwork with a small team: one brand kit and a few posts a month.",
    limits: { seats: 2, generations: 20, social_accounts: 2, scheduled_posts: 10, brand_kits: 1, storage_bytes: 1 * GB },
  },
  pro_monthly: {
    id: "pro_monthly",
    name: "Pro",
    tier: "pro",
    interval: "month",
    seatPriceCents: 2900,
    blurb: "For a marketing team that publishes every week.",
    limits: PRO_LIMITS,
  },
  pro_annual: {
    id: "pro_annual",
    name: "Pro (annual)",
    tier: "pro",
    interval: "year",
    // Two months free against monthly.
    seatPriceCents: 29000,
    blurb: "Pro, billed yearly: two months free.",
    limits: PRO_LIMITS,
  },
  team: {
    id: "team",
    name: "Team",
    tier: "team",
    interval: "month",
    seatPriceCents: 5900,
    blurb: "For larger teams and agencies: unlimited seats, brand kits and scheduled posts.",
    limits: { seats: null, generations: 3000, social_accounts: 50, scheduled_posts: null, brand_kits: null, storage_bytes: 500 * GB },
  },
};

/** The plans a workspace can subscribe to (free is where it starts and returns to). */
export const paidPlanIds = ["pro_monthly", "pro_annual", "team"] as const satisfies readonly PlanId[];
export type PaidPlanId = (typeof paidPlanIds)[number];

export const TRIAL_DAYS = 14;
/** The plan a trial gives. */
export const TRIAL_PLAN: PlanId = "pro_monthly";
/** How long a failed payment keeps the paid plan before the free plan's limits apply. */
export const GRACE_DAYS = 7;

export const limitLabels: Record<LimitKey, { one: string; many: string; monthly: boolean }> = {
  seats: { one: "seat", many: "seats", monthly: false },
  generations: { one: "generation", many: "generations", monthly: true },
  social_accounts: { one: "connected account", many: "connected accounts", monthly: false },
  scheduled_posts: { one: "scheduled post", many: "scheduled posts", monthly: true },
  brand_kits: { one: "brand kit", many: "brand kits", monthly: false },
  storage_bytes: { one: "byte of storage", many: "storage", monthly: false },
};

export function isPlanId(value: string | undefined | null): value is PlanId {
  return planIds.includes(value as PlanId);
}

/** "1.5 GB", "50 GB": storage as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  // As it will read: 1023.99 MB is "1 GB", never "1024 MB" or "1.0 GB".
  const shown = (value: number) => (value >= 10 ? Math.round(value) : Number(value.toFixed(1)));
  let value = bytes / 1024;
  let unit = 0;
  while (shown(value) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${shown(value)} ${units[unit]}`;
}

/** "20 generations a month", "1 brand kit", "50 GB of storage", "unlimited seats". */
export function describeLimit(key: LimitKey, limit: number | null): string {
  const label = limitLabels[key];
  if (limit === null) return `unlimited ${label.many}`;
  if (key === "storage_bytes") return `${formatBytes(limit)} of storage`;
  return `${limit} ${limit === 1 ? label.one : label.many}${label.monthly ? " a month" : ""}`;
}

/** The first moment of the calendar month (UTC) that `now` is in: monthly counts start here. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The first moment of the next calendar month (UTC): when monthly counts reset. */
export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** The cheapest plan above `tier` that lifts `key` past `needed`, for "upgrade to …" messages. */
export function planThatLifts(key: LimitKey, needed: number, above: PlanTier): Plan | null {
  const order: PlanTier[] = ["free", "pro", "team"];
  const candidates = [plans.pro_monthly, plans.team].filter((plan) => order.indexOf(plan.tier) > order.indexOf(above));
  return candidates.find((plan) => plan.limits[key] === null || plan.limits[key]! >= needed) ?? null;
}
