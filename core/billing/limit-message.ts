import { describeLimit, formatBytes, limitLabels, nextMonthStart, planThatLifts, type LimitKey, type Plan } from "./plans";

const monthDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });

/**
 * The words for a refusal at a plan limit: which limit, how much is used, and how to lift it
 * (the plan that would, more seats, or waiting/removing; an admin upgrades, others ask one).
 */
export function limitMessage(options: { key: LimitKey; plan: Plan; allowed: number; used: number; adding: number; now: Date; isAdmin: boolean }) {
  const { key, plan, allowed, used, adding, now, isAdmin } = options;
  const label = limitLabels[key];
  // A paid plan's seats are bought one by one: below the plan's most, buying more lifts it, not another plan.
  const buySeats = key === "seats" && plan.tier !== "free" && (plan.limits.seats === null || used + adding <= plan.limits.seats);
  const upgrade = buySeats ? null : planThatLifts(key, used + adding, plan.tier);
  const amount = key === "storage_bytes" ? `${formatBytes(used)} of ${formatBytes(allowed)} of storage` : `${used} of ${describeLimit(key, allowed).replace(/ a month$/, "")}`;
  const when = label.monthly ? " this month" : "";
  // Past a failed payment's grace, or after a downgrade, a workspace may already hold more than its plan allows.
  const held = key === "storage_bytes" ? `${formatBytes(used)} of storage` : `${used} ${used === 1 ? label.one : label.many}`;
  const hit =
    used > allowed
      ? `This workspace has ${held}${when}, over the ${plan.name} plan's ${describeLimit(key, allowed)}.`
      : `This workspace has used ${amount}${when} on the ${plan.name} plan.`;
  const lift = upgrade
    ? `${isAdmin ? "Upgrade" : "Ask an admin to upgrade"} to ${upgrade.name} for ${describeLimit(key, upgrade.limits[key])}`
    : key === "seats"
      ? `${isAdmin ? "Buy more seats" : "Ask an admin to buy more seats"} in Settings → Billing`
      : null;
  const wait = label.monthly ? `wait until ${monthDay.format(nextMonthStart(now))}` : key === "storage_bytes" ? "delete files you no longer need" : key === "seats" ? "remove someone first" : `remove one first`;
  const message = `${hit} ${lift ? `${lift}, or ${wait}.` : `${wait[0]!.toUpperCase()}${wait.slice(1)}.`}`;
  return { message, upgrade };
}
