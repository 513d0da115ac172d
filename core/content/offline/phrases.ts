/**
 * The brief read by grammatical type, so every sentence plan takes a phrase of the kind its
 * slot needs: a noun phrase where it names the thing, a clause where it tells the news, an
 * imperative where it asks the reader to act. "Our bakery opens a second shop in York" gives
 * the clause "our bakery opens a second shop" and the noun phrase "our second shop"; it never
 * lands whole in a noun slot ("Come along to our bakery opens…").
 */

export type Tense = "past" | "present" | "future";

export interface Clause {
  /** "our bakery", "we" */
  subject: string;
  /** "opens", "stopped selling", "are hiring" */
  verb: string;
  /** "a second shop"; "" for a verb without one */
  object: string;
  tense: Tense;
  /** The clause as a reader would say it, without time and place: "our bakery opens a second shop". */
  text: string;
}

export interface NounPhrase {
  /** "our second shop", "text reminders from our booking app", "seven ways that small cafés waste milk" */
  text: string;
  /** The head noun: "shop", "reminders", "ways". */
  head: string;
  plural: boolean;
}

export interface Count {
  /** "seven", "3" */
  value: string;
  /** "ways", "nurses" */
  head: string;
  plural: boolean;
}

export type Stance = "for" | "against";

export interface Phrases {
  clause: Clause | null;
  noun: NounPhrase;
  /** The action as an imperative: "register for our free workshop on pricing"; "" when the brief asks nothing of the reader. */
  imperative: string;
  /** The brief itself when it asks a question: "should you still keep paper receipts?"; "" otherwise. */
  question: string;
  /** A list title ("Seven ways…", "Five mistakes…"): a number of things, each a point of the piece. */
  list: boolean;
  count: Count | null;
  stance: Stance;
  /** What a brief against something is against: "bottled water"; "" when it is for. */
  against: string;
}

/** Words that say the brief is against what it names. */
export const AGAINST =
  /\b(stop(ped|ping|s)?|no longer|quit(ting)?|gave up|giv(e|ing) up|ditch(ed|ing)?|dropp(ed|ing)|bann?(ed|ing)?|against|why (we|you) (don['’]?t|do not|won['’]?t|will not|never|shouldn['’]?t|should not)|not (enough|really|worth|needed|necessary)|(is|are) dead|overrated|myths?|say no to|phas(e|ed|ing) out|riskiest|worst|bad deal|gave up|waste of|harmful|(is|are) broken)\b/i;

/** Words that praise or invite: never said of what a brief is against. */
export const PRAISE = /\b(say hello to|introducing|proud of|we love|love (it|them)|matters? to|try (it|them)|worth a try|our favourite|is here|are here|on the way|good news|treat yourself|in mind)\b/i;

const IRREGULAR: Record<string, string> = {
  went: "go", gave: "give", took: "take", made: "make", built: "build", began: "begin", brought: "bring", found: "find", chose: "choose", left: "leave", sold: "sell", bought: "buy", won: "win", ran: "run", got: "get", kept: "keep", held: "hold", quit: "quit", cut: "cut", put: "put", set: "set", is: "be", are: "be", was: "be", were: "be", has: "have", had: "have", does: "do", did: "do",
};

/** "stopped" → "stop", "opens" → "open", "tries" → "try": the base form, for an imperative or a question. */
export function baseVerb(word: string): string {
  const verb = word.toLowerCase();
  if (IRREGULAR[verb]) return IRREGULAR[verb]!;
  if (/ied$/.test(verb)) return `${verb.slice(0, -3)}y`;
  if (/([bdgmnprt])\1ed$/.test(verb)) return verb.slice(0, -3);
  // "closed", "changed", "created", "moved": the base ends in e.
  if (/([cgsvz]|[aeiou][^aeiouwy]|at)ed$/.test(verb) && !/(ened|ered|eted|ooked|ailed|ained|eaned|aded|oded)$/.test(verb)) return verb.slice(0, -1);
  if (/ed$/.test(verb)) return verb.slice(0, -2);
  if (/ies$/.test(verb)) return `${verb.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|o)es$/.test(verb)) return verb.slice(0, -2);
  if (/s$/.test(verb) && !/ss$/.test(verb)) return verb.slice(0, -1);
  return verb;
}

/** "a" or "an" for the word that follows. */
export function article(next: string): "a" | "an" {
  const word = next.trim().toLowerCase();
  if (/^(one|once|uni[^nm]|use|usu|euro|u[bcfhjkqrst][aeiou])/.test(word)) return "a";
  if (/^(hour|honest|honour|heir)/.test(word) || /^[aeiou]/.test(word)) return "an";
  // Acronyms read letter by letter: "an MOT", "an SEO audit".
  if (/^[fhlmnrsx][A-Z0-9]*\b/i.test(next.trim()) && /^[A-Z]{2,}/.test(next.trim())) return "an";
  return "a";
}
