import { NETWORK_LIMITS } from "../publishing/limits";

/**
 * SPEC section 3's social channels and the limits each network enforces. The guardrails
 * hold every generated post to these, whatever provider wrote it.
 */
export const socialChannels = ["instagram", "instagram_reel", "linkedin", "facebook", "twitter", "youtube", "seo", "email", "tiktok"] as const;

export type SocialChannel = (typeof socialChannels)[number];

/** The parts of a post a channel limits. `caption` is the body with its hashtags. */
export interface ChannelLimits {
  /** Characters in the body (with hashtags, where the network counts them together). */
  body?: number;
  title?: number;
  /** YouTube's description, SEO's meta description. */
  description?: number;
  hashtags?: number;
  /** A body over the limit becomes a thread (X) rather than being trimmed. */
  thread?: boolean;
}

/**
 * Read from the networks' limits table (core/publishing/limits.ts), the one the scheduler
 * enforces, so a generated post fits where it will be published (and a deployment's override
 * of the table is the only place a number changes). SEO and email are not networks.
 */
const network = (name: keyof typeof NETWORK_LIMITS): ChannelLimits => {
  const limits = NETWORK_LIMITS[name];
  return { body: limits.characters, ...(limits.hashtags !== null ? { hashtags: limits.hashtags } : {}), ...(limits.threadPosts > 0 ? { thread: true } : {}) };
};

export const CHANNEL_LIMITS: Record<SocialChannel, ChannelLimits> = {
  twitter: network("x"),
  linkedin: network("linkedin"),
  instagram: network("instagram"),
  instagram_reel: network("instagram"),
  facebook: network("facebook"),
  tiktok: network("tiktok"),
  // YouTube's text is a title (100 characters, a YouTube Studio rule) and the description the table holds.
  youtube: { title: 100, description: NETWORK_LIMITS.youtube.characters },
  seo: { title: 60, description: 160 },
  email: {},
};

export const CHANNEL_LABELS: Record<SocialChannel, string> = {
  instagram: "Instagram",
  instagram_reel: "Instagram Reel",
  linkedin: "LinkedIn",
  facebook: "Facebook",
  twitter: "X (Twitter)",
  youtube: "YouTube",
  seo: "SEO",
  email: "Email",
  tiktok: "TikTok",
};
