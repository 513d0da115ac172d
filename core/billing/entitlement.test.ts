import { describe, expect, it } from "vitest";
import type { BillingAccount } from "../../worker/db/schema";
import { blankBillingAccount, entitlementFrom } from "../../worker/services/billing/entitlements";
import { GRACE_DAYS, plans } from "./plans";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2027-03-15T12:00:00Z");
const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY);

function account(overrides: Partial<BillingAccount> = {}): BillingAccount {
  return { ...blankBillingAccount(1), stripeCustomerId: "cus_1", createdAt: now, updatedAt: now, ...overrides };
}

const subscribed = (overrides: Partial<BillingAccount> = {}) =>
  account({ stripeSubscriptionId: "sub_1", plan: "pro_monthly", status: "active", seats: 4, ...overrides });

describe("entitlementFrom", () => {
  it("gives DEFAULT_PLAN's limits while billing is not configured, whatever the row says", () => {
    const team = entitlementFrom(account({ plan: "free" }), false, plans.team, now);
    expect(team).toMatchObject({ configured: false, status: "unconfigured", paying: false });
    expect(team.plan.id).toBe("team");
    expect(team.limits).toEqual(plans.team.limits);
    expect(entitlementFrom(null, false, plans.pro_monthly, now).limits.brand_kits).toBe(5);
  });

  it("puts a configured workspace with no billing row on Free", () => {
    const free = entitlementFrom(null, true, plans.pro_monthly, now);
    expect(free).toMatchObject({ configured: true, status: "free", paying: false });
    expect(free.limits).toEqual(plans.free.limits);
  });

  it("gives Pro during our own trial and Free once it has ended", () => {
    const trial = entitlementFrom(account({ trialStartedAt: daysFromNow(-3), trialEndsAt: daysFromNow(11) }), true, plans.pro_monthly, now);
    expect(trial).toMatchObject({ status: "trialing", paying: false, trialEndsAt: daysFromNow(11) });
    expect(trial.plan.id).toBe("pro_monthly");
    expect(trial.limits).toEqual(plans.pro_monthly.limits);

    const ended = entitlementFrom(account({ trialStartedAt: daysFromNow(-20), trialEndsAt: daysFromNow(-6) }), true, plans.pro_monthly, now);
    expect(ended).toMatchObject({ status: "free", paying: false });
    expect(ended.limits).toEqual(plans.free.limits);
  });

  it("gives an active subscription its plan, with the seats it bought", () => {
    const active = entitlementFrom(subscribed({ plan: "team", seats: 12 }), true, plans.pro_monthly, now);
    expect(active).toMatchObject({ status: "active", paying: true });
    expect(active.plan.id).toBe("team");
    expect(active.limits).toEqual({ ...plans.team.limits, seats: 12 });
  });

  it("falls back to the plan's seats when the subscription names none", () => {
    expect(entitlementFrom(subscribed({ seats: null }), true, plans.pro_monthly, now).limits.seats).toBe(plans.pro_monthly.limits.seats);
  });

  it("keeps a Stripe trial's plan and its end", () => {
    const trialing = entitlementFrom(subscribed({ status: "trialing", trialEndsAt: daysFromNow(5) }), true, plans.pro_monthly, now);
    expect(trialing).toMatchObject({ status: "trialing", paying: true, trialEndsAt: daysFromNow(5) });
    expect(trialing.limits.seats).toBe(4);
  });

  it(`keeps the paid plan for ${GRACE_DAYS} days after a failed payment, then applies Free's limits`, () => {
    const within = entitlementFrom(subscribed({ status: "past_due", pastDueSince: daysFromNow(-(GRACE_DAYS - 1)) }), true, plans.pro_monthly, now);
    expect(within).toMatchObject({ status: "past_due", paying: true, graceEndsAt: daysFromNow(1) });
    expect(within.limits).toEqual({ ...plans.pro_monthly.limits, seats: 4 });

    const after = entitlementFrom(subscribed({ status: "unpaid", pastDueSince: daysFromNow(-(GRACE_DAYS + 1)) }), true, plans.pro_monthly, now);
    expect(after).toMatchObject({ status: "past_due", paying: false, graceEndsAt: daysFromNow(-1) });
    expect(after.plan.id).toBe("free");
    expect(after.limits).toEqual(plans.free.limits);
  });

  it("counts the grace period from now when the first failure's time is unknown", () => {
    const unknown = entitlementFrom(subscribed({ status: "past_due", pastDueSince: null }), true, plans.pro_monthly, now);
    expect(unknown).toMatchObject({ paying: true, graceEndsAt: daysFromNow(GRACE_DAYS) });
  });

  it("puts a canceled subscription on Free", () => {
    const canceled = entitlementFrom(subscribed({ status: "canceled" }), true, plans.pro_monthly, now);
    expect(canceled).toMatchObject({ status: "canceled", paying: false });
    expect(canceled.limits).toEqual(plans.free.limits);
  });
});
