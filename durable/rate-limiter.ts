import { DurableObject } from "cloudflare:workers";

/** One call's verdict, in the terms of the RateLimit-* headers (seconds, rounded up). */
export interface RateLimitVerdict {
  allowed: boolean;
  /** Calls allowed per period. */
  limit: number;
  /** Calls still allowed right now, after this one. */
  remaining: number;
  /** Seconds until the whole limit is available again. */
  reset: number;
  /** When refused: seconds until the next call is allowed (0 when allowed). */
  retryAfter: number;
}

/** Float sums of the interval may drift by far less than this; it keeps the last call of a full burst allowed. */
const SLACK_MS = 1;
const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * Counts one API key's calls (one instance per key, named by its id) with GCRA, the "generic
 * cell rate algorithm": each call moves a theoretical arrival time (TAT) one interval
 * (period / limit) into the future, and a call is refused when that would put the TAT more
 * than a period ahead of now. Fair at the edges, unlike fixed minute windows, which let a
 * client spend a full limit at 12:00:59 and another at 12:01:00: here there is no edge. A
 * client gets at most `limit` calls at once, then one more per interval as the burst refills,
 * so its rate over time is `limit` a minute. It stores one number per key (a sliding log,
 * the other exact choice, would store a timestamp per call).
 */
export class RateLimiter extends DurableObject<Env> {
  /** Counts one call against `limit` calls per `periodMs`; a refused call does not count. */
  take(limit: number, periodMs = 60_000, now = Date.now()): RateLimitVerdict {
    const interval = periodMs / limit;
    const tat = Math.max(this.ctx.storage.kv.get<number>("tat") ?? 0, now);
    const next = tat + interval;
    if (next - now > periodMs + SLACK_MS) {
      return { allowed: false, limit, remaining: 0, reset: seconds(tat - now), retryAfter: Math.max(1, seconds(next - periodMs - now)) };
    }
    // Synchronous storage: no other call to this key interleaves between the read and the write.
    this.ctx.storage.kv.put("tat", next);
    const remaining = Math.floor((now + periodMs - next + SLACK_MS) / interval);
    return { allowed: true, limit, remaining: Math.min(limit - 1, remaining), reset: seconds(next - now), retryAfter: 0 };
  }
}
