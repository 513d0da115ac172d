import type { RateLimitVerdict } from "../../../durable/rate-limiter";
import type { ApiKeyGrant } from "../../auth/api-keys";

/** Calls per key per minute when `API_RATE_LIMIT_PER_MINUTE` is unset or not a positive whole number. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 120;

export type RateLimitEnv = Pick<Env, "RATE_LIMITER" | "API_RATE_LIMIT_PER_MINUTE">;

export function rateLimitPerMinute(env: Pick<Env, "API_RATE_LIMIT_PER_MINUTE">): number {
  const configured = Number(env.API_RATE_LIMIT_PER_MINUTE);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_RATE_LIMIT_PER_MINUTE;
}

/** Counts one call of a key in its own counter (durable/rate-limiter), and answers whether it may run. */
export function takeApiCall(env: RateLimitEnv, grant: Pick<ApiKeyGrant, "id">): Promise<RateLimitVerdict> {
  return env.RATE_LIMITER.getByName(`api_key:${grant.id}`).take(rateLimitPerMinute(env));
}

/** The IETF draft's headers (draft-ietf-httpapi-ratelimit-headers), on every answer to a key. */
export const rateLimitHeaders = (verdict: RateLimitVerdict): Record<string, string> => ({
  "RateLimit-Limit": String(verdict.limit),
  "RateLimit-Remaining": String(verdict.remaining),
  "RateLimit-Reset": String(verdict.reset),
});

export const RATE_LIMIT_HEADERS = Object.keys(rateLimitHeaders({ allowed: true, limit: 0, remaining: 0, reset: 0, retryAfter: 0 }));
