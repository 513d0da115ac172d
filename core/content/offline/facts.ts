import type { Passage } from "../passages";
import type { VoiceContext } from "../voice";
import type { BriefReading } from "./brief";
import { capitalise } from "./words";
import { inVoice, usesAvoided, wordCount, type WritingRules } from "./style";

/**
 * What the offline writer knows: real sentences from the workspace's material (the brain's
 * passages, the material being repurposed, the brand kit's product description and
 * company info), ranked by how much they share with the brief, shortened to the
 * reading level and put in the brand's voice. Passage sentences carry their citation.
 */

export type FactOrigin = "passage" | "source" | "product" | "company";

export interface Fact {
  /** The sentence as it will be written, ending in punctuation, without its citation. */
  text: string;
  origin: FactOrigin;
  /** For passages: its place in the list the provider was given, 1-based, as [n] cites it. */
  ref?: number;
  passage?: Passage;
  /** Words shared with the brief. */
  relevance: number;
  score: number;
}

const STOP = new Set(
  "about above after again against also among because been before being below between both cannot could does doing down during each every from further have having here hers herself himself into itself just more most myself once only other ought ours ourselves over same should some such than that their theirs them themselves then there these they this those through under until very were what when where which while whom will with would your yours yourself yourselves youre were make made like want need know".split(" "),
);

/** Crude stems, so "launches" meets "launch" and "roasters" meets "roasting". */
export const stemsOf = (text: string) =>
  new Set((text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((w) => !STOP.has(w)).map((w) => (w.length > 5 ? w.slice(0, 5) : w.replace(/s$/, ""))));

/** Sentences of a text: split after . ! ? before a capital or a digit, so "£3.50" stays whole. */
export function sentencesIn(text: string): string[] {
  return text
    .replace(/\s*\[\d+\]/g, "")
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?]["”’)]?)\s+(?=["“‘(]?[\p{Lu}\p{N}])/u)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}]/u.test(s));
}

const DEPENDENT = /^(it|its|they|their|them|this|these|those|he|she|his|her|that|such|both|there|here|(most|some|all|many|none|each|one|two|few) of (them|these|those|us))\b/i;

