import type { Passage } from "../passages";

/** Small text helpers the offline writer builds sentences with. */

export const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** "why SEO matters" → "Why SEO matters": only the first letter, acronyms kept. */
export const sentenceCase = (text: string) => capitalise(text.trim());

export function firstSentence(text: string): string {
  const sentence = text.trim().match(/^.+?[.!?](?=\s|$)/s)?.[0] ?? text.trim();
  const words = sentence.split(/\s+/);
  return words.length > 40 ? `${words.slice(0, 40).join(" ")}…` : sentence;
}

/** "marketing managers" → "marketing managers"; empty → a neutral reader. */
export function audiencePhrase(audience: string): string {
  const cleaned = audience.trim().replace(/[.!?]+$/, "");
  return cleaned ? cleaned.charAt(0).toLowerCase() + cleaned.slice(1) : "a busy team";
}

/** The brief's keywords first, then the brand's, without repeats. */
export function keywordsFor(brief: readonly string[], brand: readonly string[]): string[] {
  const seen = new Set<string>();
  return [...brief, ...brand].map((k) => k.trim()).filter((k) => k && !seen.has(k.toLowerCase()) && seen.add(k.toLowerCase()));
}

const termsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []);

/** The passages sharing the most words with the query, best first (ties keep retrieval order). */
export function relevantPassages(passages: readonly Passage[], query: readonly string[], limit: number): Passage[] {
  const wanted = termsOf(query.join(" "));
  return passages
    .map((passage, index) => {
      let score = 0;
      for (const term of termsOf(passage.text)) if (wanted.has(term)) score++;
      return { passage, score, index };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.passage);
}
