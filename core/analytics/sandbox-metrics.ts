import type { PostFigures } from "./metrics";

/**
 * The Sandbox network's figures: deterministic (the same post and moment always give the same
 * numbers), plausible (impressions climb fast on the first day and level off; engagement is a
 * few percent of them; clicks follow links), and growing with time, so every analytics screen
 * works offline and tests can predict what they will see.
 */

/** A stable number in [0, 1) from a string (FNV-1a). */
function unit(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 2 ** 32;
}

const HOUR = 60 * 60 * 1000;
/** Sandbox accounts' follower counts grow from this day. */
const SANDBOX_EPOCH = Date.UTC(2025, 0, 1);

/** A post's lifetime figures `now`, published at `publishedAt`, by its network id. */
export function sandboxPostFigures(postId: string, publishedAt: number, now: number, text = ""): PostFigures {
  const hours = Math.max(0, (now - publishedAt) / HOUR);
  // Half of what a post will ever get arrives in its first ~8 hours.
  const grown = 1 - Math.exp(-hours / 12);
  const reachFor = 300 + Math.floor(unit(`${postId}:reach`) * 4700);
  const impressions = Math.round(reachFor * 1.4 * grown);
  const reach = Math.round(reachFor * grown);
  const rate = 0.01 + unit(`${postId}:rate`) * 0.06;
  const engagements = impressions * rate;
  const likes = Math.round(engagements * 0.7);
  const comments = Math.round(engagements * 0.1);
  const shares = Math.round(engagements * 0.12);
  const saves = Math.max(0, Math.round(engagements) - likes - comments - shares);
  const clicks = /https?:\/\//i.test(text) ? Math.round(impressions * (0.005 + unit(`${postId}:clicks`) * 0.02)) : 0;
  return { impressions, reach, likes, comments, shares, saves, clicks };
}

/** An account's followers on a UTC day (`YYYY-MM-DD`): a base and a steady, slightly uneven growth. */
export function sandboxFollowers(accountId: string, day: string): number {
  const base = 500 + Math.floor(unit(`${accountId}:base`) * 4500);
  const days = Math.max(0, Math.floor((Date.parse(`${day}T00:00:00Z`) - SANDBOX_EPOCH) / (24 * HOUR)));
  const perDay = 2 + unit(`${accountId}:growth`) * 10;
  return base + Math.floor(perDay * days) + Math.floor(unit(`${accountId}:${day}`) * 5);
}
