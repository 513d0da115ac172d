import { count, MINUTE_MS, per } from "../counting";
import type { RollingQuota } from "./limits";

/**
 * Rolling quotas: for every moment x, an account may have at most `posts` posts in the window
 * (x - window, x]. A new post at t must keep every window that contains it within the quota.
 */

export interface QuotaVerdict {
  ok: boolean;
  /** How many posts are already in the fullest window that would contain t. */
  inWindow: number;
  /** The earliest time at or after t that keeps every window within the quota. */
  nextFree: number;
  /** The fullest window's bounds, for the message. */
  windowStart: number;
  windowEnd: number;
}

/** The most posts in any window that contains t, among `times` (epoch ms). */
function fullestWindow(times: readonly number[], t: number, windowMs: number) {
  let best = { count: 0, start: t - windowMs, end: t };
  // Windows ending at t and at each later post within a window of t cover every case.
  const ends = [t, ...times.filter((time) => time > t && time < t + windowMs)];
  for (const end of ends) {
    const start = end - windowMs;
    const count = times.filter((time) => time > start && time <= end).length;
    if (count > best.count) best = { count, start, end };
  }
  return best;
}

export function checkQuota(quota: RollingQuota | null, times: readonly number[], t: number): QuotaVerdict {
  if (!quota) return { ok: true, inWindow: 0, nextFree: t, windowStart: t, windowEnd: t };
  const windowMs = quota.windowMinutes * 60_000;
  const fullest = fullestWindow(times, t, windowMs);
  if (fullest.count < quota.posts) return { ok: true, inWindow: fullest.count, nextFree: t, windowStart: fullest.start, windowEnd: fullest.end };
  // A later time is free once enough posts have left its window: try each moment one leaves.
  const candidates = [...new Set(times.map((time) => time + windowMs + 1))].filter((time) => time > t).sort((a, b) => a - b);
  const nextFree = candidates.find((candidate) => fullestWindow(times, candidate, windowMs).count < quota.posts) ?? t + windowMs;
  return { ok: false, inWindow: fullest.count, nextFree, windowStart: fullest.start, windowEnd: fullest.end };
}

/** "Sandbox allows 100 posts per hour": the quota as the refusal and the publisher's log word it. */
export const quotaRule = (label: string, quota: RollingQuota) => `${label} allows ${count(quota.posts, "post")} ${per(quota.windowMinutes * MINUTE_MS)}`;

/** Why a post at this time is refused, with the window that is full and the next free time. */
export function quotaRefusal(label: string, quota: RollingQuota, accountName: string, verdict: QuotaVerdict, format: (ms: number) => string): string {
  return (
    `${quotaRule(label, quota)} from ${accountName}; ${count(verdict.inWindow, ["is", "are"])} already scheduled or published ` +
    `between ${format(verdict.windowStart)} and ${format(verdict.windowEnd)}. The next free time is ${format(verdict.nextFree)}.`
  );
}
