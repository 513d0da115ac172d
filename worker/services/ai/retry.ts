import { ProviderError } from "./provider";

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** First wait; doubles each time, with jitter, capped at maxMs. */
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseMs: 1_000, maxMs: 15_000 };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/**
 * Runs `attempt` until it succeeds, a non-retryable error is thrown, or attempts run out.
 * A provider's Retry-After wins over the backoff (within maxMs).
 */
export async function withRetry<T>(attempt: () => Promise<T>, policy: RetryPolicy, signal?: AbortSignal): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ProviderError) || !error.retryable || n >= policy.attempts || signal?.aborted) throw error;
      const backoff = Math.min(policy.maxMs, policy.baseMs * 2 ** (n - 1) * (0.75 + Math.random() * 0.5));
      await sleep(Math.min(policy.maxMs, error.retryAfterMs ?? backoff), signal);
    }
  }
}

/** Retry-After in seconds or as an HTTP date. */
export function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
