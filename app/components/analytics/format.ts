import { count } from "../../../core/counting";
import type { Network } from "../../../core/publishing/limits";
import { NETWORK_LIMITS } from "../../../core/publishing/limits";

/**
 * How analytics writes its figures. Every format names its locale (and a date its zone), so the
 * server's first paint and the browser's hydration write the same characters.
 */

const whole = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });

/** 12345 → "12,345". */
export const formatCount = (value: number | null) => (value === null ? "—" : whole.format(value));

/** 12345 → "12.3K", for chart axes where room is short. */
export const formatCompact = (value: number) => compact.format(value);

/** An engagement rate (0–1) as a percentage: 0.0423 → "4.2%"; null (nothing measured) → "—". */
export function formatRate(rate: number | null): string {
  if (rate === null) return "—";
  const percent = rate * 100;
  return `${percent.toFixed(percent > 0 && percent < 10 ? 1 : 0)}%`;
}

/** A change as a fraction (0.25 = +25 %): the arrow shown and the words read out. */
export function describeChange(change: number | null): { arrow: string; shown: string; spoken: string; tone: "up" | "down" | "flat" | "none" } {
  if (change === null) return { arrow: "", shown: "no earlier data", spoken: "no earlier data to compare with", tone: "none" };
  const percent = Math.round(Math.abs(change) * 100);
  if (percent === 0) return { arrow: "", shown: "no change", spoken: "no change from the previous period", tone: "flat" };
  const up = change > 0;
  return { arrow: up ? "▲" : "▼", shown: `${percent}%`, spoken: `${up ? "up" : "down"} ${percent}% from the previous period`, tone: up ? "up" : "down" };
}

export const networkLabel = (network: Network) => NETWORK_LIMITS[network]?.label ?? network;

/** "2026-12-02" → "2 Dec" (or "2 Dec 2026" with the year). The day is already in the viewer's zone. */
export function formatDay(day: string, withYear = false): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", ...(withYear && { year: "numeric" }), timeZone: "UTC" });
}

/** A moment in the viewer's zone: "2 Dec 2026, 09:30". */
export function formatMomentIn(iso: string, zone: string): string {
  return new Date(iso).toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: zone });
}

/** How long ago, as people say it: "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function formatAgo(iso: string, now: number): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${count(minutes, "minute")} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${count(hours, "hour")} ago`;
  return `${count(Math.round(hours / 24), "day")} ago`;
}

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export const WEEKDAYS_SHORT = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** 9 → "9–10", 23 → "23–24": an hour slot on a 24-hour clock. */
export const hourSlot = (hour: number) => `${hour}–${hour + 1}`;