const INTENT = /^(we|i) (want|would like|'d like|need|hope|plan|aim)\b|^(our|the) (goal|aim|objective|target)\b|^(the )?goal:/i;

const LEADING_LINKS = /^(however|also|in addition|additionally|moreover|furthermore|and|but|so|plus|then|still|even so|for example|for instance|in fact|of course|as a result|that said),?\s+/i;

/**
 * Shortens a real sentence to `max` words without inventing any: brackets and leading links
 * go, then clauses are dropped from the end. Null when no clause fits well enough to stand alone.
 */
export function shorten(sentence: string, max: number, wanted?: ReadonlySet<string>): string | null {
  let text = sentence
    .replace(/\s*\([^)]*\)/g, "")
    .replace(/\s*\[[^\]]*\]/g, "")
    .replace(LEADING_LINKS, "")
    .replace(/^[-–—•*\d.)\s]+/, "")
    .trim();
  if (!text) return null;
  text = capitalise(text).replace(/[:;,\s]+$/, "");
  if (!/[.!?]["”’)]?$/.test(text)) text += ".";
  if (wordCount(text) <= max) return text;
  // Prefer the clause that shares most with the brief; otherwise the first that stands on its own.
  const clauses = text
    .replace(/[.!?]+$/, "")
    .split(/;\s+|\s+[—–]\s+|,\s+(?=(?:which|and|but|so|while|because|although|though|whereas|as well as)\b)/i)
    .map((c) => c.trim())
    .filter((c) => wordCount(c) >= 5 && wordCount(c) <= max);
  if (clauses.length > 0) {
    const best = wanted ? [...clauses].sort((a, b) => overlap(b, wanted) - overlap(a, wanted))[0]! : clauses[0]!;
    if (!/^(which|and|but|so|while|because|although|though|whereas|as well as)\b/i.test(best)) return `${capitalise(best)}.`;
  }
  // A comma before the limit ends a clause that can stand alone.
  const words = text.split(/\s+/);
  for (let n = max; n >= 6; n--) {
    if (/,$/.test(words[n - 1]!)) return `${words.slice(0, n).join(" ").replace(/,$/, "")}.`;
  }
  return wordCount(text) <= max + 6 ? text : null;
}

function overlap(text: string, wanted: ReadonlySet<string>): number {
  let score = 0;
  for (const stem of stemsOf(text)) if (wanted.has(stem)) score++;
  return score;
}

/** The words a brief is about, for ranking material. */
export function briefStems(reading: BriefReading, keywords: readonly string[]): Set<string> {
  return stemsOf([reading.subject, reading.action, reading.object, reading.occasion, reading.time, reading.place, ...reading.nouns, ...keywords].join(" "));
}

export interface FactOptions {
  keywords: readonly string[];
  rules: WritingRules;
  random: () => number;
  /** Repurposing: the material the posts are cut from. */
  sourceText?: string;
}

/** Every usable fact, best first; the seed shuffles facts of about the same worth, so a regenerate reads differently. */
export function gatherFacts(reading: BriefReading, voice: VoiceContext, passages: readonly Passage[], { keywords, rules, random, sourceText }: FactOptions): Fact[] {
  const wanted = briefStems(reading, keywords);
  const prefer = stemsOf(rules.prefer.join(" "));
  const briefKey = reading.text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  const facts: Fact[] = [];
  const seen = new Set<string>();
  const add = (raw: string, origin: FactOrigin, base: number, passage?: Passage, ref?: number) => {
    // A sentence leaning on the one before it ("It has…", "Most of them…") makes no sense alone.
    if (usesAvoided(raw, rules) || /\?\s*$/.test(raw) || wordCount(raw) < 4 || DEPENDENT.test(raw.trim())) return;
    // A brief's own intentions ("We want office workers to try…") are for the writer, not the reader.
    if (origin === "source" && INTENT.test(raw.trim())) return;
    const short = shorten(raw, rules.maxWords, wanted);
    if (!short) return;
    const text = inVoice(short, rules);
    const key = text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
    if (seen.has(key) || key.includes(briefKey) || wordCount(text) < 4) return;
    seen.add(key);
    const relevance = overlap(text, wanted);
    const preferred = overlap(text, prefer);
    const specific = /\d/.test(text) ? 0.5 : 0;
    facts.push({ text, origin, passage, ref, relevance, score: base + relevance * 3 + preferred * 2 + specific + random() * 1.5 });
  };
  passages.forEach((passage, index) => {
    // The knowledge search retrieved each passage for this brief, so every sentence of it is a candidate; overlap ranks them.
    for (const sentence of sentencesIn(passage.text)) add(sentence, "passage", 2 - Math.min(index, 4) * 0.2, passage, index + 1);
  });
  if (sourceText) {
    // Material in markdown (a pillar post): its sources list, headings, bold lead-ins and list markers are not sentences.
    const prose = sourceText
      .replace(/^#{1,6}\s+Sources\s*\n[\s\S]*$/m, "")
      .replace(/^#{1,6}\s.*$/gm, "")
      .replace(/\*\*[^*]+\*\*/g, "")
      .replace(/^\s*([-*]|\d+\.)\s+/gm, "");
    sentencesIn(prose)
      .slice(0, 60)
      .forEach((s, i) => add(s, "source", 3 - Math.min(i, 20) * 0.05));
  }
  const note = (key: "product_or_service_description" | "company_info" | "audience", origin: FactOrigin, base: number) =>
    sentencesIn(voice.notes[key] ?? "").forEach((s) => add(s, origin, base));
  note("product_or_service_description", "product", 1);
  note("company_info", "company", 0.5);
  return facts.sort((a, b) => b.score - a.score);
}

/** "Fact. [2]": the sentence with its citation, as generations cite passages. */
export const cited = (fact: Fact) => (fact.ref ? `${fact.text} [${fact.ref}]` : fact.text);
