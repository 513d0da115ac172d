import { describeLimit, formatBytes, limitLabels, type LimitKey } from "../../../core/billing/plans";

/** Money as people read it: "$29", "$290.50", "−$12.40" (a credit). */
export function formatMoney(cents: number, currency = "usd"): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

// Billing dates are days, not moments, and the same for everyone: written in UTC, so the
// server's render and the browser's agree.
const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const dayOfMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });

/** "2 January 2027". */
export function formatDay(iso: string): string {
  return day.format(new Date(iso));
}

/** "1 January" (when monthly counts reset). */
export function formatDayOfMonth(iso: string): string {
  return dayOfMonth.format(new Date(iso));
}

/** Whole days from `now` until `iso`, at least 0 ("3 days left"). */
export function daysUntil(iso: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 86_400_000));
}

export function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

/** "per seat per month", "per seat per year", "" (free). */
export function intervalWords(interval: "month" | "year" | null): string {
  return interval ? `per seat per ${interval}` : "";
}

/** One usage line's numbers: "3 of 5", "1.2 GB of 50 GB", "12 (unlimited)". */
export function usageWords(key: LimitKey, used: number, limit: number | null): string {
  const show = (n: number) => (key === "storage_bytes" ? formatBytes(n) : String(n));
  if (limit === null) return `${show(used)} (unlimited)`;
  return `${show(used)} of ${show(limit)}`;
}

/** "Generations", "Connected accounts": a limit's name as a heading. */
export function limitTitle(key: LimitKey): string {
  const many = key === "storage_bytes" ? "storage" : limitLabels[key].many;
  return many[0]!.toUpperCase() + many.slice(1);
}

export { describeLimit };
