import { count, formatNumber } from "../counting";
import type { CharacterCount, NetworkLimits } from "./limits";

/**
 * A post's text and media held to one network's limits. Every problem is a sentence that
 * names the network and the rule, ready to show as it is.
 */

const URL_PATTERN = /https?:\/\/[^\s]+/giu;
const HASHTAG_PATTERN = /(?<![\p{L}\p{N}_&])#[\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*/gu;
const MENTION_PATTERN = /(?<![\p{L}\p{N}_])@[\p{L}\p{N}_.]+/gu;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** X weighs code points in these ranges 1 and everything else (CJK, emoji) 2; every URL is 23. */
const X_LIGHT_RANGES: [number, number][] = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];

function xWeightedLength(text: string) {
  let length = 0;
  const withoutUrls = text.replace(URL_PATTERN, () => {
    length += 23;
    return "";
  });
  for (const { segment } of graphemes.segment(withoutUrls)) {
    const codePoint = segment.codePointAt(0)!;
    length += X_LIGHT_RANGES.some(([low, high]) => codePoint >= low && codePoint <= high) ? 1 : 2;
  }
  return length;
}

export function countCharacters(text: string, count: CharacterCount): number {
  if (count === "utf16") return text.length;
  if (count === "x_weighted") return xWeightedLength(text);
  let n = 0;
  for (const _ of graphemes.segment(text)) n++;
  return n;
}

export const hashtagsIn = (text: string) => text.match(HASHTAG_PATTERN) ?? [];
export const mentionsIn = (text: string) => text.match(MENTION_PATTERN) ?? [];

/**
 * Splits a text too long for one post into a thread: paragraphs first, then sentences, then
 * words, never cutting a word unless one word alone is over the limit.
 */
export function splitThread(text: string, limits: Pick<NetworkLimits, "characters" | "count">): string[] {
  const fits = (part: string) => countCharacters(part, limits.count) <= limits.characters;
  const trimmed = text.trim();
  if (fits(trimmed)) return [trimmed];
  const pieces = trimmed
    .split(/\n{2,}/)
    .flatMap((paragraph) => (fits(paragraph) ? [paragraph] : paragraph.split(/(?<=[.!?])\s+/)))
    .flatMap((sentence) => (fits(sentence) ? [sentence] : sentence.split(/\s+/)))
    .flatMap((word) => {
      if (fits(word)) return [word];
      const chunks: string[] = [];
      let chunk = "";
      for (const { segment } of graphemes.segment(word)) {
        if (!fits(chunk + segment)) {
          chunks.push(chunk);
          chunk = "";
        }
        chunk += segment;
      }
      return chunk ? [...chunks, chunk] : chunks;
    });
  const posts: string[] = [];
  let current = "";
  for (const piece of pieces) {
    const joined = current ? `${current}${/\n$/.test(current) ? "" : " "}${piece}` : piece;
    if (fits(joined)) current = joined;
    else {
      if (current) posts.push(current);
      current = piece;
    }
  }
  if (current) posts.push(current);
  return posts;
}

export interface MediaItem {
  kind: "image" | "video";
  bytes: number;
  width?: number | null;
  height?: number | null;
  seconds?: number | null;
  name?: string;
}

export interface PostCheck {
  characters: number;
  /** The text as the network would post it: one post, or a thread. */
  thread: string[];
  hashtags: number;
  mentions: number;
  problems: string[];
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** Checks a post's text and media against a network; `problems` is empty when it may be scheduled. */
export function checkPost(text: string, media: readonly MediaItem[], limits: NetworkLimits): PostCheck {
  const problems: string[] = [];
  const characters = countCharacters(text.trim(), limits.count);
  const thread = limits.threadPosts > 0 ? splitThread(text, limits) : [text.trim()];
  const { label } = limits;
  if (text.trim().length === 0 && media.length === 0) problems.push(`${label} needs text or media to post.`);
  if (characters > limits.characters) {
    if (limits.threadPosts === 0) {
      problems.push(`${label} allows ${count(limits.characters, "character")} per post; this text has ${formatNumber(characters)}.`);
    } else if (thread.length > limits.threadPosts) {
      problems.push(`${label} threads may have at most ${count(limits.threadPosts, "post")}; this text needs ${thread.length}.`);
    }
  }
  const hashtags = hashtagsIn(text).length;
  if (limits.hashtags !== null && hashtags > limits.hashtags) {
    problems.push(`${label} allows ${count(limits.hashtags, "hashtag")} per post; this one has ${hashtags}.`);
  }
  const mentions = mentionsIn(text).length;
  if (limits.mentions !== null && mentions > limits.mentions) {
    problems.push(`${label} allows ${count(limits.mentions, "mention")} per post; this one has ${mentions}.`);
  }
  const images = media.filter((item) => item.kind === "image");
  const videos = media.filter((item) => item.kind === "video");
  const rules = limits.media;
  if (images.length > rules.images) {
    problems.push(rules.images === 0 ? `${label} does not take images.` : `${label} allows ${count(rules.images, "image")} per post; this one has ${images.length}.`);
  }
  if (videos.length > rules.videos) {
    problems.push(rules.videos === 0 ? `${label} does not take videos.` : `${label} allows ${count(rules.videos, "video")} per post; this one has ${videos.length}.`);
  }
  if (!rules.mixed && images.length > 0 && videos.length > 0) problems.push(`${label} cannot mix images and a video in one post.`);
  for (const item of media) {
    const name = item.name ? `"${item.name}"` : `An ${item.kind}`;
    const max = item.kind === "image" ? rules.maxImageBytes : rules.maxVideoBytes;
    if (max > 0 && item.bytes > max) problems.push(`${name} is ${megabytes(item.bytes)}; ${label} takes ${item.kind}s up to ${megabytes(max)}.`);
    if (rules.aspectRatio && item.width && item.height) {
      const ratio = item.width / item.height;
      const [low, high] = rules.aspectRatio;
      if (ratio < low - 0.005 || ratio > high + 0.005) {
        problems.push(`${name} is ${item.width}×${item.height} (ratio ${ratio.toFixed(2)}); ${label} takes ratios from ${low} to ${high}. Crop it first.`);
      }
    }
    if (item.kind === "video" && rules.videoSeconds && item.seconds != null) {
      const [low, high] = rules.videoSeconds;
      if (item.seconds < low || item.seconds > high) problems.push(`${name} runs ${Math.round(item.seconds)} s; ${label} takes videos from ${low} s to ${high} s.`);
    }
  }
  return { characters, thread, hashtags, mentions, problems };
}
