import * as z from "zod";

/**
 * Each network's limits as data: what a post may hold and how often an account may post.
 * Scheduling validates against this table, the publisher re-checks quotas before sending,
 * and the content engine's guardrails read the same numbers. Sources disagree on some
 * figures; each entry names the one it follows, and a deployment can override any field
 * without code (NETWORK_LIMITS, see `withOverrides`).
 */

export const networks = ["sandbox", "x", "bluesky", "mastodon", "threads", "instagram", "facebook", "linkedin", "tiktok", "youtube", "pinterest"] as const;
export type Network = (typeof networks)[number];

/** How a network counts characters. */
export type CharacterCount =
  /** UTF-16 code units, as JavaScript's `length` (most networks). */
  | "utf16"
  /** User-perceived characters (Bluesky counts graphemes). */
  | "graphemes"
  /** X's weighted count: most scripts 1, CJK and emoji 2, every URL 23. */
  | "x_weighted";

export interface MediaLimits {
  /** Images per post (a carousel counts each). */
  images: number;
  videos: number;
  maxImageBytes: number;
  maxVideoBytes: number;
  /** Allowed width/height ratios, [min, max]; null: any. */
  aspectRatio: [number, number] | null;
  /** Video length in seconds, [min, max]; null: any. */
  videoSeconds: [number, number] | null;
  /** Whether a post may mix images and a video. */
  mixed: boolean;
}

export interface RollingQuota {
  posts: number;
  windowMinutes: number;
}

export interface NetworkLimits {
  label: string;
  characters: number;
  count: CharacterCount;
  /** A text over the limit may be posted as a thread of this many posts at most (0: no threads). */
  threadPosts: number;
  hashtags: number | null;
  mentions: number | null;
  media: MediaLimits;
  /** Rolling posting quota per account; null when the network documents none. */
  quota: RollingQuota | null;
  /** Where the figures come from, for whoever wonders. */
  source: string;
}

const MB = 1024 * 1024;

