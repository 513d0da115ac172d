import nlp from "compromise/two";

/**
 * The check every sentence the offline writer makes passes on the way out: the sentence is
 * tagged again (compromise) and refused for the faults a reader trips on, so the writer tries
 * its next plan. It reads tags, not meaning: see the README for what it cannot catch.
 */

interface Tagged {
  text: string;
  lower: string;
  post: string;
  tags: Set<string>;
}

/**
 * compromise reads the parts of a hyphenated compound as words of their own ("single-use cups"
 * → "use" and "cups" as verbs): a compound is read as a plain modifier before a word, or a
 * plain noun at the end of a phrase, which is what it is in a noun phrase.
 */
const plainCompounds = (text: string) =>
  text.replace(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+(\s+[\p{L}]+)?/gu, (_, next: string | undefined) =>
    next && !/^\s+(and|or|to|for|in|on|at|with|from|by|is|are|was|were)$/i.test(next) ? `fresh${next}` : `thing${next ?? ""}`,
  );

function tag(sentence: string): Tagged[] {
  const doc = nlp(plainCompounds(sentence).replace(/\ba lot\b/gi, "often").replace(/\b([Ll])et['’]s\b/g, "$1et us")) as unknown as { json: () => { terms: { text: string; post: string; tags: string[] }[] }[] };
  return doc.json().flatMap((s) => s.terms.map((t) => ({ text: t.text, lower: t.text.toLowerCase(), post: t.post, tags: new Set(t.tags) })));
}

const FINITE = (t: Tagged) =>
  t.tags.has("Verb") &&
  !t.tags.has("Gerund") &&
  !t.tags.has("Participle") &&
  (t.tags.has("PresentTense") || t.tags.has("PastTense") || t.tags.has("Copula") || t.tags.has("Modal") || t.tags.has("Imperative") || t.tags.has("Auxiliary"));
/** Words that open a new clause, so a second finite verb may follow. */
const BOUNDARY = /^(us|me|them|him|her|and|but|or|nor|so|because|if|when|whenever|while|that|which|who|whom|whose|what|where|how|why|as|once|than|until|till|before|after|since|though|although|whether|unless|we|you|they|i|he|she|it|there|here|this|everyone|nobody|someone|people)$/i;
const DETERMINER = /^(a|an|the|our|your|their|my|its|this|these|those|every|each)$/i;
const POSSESSIVE = /^(our|your|their|my|its)$/i;
const STRANDED_ADVERB = /^(now|just|also|still|already|finally)$/i;

export type Fault = "number disagreement" | "finite verb in a noun slot" | "two finite verbs without a conjunction" | "determiner before a verb" | "doubled determiner" | "dangling modifier" | "noun phrase cut before its verb";

/** Clauses of a sentence: split where punctuation ends one (":" "," ";" "—" "?" "!"). */
function segments(terms: Tagged[]): Tagged[][] {
  const out: Tagged[][] = [[]];
  for (const t of terms) {
    out.at(-1)!.push(t);
    if (/[,:;?!—–(]|\s-\s/.test(t.post)) out.push([]);
  }
  return out.filter((s) => s.length > 0);
}

/**
 * The faults of one sentence; [] when it reads as grammatical. `nounSlots` are the phrases the
 * plan put in noun slots (the thing, the subject): a finite verb inside one, outside a relative
 * clause, is a clause where a noun belongs.
 */
export function grammarFaults(sentence: string, nounSlots: readonly string[] = []): Fault[] {
  const clean = sentence.replace(/\[\d+\]/g, "").replace(/\*\*/g, "").trim();
  if (!clean) return [];
  const terms = tag(clean);
  const faults = new Set<Fault>();

  for (const segment of segments(terms)) {
    // Two finite verbs with nothing between them that opens a second clause.
    let lastVerb = -1;
    let opened = false;
    segment.forEach((t, i) => {
      if (BOUNDARY.test(t.lower) || (t.lower === "to" && segment[i + 1]?.tags.has("Verb"))) opened = true;
      if (!FINITE(t)) return;
      // A bare form ("perfect", "waste") is a finite verb only after its subject or opening the clause.
      const previous = segment[i - 1];
      if (t.tags.has("Infinitive") && !t.tags.has("Imperative") && previous && !(previous.tags.has("Noun") && !previous.tags.has("Gerund")) && !FINITE(previous) && !previous.tags.has("Adverb")) return;
      const chained = lastVerb === i - 1 || (lastVerb >= 0 && segment.slice(lastVerb + 1, i).every((u) => u.tags.has("Adverb") || /^(not|never|rather|really|always)$/i.test(u.lower)));
      if (lastVerb >= 0 && !chained && !opened) faults.add("two finite verbs without a conjunction");
      lastVerb = i;
      opened = false;
    });
    segment.forEach((t, i) => {
      const next = segment[i + 1];
      if (!next) return;
      if (DETERMINER.test(t.lower) && !/^(this|that|these|those|each)$/i.test(t.lower) && FINITE(next) && !next.tags.has("Noun") && !next.tags.has("Adjective")) faults.add("determiner before a verb");
      if (DETERMINER.test(t.lower) && DETERMINER.test(next.lower) && !/^(this|that|these|those|each|every)$/i.test(t.lower)) faults.add("doubled determiner");
      // "our register for our free workshop": the same possessive twice in a row of nouns.
      const after = segment.slice(i + 1, i + 4);
      if (POSSESSIVE.test(t.lower) && after.some((u, k) => u.lower === t.lower && k > 0 && after.slice(0, k).every((v) => !FINITE(v) && !BOUNDARY.test(v.lower) && !/^(and|or|with|to)$/i.test(v.lower)))) faults.add("doubled determiner");
      // "our next three nurses", "a seven ways": a singular determiner before a plural number.
      if ((/^(a|an|another|every|each)$/i.test(t.lower) || (t.lower === "next" && POSSESSIVE.test(segment[i - 1]?.lower ?? ""))) && next.tags.has("Value") && !next.tags.has("Ordinal") && segment[i + 2]?.tags.has("Plural")) faults.add("number disagreement");
      if (/^(a|an|another|every|each)$/i.test(t.lower) && next.tags.has("Plural") && next.tags.has("Noun") && !/ss$/i.test(next.lower)) faults.add("number disagreement");
      // "seven ways small cafés": a plural noun straight into another noun phrase.
      if (t.tags.has("Plural") && t.tags.has("Noun") && next.tags.has("Adjective") && segment[i + 2]?.tags.has("Noun") && !segment[i + 2]!.tags.has("Pronoun")) faults.add("noun phrase cut before its verb");
    });
    // A noun phrase that ends on a determiner, a lone adjective after one, or "now" after a noun.
    const last = segment.at(-1)!;
    const before = segment.at(-2);
    if (DETERMINER.test(last.lower) && !/^(this|that|these|those|each)$/i.test(last.lower) && segment.length > 1) faults.add("dangling modifier");
    if (last.tags.has("Adjective") && before && DETERMINER.test(before.lower)) faults.add("dangling modifier");
    if (STRANDED_ADVERB.test(last.lower) && before?.tags.has("Noun") && !before.tags.has("Pronoun") && segment.length > 2 && !segment.slice(0, -1).some(FINITE)) faults.add("dangling modifier");
  }

  // A finite verb inside a phrase the plan used as a noun, outside a relative clause.
  const lower = clean.toLowerCase();
  for (const slot of nounSlots) {
    const phrase = slot.trim().toLowerCase();
    if (phrase.split(/\s+/).length < 2 || !lower.includes(phrase)) continue;
    // The slot's words as tagged in the sentence, where the context decides their part of speech.
    const wanted = tag(slot).map((w) => w.lower);
    const start = terms.findIndex((_, i) => wanted.every((w, k) => terms[i + k]?.lower === w));
    if (start < 0) continue;
    const words = terms.slice(start, start + wanted.length);
    let relative = false;
    words.forEach((w, k) => {
      if (/^(that|which|who|whom|whose|where|when|how|why|what)$/i.test(w.lower)) relative = true;
      const bare = w.tags.has("Infinitive") && !w.tags.has("Imperative") && !(words[k - 1]?.tags.has("Noun") && !words[k - 1]!.tags.has("Gerund"));
      if (k > 0 && FINITE(w) && !relative && !bare && !w.tags.has("Noun")) faults.add("finite verb in a noun slot");
    });
  }
  return [...faults];
}
