/**
 * The figures analytics shows, as one vocabulary whatever each network calls them. A post's
 * figures are its lifetime totals as last collected (networks report totals, not deltas), and
 * a post counts in the period it was published in, in the viewer's time zone.
 */

/** What a network may report for one post; absent when it has none. */
export const postFigureKeys = ["impressions", "reach", "views", "likes", "comments", "shares", "saves", "clicks"] as const;
export type PostFigureKey = (typeof postFigureKeys)[number];
export type PostFigures = Partial<Record<PostFigureKey, number>>;

/** The headline totals, each compared with the period before. */
export const totalKeys = ["posts", "impressions", "reach", "engagements", "engagement_rate", "clicks", "followers_gained"] as const;
export type TotalKey = (typeof totalKeys)[number];

export const totalLabels: Record<TotalKey, string> = {
  posts: "Posts published",
  impressions: "Impressions",
  reach: "Reach",
  engagements: "Engagements",
  engagement_rate: "Engagement rate",
  clicks: "Clicks",
  followers_gained: "Followers gained",
};

/** Engagements: every way a person acted on a post (likes, comments, shares, saves). */
export function engagementsOf(figures: PostFigures): number {
  return (figures.likes ?? 0) + (figures.comments ?? 0) + (figures.shares ?? 0) + (figures.saves ?? 0);
}

/** Engagements per impression, 0–1; null without impressions (not 0: nothing was measured). */
export function engagementRate(engagements: number, impressions: number): number | null {
  return impressions > 0 ? engagements / impressions : null;
}

/** The change from `previous` to `current` as a fraction (0.25 = +25 %); null when there was nothing before. */
export function changeBetween(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

/** Content types a post can be filtered by, from what it carries. */
export const contentTypes = ["text", "image", "video", "link"] as const;
export type ContentType = (typeof contentTypes)[number];

/** A post's content type: a video or image among its media, else a link in its text, else text. */
export function contentTypeOf(mediaTypes: readonly string[], text: string): ContentType {
  if (mediaTypes.some((type) => type.startsWith("video/"))) return "video";
  if (mediaTypes.some((type) => type.startsWith("image/"))) return "image";
  return /https?:\/\/\S+/i.test(text) ? "link" : "text";
}

/** How often a published post's figures are collected: hourly on its first day, daily to day 30, then never. */
export const METRICS_WINDOW_DAYS = 30;
export function nextMetricsFetch(publishedAt: number, now: number): number | null {
  const HOUR = 60 * 60 * 1000;
  const age = now - publishedAt;
  if (age >= METRICS_WINDOW_DAYS * 24 * HOUR) return null;
  return now + (age < 24 * HOUR ? HOUR : 24 * HOUR);
}
