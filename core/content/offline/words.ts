/** Small text helpers the offline writer builds sentences with. */

export const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

export function firstSentence(text: string): string {
  const sentence = text.trim().match(/^.+?[.!?](?=\s|$)/s)?.[0] ?? text.trim();
  const words = sentence.split(/\s+/);
  return words.length > 40 ? `${words.slice(0, 40).join(" ")}…` : sentence;
}

/** The brief's keywords first, then the brand's, without repeats. */
export function keywordsFor(brief: readonly string[], brand: readonly string[]): string[] {
  const seen = new Set<string>();
  return [...brief, ...brand].map((k) => k.trim()).filter((k) => k && !seen.has(k.toLowerCase()) && seen.add(k.toLowerCase()));
}
