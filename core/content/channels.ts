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

export const CHANNEL_LIMITS: Record<SocialChannel, ChannelLimits> = {
  twitter: { body: 280, thread: true },
  linkedin: { body: 3_000 },
  instagram: { body: 2_200, hashtags: 30 },
  instagram_reel: { body: 2_200, hashtags: 30 },
  facebook: { body: 63_206 },
  tiktok: { body: 2_200 },
  youtube: { title: 100, description: 5_000 },
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
