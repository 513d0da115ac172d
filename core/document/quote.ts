import { QUOTE_CONTEXT_LENGTH, type QuoteSelector } from "../contracts/comments";

/**
 * Text-quote anchoring for inline comments (the W3C TextQuoteSelector): `describeQuote` turns a
 * range of a document's text into the words plus a little context either side, and
 * `locateQuote` finds them again in the text as it is now. Plain string work, shared by the
 * editor (which maps offsets to DOM ranges) and the Worker.
 */

export function describeQuote(text: string, start: number, end: number, context = QUOTE_CONTEXT_LENGTH): QuoteSelector {
  return {
    exact: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - context), start),
    suffix: text.slice(end, end + context),
  };
}

/** How many characters two strings share from their ends facing the quote. */
function sharedBefore(text: string, at: number, prefix: string) {
  let n = 0;
  while (n < prefix.length && at - n - 1 >= 0 && text[at - n - 1] === prefix[prefix.length - n - 1]) n++;
  return n;
}
function sharedAfter(text: string, at: number, suffix: string) {
  let n = 0;
  while (n < suffix.length && at + n < text.length && text[at + n] === suffix[n]) n++;
  return n;
}

/**
 * Where the quote is in `text` now: among every occurrence of its exact words, the one whose
 * surroundings match its context best (ties go to the first). Null when the words are gone:
 * the comment is orphaned.
 */
export function locateQuote(text: string, quote: Pick<QuoteSelector, "exact" | "prefix" | "suffix">): { start: number; end: number } | null {
  if (!quote.exact) return null;
  let best: { start: number; score: number } | null = null;
  for (let at = text.indexOf(quote.exact); at !== -1; at = text.indexOf(quote.exact, at + 1)) {
    const score = sharedBefore(text, at, quote.prefix) + sharedAfter(text, at + quote.exact.length, quote.suffix);
    if (!best || score > best.score) best = { start: at, score };
    if (score === quote.prefix.length + quote.suffix.length) break;
  }
  return best ? { start: best.start, end: best.start + quote.exact.length } : null;
}
