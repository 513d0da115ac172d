/**
 * Whether a post found on a network is the one we sent, by its text. Networks hand text back
 * changed: X shortens every link to t.co, adds one for attached media and escapes `&`, `<`, `>`;
 * Mastodon answers HTML with links split into spans and `@user@server` shown as `@user`. So both
 * sides are reduced to their words, hashtags and mentions, without links or punctuation, before
 * they are compared. `verify` uses it where a network has no idempotency key to look up.
 */

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The text of an HTML status (Mastodon's `content`): paragraphs and line breaks kept as new lines, tags dropped. */
export function htmlToPlainText(html: string): string {
  return decodeEntities(
    html
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/p>\s*<p[^>]*>/gi, "\n\n")
      .replace(/<[^>]*>/g, ""),
  );
}

/** The comparable form of a post's text. */
export function matchKey(text: string): string {
  return decodeEntities(text)
    .normalize("NFC")
    .toLowerCase()
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/(@[\p{L}\p{N}_.]+)@[\p{L}\p{N}.-]+/gu, "$1")
    .replace(/[^\p{L}\p{N}@#]+/gu, " ")
    .trim();
}

export const sameText = (a: string, b: string) => matchKey(a) === matchKey(b);