export const NETWORK_LIMITS: Record<Network, NetworkLimits> = {
  sandbox: {
    label: "Sandbox",
    characters: 500,
    count: "graphemes",
    threadPosts: 10,
    hashtags: 10,
    mentions: 10,
    media: { images: 4, videos: 1, maxImageBytes: 10 * MB, maxVideoBytes: 100 * MB, aspectRatio: null, videoSeconds: null, mixed: false },
    quota: { posts: 100, windowMinutes: 60 },
    source: "Brandwork's own sandbox network: limits chosen to exercise every rule offline.",
  },
  x: {
    label: "X (Twitter)",
    characters: 280,
    count: "x_weighted",
    threadPosts: 25,
    hashtags: null,
    mentions: 10,
    media: { images: 4, videos: 1, maxImageBytes: 5 * MB, maxVideoBytes: 512 * MB, aspectRatio: null, videoSeconds: [0.5, 140], mixed: false },
    quota: { posts: 100, windowMinutes: 24 * 60 },
    source: "developer.x.com counting-characters (weighted length, URLs 23) and POST /2/tweets rate limits (100 per user per 24 h).",
  },
  bluesky: {
    label: "Bluesky",
    characters: 300,
    count: "graphemes",
    threadPosts: 25,
    hashtags: null,
    mentions: null,
    media: { images: 4, videos: 1, maxImageBytes: 1_000_000, maxVideoBytes: 100 * MB, aspectRatio: null, videoSeconds: [0, 180], mixed: false },
    quota: { posts: 1_666, windowMinutes: 60 },
    source: "docs.bsky.app: app.bsky.feed.post (300 graphemes, 4 images of 1 MB); rate limits 5,000 points/hour, 3 per create.",
  },
  mastodon: {
    label: "Mastodon",
    // The default instance limit; an instance may configure more (read from /api/v2/instance on connect).
    characters: 500,
    count: "utf16",
    threadPosts: 25,
    hashtags: null,
    mentions: null,
    media: { images: 4, videos: 1, maxImageBytes: 16 * MB, maxVideoBytes: 99 * MB, aspectRatio: null, videoSeconds: null, mixed: false },
    // 300 requests per 5 minutes per account; posting is a small share of it.
    quota: { posts: 100, windowMinutes: 5 },
    source: "docs.joinmastodon.org: statuses 500 characters (instance default), 4 attachments; rate limit 300 per 5 minutes.",
  },
  threads: {
    label: "Threads",
    characters: 500,
    count: "utf16",
    threadPosts: 10,
    hashtags: 1,
    mentions: null,
    media: { images: 10, videos: 10, maxImageBytes: 8 * MB, maxVideoBytes: 1024 * MB, aspectRatio: [0.01, 10], videoSeconds: [0, 300], mixed: true },
    quota: { posts: 250, windowMinutes: 24 * 60 },
    source: "developers.facebook.com/docs/threads: 500 characters, one topic tag, 250 API-published posts per 24 h.",
  },
  instagram: {
    label: "Instagram",
    characters: 2_200,
    count: "utf16",
    threadPosts: 0,
    // Meta's Graph API documents 30; Instagram said in 2025 it would allow 5. The API is what refuses a post.
    hashtags: 30,
    mentions: 20,
    media: { images: 10, videos: 10, maxImageBytes: 8 * MB, maxVideoBytes: 1024 * MB, aspectRatio: [0.8, 1.91], videoSeconds: [3, 900], mixed: true },
    // Documented as 25, then 50, now 100 API-published posts per 24 h; the current Graph API figure.
    // It is the default scheduling counts against: at send time the Instagram provider reads the
    // account's content_publishing_limit (quota_total, quota_duration) and that figure wins, so a
    // changed limit is obeyed before this table catches up (NETWORK_LIMITS overrides it meanwhile).
    quota: { posts: 100, windowMinutes: 24 * 60 },
    source: "developers.facebook.com/docs/instagram-platform content publishing: 2,200 characters, 30 hashtags, 20 mentions, 100 posts per 24 h.",
  },
  facebook: {
    label: "Facebook",
    characters: 63_206,
    count: "utf16",
    threadPosts: 0,
    hashtags: null,
    mentions: null,
    media: { images: 10, videos: 1, maxImageBytes: 10 * MB, maxVideoBytes: 1024 * MB, aspectRatio: null, videoSeconds: [1, 14_400], mixed: false },
    quota: null,
    source: "Facebook Pages API: 63,206 characters; Page posting is bounded by the app's rate limit, not a post count.",
  },
  linkedin: {
    label: "LinkedIn",
    characters: 3_000,
    count: "utf16",
    threadPosts: 0,
    hashtags: null,
    mentions: null,
    media: { images: 20, videos: 1, maxImageBytes: 8 * MB, maxVideoBytes: 500 * MB, aspectRatio: [0.4, 2.4], videoSeconds: [3, 1_800], mixed: false },
    quota: { posts: 150, windowMinutes: 24 * 60 },
    source: "learn.microsoft.com LinkedIn Posts API: 3,000 characters; 150 member posts per day (daily application limits vary).",
  },
  tiktok: {
    label: "TikTok",
    characters: 2_200,
    count: "utf16",
    threadPosts: 0,
    hashtags: null,
    mentions: null,
    media: { images: 35, videos: 1, maxImageBytes: 20 * MB, maxVideoBytes: 4096 * MB, aspectRatio: null, videoSeconds: [3, 600], mixed: false },
    // Content Posting API: 6 publish requests per minute per user token.
    quota: { posts: 6, windowMinutes: 1 },
    source: "developers.tiktok.com Content Posting API: 2,200-character caption, 6 requests per minute per user.",
  },
  youtube: {
    label: "YouTube",
    characters: 5_000,
    count: "utf16",
    threadPosts: 0,
    hashtags: 60,
    mentions: null,
    media: { images: 0, videos: 1, maxImageBytes: 0, maxVideoBytes: 256 * 1024 * MB, aspectRatio: null, videoSeconds: [1, 43_200], mixed: false },
    // 10,000 quota units a day, 1,600 per upload.
    quota: { posts: 6, windowMinutes: 24 * 60 },
    source: "developers.google.com/youtube/v3: 5,000-character description, 60 hashtags, 10,000 units/day at 1,600 per upload.",
  },
  pinterest: {
    label: "Pinterest",
    characters: 500,
    count: "utf16",
    threadPosts: 0,
    hashtags: 20,
    mentions: null,
    media: { images: 5, videos: 1, maxImageBytes: 20 * MB, maxVideoBytes: 2048 * MB, aspectRatio: null, videoSeconds: [4, 900], mixed: false },
    // 1,000 calls per minute per user for writes; pins are bounded by spam rules, not a count.
    quota: null,
    source: "developers.pinterest.com v5 pins: description 500 characters, title 100, carousels of up to 5 images.",
  },
};

const overrideSchema = z.partialRecord(
  z.enum(networks),
  z
    .object({
      characters: z.number().int().positive(),
      threadPosts: z.number().int().min(0),
      hashtags: z.number().int().min(0).nullable(),
      mentions: z.number().int().min(0).nullable(),
      quota: z.object({ posts: z.number().int().positive(), windowMinutes: z.number().int().positive() }).nullable(),
      media: z
        .object({ images: z.number().int().min(0), videos: z.number().int().min(0), maxImageBytes: z.number().int().min(0), maxVideoBytes: z.number().int().min(0) })
        .partial(),
    })
    .partial(),
);

/**
 * The table with a deployment's overrides (NETWORK_LIMITS, JSON such as
 * `{"instagram":{"hashtags":5,"quota":{"posts":50,"windowMinutes":1440}}}`) merged in. A
 * malformed override is ignored as a whole and reported, so a typo never loosens a limit silently.
 */
export function withOverrides(json: string | undefined, onInvalid?: (message: string) => void): Record<Network, NetworkLimits> {
  if (!json) return NETWORK_LIMITS;
  let parsed: z.infer<typeof overrideSchema>;
  try {
    parsed = overrideSchema.parse(JSON.parse(json));
  } catch (error) {
    onInvalid?.(`NETWORK_LIMITS is not valid and was ignored: ${error instanceof Error ? error.message : String(error)}`);
    return NETWORK_LIMITS;
  }
  const merged = { ...NETWORK_LIMITS };
  for (const [network, override] of Object.entries(parsed) as [Network, NonNullable<(typeof parsed)[Network]>][]) {
    const base = NETWORK_LIMITS[network];
    merged[network] = { ...base, ...override, media: { ...base.media, ...override.media }, source: `${base.source} Overridden by this deployment.` };
  }
  return merged;
}
