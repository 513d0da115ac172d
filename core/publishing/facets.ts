/**
 * Bluesky rich text: links, mentions and hashtags are not markup in the text but "facets" beside
 * it, each naming a range of the text in UTF-8 BYTES (docs.bsky.app "Links, mentions, and rich
 * text"; lexicon app.bsky.richtext.facet). JavaScript strings index UTF-16 code units, so every
 * offset is converted: an accent is 2 bytes, most emoji 4, a skin-tone emoji 8. The detection
 * follows the rules of the reference client (@atproto/api's RichText.detectFacets): a mention is
 * `@handle` after a start, space or "(", a link is an http(s) URL without trailing punctuation,
 * a tag is `#` after a start or space, up to 64 characters, not only digits.
 */

export type FacetFeature =
  | { $type: "app.bsky.richtext.facet#link"; uri: string }
  | { $type: "app.bsky.richtext.facet#mention"; did: string }
  | { $type: "app.bsky.richtext.facet#tag"; tag: string };

export interface Facet {
  index: { byteStart: number; byteEnd: number };
  features: FacetFeature[];
}

/** Something found in the text, before mentions are resolved to DIDs. */
export interface RichTextSpan {
  kind: "link" | "mention" | "tag";
  /** The URL, the handle (without "@", lower case), or the tag (without "#"). */
  value: string;
  byteStart: number;
  byteEnd: number;
}

const MENTION = /(^|\s|\()@([a-zA-Z0-9.-]+)\b/g;
const LINK = /(^|\s|\()(https?:\/\/\S+)/gi;
const TAG = /(^|\s)[#＃](\S*)/gu;
/** Invisible characters end a tag (soft hyphen, word joiner, zero-width spaces and joiners, keycap). */
const INVISIBLE = new Set(["\u00AD", "\u2060", "\u200A", "\u200B", "\u200C", "\u200D", "\u20E2"]);
const NOT_ONLY_DIGITS = /[^\d\p{P}]/u;
const TRAILING_PUNCTUATION = /\p{P}+$/u;
const MAX_TAG_LENGTH = 64;

/** A handle as atproto defines it: DNS labels, at least two, the last not starting with a digit. */
export const HANDLE_PATTERN = /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;

const encoder = new TextEncoder();
/** UTF-8 length of the text up to a UTF-16 index. */
const byteOffset = (text: string, utf16Index: number) => encoder.encode(text.slice(0, utf16Index)).length;

/** Links, mentions and tags in the text, with their byte ranges, in the order they appear. */
export function findRichText(text: string): RichTextSpan[] {
  const spans: RichTextSpan[] = [];
  const span = (kind: RichTextSpan["kind"], value: string, start: number, end: number) =>
    spans.push({ kind, value, byteStart: byteOffset(text, start), byteEnd: byteOffset(text, end) });

  for (const match of text.matchAll(MENTION)) {
    const handle = match[2]!;
    if (!HANDLE_PATTERN.test(handle)) continue;
    const start = match.index + match[1]!.length;
    span("mention", handle.toLowerCase(), start, start + 1 + handle.length);
  }
  for (const match of text.matchAll(LINK)) {
    let uri = match[2]!;
    const start = match.index + match[1]!.length;
    // A sentence's full stop or a closing parenthesis is not part of the link.
    if (/[.,;:!?]$/.test(uri)) uri = uri.slice(0, -1);
    if (uri.endsWith(")") && !uri.includes("(")) uri = uri.slice(0, -1);
    span("link", uri, start, start + uri.length);
  }
  for (const match of text.matchAll(TAG)) {
    const characters = [...match[2]!];
    const end = characters.findIndex((character) => INVISIBLE.has(character));
    const raw = (end === -1 ? characters : characters.slice(0, end)).join("");
    // "#️⃣" (a keycap emoji) is not a tag; nor are digits and punctuation alone.
    if (raw.startsWith("\ufe0f")) continue;
    const tag = raw.replace(TRAILING_PUNCTUATION, "");
    if (!tag || !NOT_ONLY_DIGITS.test(tag) || tag.length > MAX_TAG_LENGTH) continue;
    const start = match.index + match[1]!.length;
    span("tag", tag, start, start + 1 + tag.length);
  }
  return spans.sort((a, b) => a.byteStart - b.byteStart);
}

/** The handles mentioned in the text, once each, to resolve to DIDs. */
export const mentionedHandles = (spans: RichTextSpan[]) => [...new Set(spans.filter((span) => span.kind === "mention").map((span) => span.value))];

/**
 * The facets of a post. A mention whose handle did not resolve stays plain text (as the Bluesky
 * app does): a facet must name a DID.
 */
export function toFacets(spans: RichTextSpan[], dids: Record<string, string>): Facet[] {
  const facets: Facet[] = [];
  for (const span of spans) {
    const index = { byteStart: span.byteStart, byteEnd: span.byteEnd };
    if (span.kind === "link") facets.push({ index, features: [{ $type: "app.bsky.richtext.facet#link", uri: span.value }] });
    else if (span.kind === "tag") facets.push({ index, features: [{ $type: "app.bsky.richtext.facet#tag", tag: span.value }] });
    else if (dids[span.value]) facets.push({ index, features: [{ $type: "app.bsky.richtext.facet#mention", did: dids[span.value]! }] });
  }
  return facets;
}
