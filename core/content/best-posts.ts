import type { Network } from "../publishing/limits";
import type { SocialChannel } from "./channels";

/**
 * "Like our best posts": the workspace's own posts that did best on a channel's network, given
 * to the writer as examples of what worked. A model reads them; the offline writer takes their
 * shape (length, hashtags, whether they ask a question), never their words.
 */

export interface BestPost {
  channel: SocialChannel;
  network: Network;
  text: string;
  impressions: number;
  engagements: number;
  /** engagements / impressions, 0–1. */
  engagementRate: number;
}

/** How many best posts a channel is modelled on. */
export const BEST_POSTS_PER_CHANNEL = 3;
/** How far back they are looked for. */
export const BEST_POSTS_DAYS = 90;

/** The network whose posts a channel learns from (none for SEO and email, which are not published to a network). */
export const channelNetwork: Record<SocialChannel, Network | null> = {
  twitter: "x",
  linkedin: "linkedin",
  instagram: "instagram",
  instagram_reel: "instagram",
  facebook: "facebook",
  tiktok: "tiktok",
  youtube: "youtube",
  seo: null,
  email: null,
};

export interface PostShape {
  /** The examples' median length in words, hashtags left out. */
  words: number;
  /** Their median number of hashtags. */
  hashtags: number;
  /** Most of them ask the reader a question. */
  asks: boolean;
}

const HASHTAG = /(^|\s)#[\p{L}\p{N}_]+/gu;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

export function shapeOf(examples: readonly Pick<BestPost, "text">[]): PostShape | null {
  if (examples.length === 0) return null;
  const words = examples.map((post) => post.text.replace(HASHTAG, " ").split(/\s+/).filter(Boolean).length);
  const hashtags = examples.map((post) => post.text.match(HASHTAG)?.length ?? 0);
  const asking = examples.filter((post) => post.text.replace(HASHTAG, " ").includes("?")).length;
  return { words: median(words), hashtags: median(hashtags), asks: asking * 2 > examples.length };
}

export const describeShape = (shape: PostShape) =>
  `about ${shape.words} ${shape.words === 1 ? "word" : "words"}, ${shape.hashtags === 0 ? "no hashtags" : `${shape.hashtags} ${shape.hashtags === 1 ? "hashtag" : "hashtags"}`}, ${shape.asks ? "asking a question" : "no question"}`;
