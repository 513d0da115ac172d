import { count, formatNumber } from "../counting";
import { CHANNEL_LABELS, CHANNEL_LIMITS, type SocialChannel } from "./channels";

/**
 * What every generated text passes through, whichever provider wrote it: the brand's
 * avoid-list is removed, and each channel's limits are met by splitting (an X thread) or by
 * trimming at a word boundary, always with a note saying what was changed, never silently.
 */

export interface ChannelPost {
  channel: SocialChannel;
  title?: string;
  body: string;
  description?: string;
  hashtags: string[];
}

export interface GuardedPost extends ChannelPost {
  /** X only: the body as numbered posts when it does not fit in one. */
  thread?: string[];
  /** What the guardrails changed, for the user to read. */
  notes: string[];
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Avoid-list entries from a brand-voice note: one per line or comma-separated. */
export function parseTermList(note: string): string[] {
  return [
    ...new Set(
      note
        .split(/[\n,;]/)
        .map((term) => term.trim().replace(/^["'“”]+|["'“”]+$/g, ""))
        .filter((term) => term.length > 0),
    ),
  ];
}

/**
 * Removes every avoid-list term (whole words or phrases, any case) and tidies the space and
 * punctuation left behind. Returns the terms that were found.
 */
export function removeAvoidTerms(text: string, terms: readonly string[]): { text: string; removed: string[] } {
  const removed: string[] = [];
  let result = text;
  // Longest first, so "best in class" goes before "best".
  for (const term of [...terms].sort((a, b) => b.length - a.length)) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term)}(?![\\p{L}\\p{N}])`, "giu");
    if (pattern.test(result)) {
      removed.push(term);
      result = result.replace(pattern, "");
    }
  }
  if (removed.length === 0) return { text, removed };
  result = result
    .replace(/[ \t]{2,}/g, " ")
    .replace(/[ \t]+([,.;:!?])/g, "$1")
    .replace(/([,;:])(?=[,.;:!?])/g, "")
    .replace(/^[ \t]+|[ \t]+$/gm, "")
    .replace(/(^|[.!?]\s+)([a-z])/g, (_, start: string, letter: string) => start + letter.toUpperCase());
  return { text: result, removed };
}

/** Cuts `text` to at most `max` characters at a word boundary, ending with an ellipsis. */
export function trimToLimit(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.search(/\s\S*$/);
  const cut = space > max * 0.6 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,.;:!?-]+$/, "")}…`;
}

/**
 * Splits a long post into numbered parts of at most `max` characters (counter included),
 * between sentences where it can, between words where it must.
 */
export function splitIntoThread(text: string, max: number): string[] {
  const counterRoom = 8; // " (12/12)"
  const limit = max - counterRoom;
  const sentences = text.trim().match(/[^.!?]+[.!?]+(?=\s|$)|[^.!?]+$/g)?.map((s) => s.trim()) ?? [text.trim()];
  const parts: string[] = [];
  let current = "";
  const push = () => {
    if (current) parts.push(current);
    current = "";
  };
  for (const sentence of sentences) {
    if (sentence.length > limit) {
      // A sentence longer than a post is laid out word by word.
      for (const word of sentence.split(/\s+/)) {
        const piece = word.length > limit ? word.slice(0, limit - 1) + "…" : word;
        if ((current ? current.length + 1 : 0) + piece.length > limit) push();
        current = current ? `${current} ${piece}` : piece;
      }
      continue;
    }
    if ((current ? current.length + 1 : 0) + sentence.length > limit) push();
    current = current ? `${current} ${sentence}` : sentence;
  }
  push();
  return parts.length <= 1 ? parts : parts.map((part, index) => `${part} (${index + 1}/${parts.length})`);
}

/** Normalises hashtags to `#word`, drops duplicates and empties. */
export function normaliseHashtags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags) {
    const word = tag.trim().replace(/^#+/, "").replace(/[^\p{L}\p{N}_]/gu, "");
    if (!word || seen.has(word.toLowerCase())) continue;
    seen.add(word.toLowerCase());
    out.push(`#${word}`);
  }
  return out;
}

/** The text a network receives: body, then hashtags on their own line. */
export function composePost(post: Pick<ChannelPost, "body" | "hashtags">): string {
  return post.hashtags.length > 0 ? `${post.body}\n\n${post.hashtags.join(" ")}` : post.body;
}

/** Holds one post to its channel's limits and the brand's avoid-list. */
export function guardPost(post: ChannelPost, avoid: readonly string[] = []): GuardedPost {
  const limits = CHANNEL_LIMITS[post.channel];
  const label = CHANNEL_LABELS[post.channel];
  const notes: string[] = [];
  const clean = (text: string | undefined) => {
    if (text === undefined) return undefined;
    const { text: cleaned, removed } = removeAvoidTerms(text, avoid);
    for (const term of removed) if (!notes.some((n) => n.includes(`“${term}”`))) notes.push(`Removed “${term}”, which is on the brand's avoid list.`);
    return cleaned;
  };
  let hashtags = normaliseHashtags(post.hashtags).filter((tag) => !avoid.some((term) => tag.slice(1).toLowerCase() === term.replace(/\s+/g, "").toLowerCase()));
  if (limits.hashtags !== undefined && hashtags.length > limits.hashtags) {
    notes.push(`Kept the first ${formatNumber(limits.hashtags)} of ${count(hashtags.length, "hashtag")}: ${label} allows at most ${formatNumber(limits.hashtags)}.`);
    hashtags = hashtags.slice(0, limits.hashtags);
  }
  let body = clean(post.body) ?? "";
  let title = clean(post.title);
  let description = clean(post.description);
  const result: GuardedPost = { channel: post.channel, body, hashtags, notes };

  if (limits.title !== undefined && title && title.length > limits.title) {
    notes.push(`Shortened the title from ${formatNumber(title.length)} to ${count(limits.title, "character")}, ${label}'s limit.`);
    title = trimToLimit(title, limits.title);
  }
  if (limits.description !== undefined && description && description.length > limits.description) {
    const what = post.channel === "seo" ? "meta description" : "description";
    notes.push(`Shortened the ${what} from ${formatNumber(description.length)} to ${count(limits.description, "character")}, ${label}'s limit.`);
    description = trimToLimit(description, limits.description);
  }
  if (limits.body !== undefined) {
    const tagRoom = hashtags.length > 0 ? hashtags.join(" ").length + 2 : 0;
    const composed = body.length + tagRoom;
    if (composed > limits.body) {
      if (limits.thread) {
        result.thread = splitIntoThread(body, limits.body - tagRoom);
        notes.push(`At ${count(composed, "character")} this is over ${label}'s ${formatNumber(limits.body)}, so it is split into a thread of ${count(result.thread.length, "post")}.`);
      } else {
        notes.push(`Shortened from ${formatNumber(composed)} to ${count(limits.body, "character")}, ${label}'s limit.`);
        body = trimToLimit(body, limits.body - tagRoom);
      }
    }
  }
  result.body = body;
  if (title !== undefined) result.title = title;
  if (description !== undefined) result.description = description;
  return result;
}
