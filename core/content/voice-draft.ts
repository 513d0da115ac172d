import { fleschReadingEase, readingEaseLabel } from "./seo";
import type { BrandVoiceNoteType } from "./voice";

/**
 * Drafts brand-voice notes from writing samples by measuring them: sentence length, reading
 * ease, how the writing addresses the reader, contractions, exclamation, and the terms the
 * samples return to. The user edits the draft; nothing here is a guess dressed as a fact.
 */

const STOPWORDS = new Set(
  "a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other our ours out over own same she should so some such than that the their them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours".split(" "),
);

const words = (text: string) => text.toLowerCase().match(/[\p{L}][\p{L}'’-]*/gu) ?? [];

/** The terms (words and two-word phrases) the samples use most, without stopwords. */
export function frequentTerms(text: string, limit = 8): string[] {
  const list = words(text);
  const counts = new Map<string, number>();
  const add = (term: string, weight = 1) => counts.set(term, (counts.get(term) ?? 0) + weight);
  for (let i = 0; i < list.length; i++) {
    const word = list[i]!;
    if (word.length > 3 && !STOPWORDS.has(word)) add(word);
    const next = list[i + 1];
    if (next && !STOPWORDS.has(word) && !STOPWORDS.has(next) && word.length > 2 && next.length > 2) add(`${word} ${next}`, 1.5);
  }
  return [...counts.entries()]
    .filter(([, count]) => count >= 2)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([term]) => term)
    .filter((term, _, all) => !all.some((other) => other !== term && other.includes(" ") && other.split(" ").includes(term) && all.indexOf(other) < all.indexOf(term)))
    .slice(0, limit);
}

export function draftVoiceNotes(samples: readonly string[]): Partial<Record<BrandVoiceNoteType, string>> {
  const text = samples.join("\n\n");
  const list = words(text);
  if (list.length === 0) return {};
  const sentences = text.split(/[.!?]+(?=\s|$)/).filter((s) => words(s).length > 0);
  const perSentence = Math.round(list.length / Math.max(1, sentences.length));
  const ease = fleschReadingEase(text);
  const share = (set: string[]) => list.filter((w) => set.includes(w)).length / list.length;
  const you = share(["you", "your", "yours", "you're", "you’re"]);
  const we = share(["we", "our", "us", "we're", "we’re"]);
  const contractions = (text.match(/\b\w+['’](s|re|ll|ve|d|t|m)\b/gi)?.length ?? 0) / Math.max(1, sentences.length);
  const exclaims = (text.match(/!/g)?.length ?? 0) / Math.max(1, sentences.length);

  const traits: string[] = [];
  traits.push(perSentence <= 14 ? "Short, punchy sentences" : perSentence <= 22 ? "Medium-length sentences" : "Long, detailed sentences");
  traits.push(`${readingEaseLabel(ease).toLowerCase()} to read (Flesch ${ease})`);
  if (you > 0.02) traits.push("speaks directly to the reader as “you”");
  if (we > 0.015) traits.push("speaks as “we”, a team with a point of view");
  traits.push(contractions > 0.3 ? "conversational, with contractions" : "more formal, few contractions");
  if (exclaims > 0.15) traits.push("energetic, with exclamation marks");
  const general = `${traits.join("; ")}.`;
  const keywords = frequentTerms(text);
  return { general, ...(keywords.length > 0 ? { keywords: keywords.join(", ") } : {}) };
}
