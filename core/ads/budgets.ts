import type { AdObjective, Budget, Schedule } from "../contracts/ads";
import { formatMoney } from "./money";

/**
 * The network's smallest daily budget per currency, in minor units. Meta asks at least the
 * equivalent of US$1.00 a day for ad sets billed on impressions (what every objective here bills
 * on); the table holds that equivalent in each currency an ad account may use. A lifetime budget
 * needs that much for each day of its schedule.
 */
export const MIN_DAILY_BUDGET_MINOR: Record<string, number> = {
  USD: 100,
  EUR: 100,
  GBP: 100,
  CAD: 100,
  AUD: 100,
  CHF: 100,
  SEK: 1_000,
  BRL: 500,
  MXN: 2_000,
  JPY: 150,
};
export const adCurrencies = Object.keys(MIN_DAILY_BUDGET_MINOR);

const DAY_MS = 86_400_000;

/** Whole days a schedule covers, counting a started day (a 36-hour schedule is 2 days). */
export function scheduleDays(schedule: Pick<Schedule, "start" | "end">): number | null {
  if (!schedule.end) return null;
  return Math.max(1, Math.ceil((Date.parse(schedule.end) - Date.parse(schedule.start)) / DAY_MS));
}

/** The least this budget may be, in minor units, or null when the currency is not one ads may use. */
export function minimumBudgetMinor(budget: Pick<Budget, "type" | "currency">, schedule: Pick<Schedule, "start" | "end"> | null, _objective?: AdObjective | null): number | null {
  const daily = MIN_DAILY_BUDGET_MINOR[budget.currency];
  if (daily == null) return null;
  if (budget.type === "daily") return daily;
  return daily * (schedule ? scheduleDays(schedule) ?? 1 : 1);
}

/** The budget's problem in words ("must be at least $1.00 a day"), or null when it is fine. */
export function budgetProblem(budget: Budget, schedule: Pick<Schedule, "start" | "end"> | null, objective?: AdObjective | null): string | null {
  if (!Number.isInteger(budget.amount_minor)) return "must be a whole number of minor units (cents)";
  const minimum = minimumBudgetMinor(budget, schedule, objective);
  if (minimum == null) return `${budget.currency} is not a currency ads may use (${adCurrencies.join(", ")})`;
  if (budget.amount_minor < minimum) {
    if (budget.type === "daily") return `must be at least ${formatMoney(minimum, budget.currency)} a day`;
    const days = schedule ? scheduleDays(schedule) ?? 1 : 1;
    return `must be at least ${formatMoney(minimum, budget.currency)} for ${days} ${days === 1 ? "day" : "days"} (${formatMoney(MIN_DAILY_BUDGET_MINOR[budget.currency]!, budget.currency)} a day)`;
  }
  return null;
}

/**
 * The most this campaign can spend between `from` and `to` (ms): a daily budget for each
 * started day of the overlap, a lifetime budget in proportion to the share of its schedule
 * that falls in it, rounded up so a cap is never under-counted.
 */
export function maxSpendBetween(budget: Pick<Budget, "type" | "amount_minor">, schedule: Pick<Schedule, "start" | "end">, from: number, to: number): number {
  const start = Math.max(Date.parse(schedule.start), from);
  const end = Math.min(schedule.end ? Date.parse(schedule.end) : Infinity, to);
  if (end <= start) return 0;
  if (budget.type === "daily") return budget.amount_minor * Math.ceil((end - start) / DAY_MS);
  const total = Date.parse(schedule.end!) - Date.parse(schedule.start);
  return total <= 0 ? budget.amount_minor : Math.ceil((budget.amount_minor * (end - start)) / total);
}

/** The current calendar month in UTC, as [first instant, first instant of the next month). */
export function monthOf(now: number): [number, number] {
  const date = new Date(now);
  return [Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1), Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)];
}
