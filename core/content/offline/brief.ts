import nlp from "compromise/two";
import { CHANNEL_LIMITS, type SocialChannel } from "../channels";
import { AGAINST, baseVerb, type Clause, type Count, type NounPhrase, type Phrases, type Tense } from "./phrases";

/**
 * Reads a brief the way a writer would: what it is about (the subject), what happens (the
 * action), when and where, and what kind of piece it asks for. compromise tags the parts of
 * speech (pure JavaScript, so it runs in the Worker); the rest is a few rules over its tags.
 * Proper nouns, places, months and weekdays keep their capitals wherever the parts are reused.
 */

export const briefKinds = ["announcement", "how-to", "opinion", "event", "offer", "story", "hiring", "seasonal-sale"] as const;
export type BriefKind = (typeof briefKinds)[number];

export interface BriefReading {
  /** The brief as typed, trimmed: no generated sentence may contain it. */
  text: string;
  kind: BriefKind;
  /** What the piece is about, cased for the middle of a sentence: "our new oat-milk cold brew". */
  subject: string;
  /** The subject without its article or possessive: "new oat-milk cold brew". */
  thing: string;
  /** The main verb phrase, as typed: "launches", "are hiring"; "" when the brief has none. */
  action: string;
  /** The rest of the brief after the subject and action, minus time and place: "a head roaster". */
  object: string;
  /** "in April", "on Saturday 14 March", "until Sunday"; "" when none. */
  time: string;
  /** "in Leeds"; "" when none. */
  place: string;
  /** The subject is plural ("our spring pastries"): "they are" rather than "it is". */
  plural: boolean;
  /** A holiday or season the brief names, for seasonal sales: "Black Friday", "summer". */
  occasion: string;
  /** Noun phrases worth a hashtag, 1-3 words each, cased as in the brief. */
  nouns: string[];
  /** Words that keep their capitals (proper nouns, places, months, weekdays, acronyms), lower case → as written. */
  capitals: Map<string, string>;
  /** The brief by grammatical type: clause, noun phrase, imperative, count, stance (phrases.ts). */
  phrases: Phrases;
}

interface Term {
  text: string;
  post: string;
  tags: Set<string>;
  lower: string;
}

const HOLIDAYS =
  /\b(black friday|cyber monday|boxing day|christmas|xmas|easter|halloween|valentine'?s day|mother'?s day|father'?s day|new year'?s?|thanksgiving|ramadan|eid|diwali|hanukkah|lunar new year|bank holiday|back to school)\b/i;
const SEASONS = /\b(spring|summer|autumn|fall|winter|holiday season|festive|january|end of season|clearance)\b/i;
const SALE = /\b(sale|sales|clearance|discount\w*|\d+\s?%|half[- ]price|off\b|deals?)\b/i;

const KIND_RULES: [Exclude<BriefKind, "seasonal-sale">, RegExp][] = [
  ["hiring", /\b(hiring|(we are|we're) looking for (an?|two|three|four|five|\d+) |join (our|the) team|vacanc(y|ies)|job (opening|offer)s?|now recruiting|recruit(ing|ment)|apply (now|today|by)|apprenticeships?|internships?)\b/i],
  ["how-to", /^(how to|how do you|a guide|the guide|guide to|a beginner'?s guide|\d+ (ways|tips|steps|mistakes|things))\b|\b(tips for|step[- ]by[- ]step|checklist|tutorial|a guide to|how to)\b/i],
  [
    "event",
    /\b(workshop|clinic|drop-in session|webinar|meet-?up|tasting|masterclass|class(es)?|event|festival|conference|open (day|house|evening)|talk|party|pop-?up|tour|live stream|livestream|join us|book (your|a) (seat|place|spot)|summit|fair|screening|launch night|an? (evening|afternoon|morning|night) (with|of))\b/i,
  ],
  ["offer", /(\d+\s?%|£\s?\d|\$\s?\d|€\s?\d|\bhalf[- ]price\b|\b(discount\w*|\d+ off|free|coupon|promo code|voucher|buy (one|two|three)|two for one|deals?|offer|for the price of)\b|\b(a quarter|a third|half) off\b|\boff (all|every|our|your|the|any)\b)/i],
  ["opinion", /^(why|the case (for|against)|stop|in defen[cs]e of|unpopular opinion|hot take)\b|\b(we believe|we think|should (be|stop|not)|overrated|underrated|myths?|is dead|is broken|matters more)\b/i],
  ["story", /^(meet|how (a|an|the|one|our|we))\b|\b(story|stories|behind the scenes|meet (the|our)|journey|years ago|history|how we|our first|visit(ed)? to|looking back|what we learned|lessons from)\b/i],
  ["announcement", /\b(launch\w*|new|introducing|announc\w*|now (available|open|live|files|offers|takes|accepts)|(is|are) now \w+(ed|en)|now (services|reads|delivers|ships|comes|runs|sends|lets|shows|syncs|tracks|supports|works)|arriv\w*|opens?|opening|wins?|adds?|reopen\w*|coming|release\w*|returns?|is back|debut\w*|unveil\w*|expand\w*)\b/i],
];

const DATED = /\b(mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|january|february|march|april|june|july|august|september|october|november|december|tonight|tomorrow|this weekend)\b/i;

const NUMBER_WORD = "\\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty";
/** A list title: "Seven ways…", "12 books to…", "Five mistakes…". */
const LIST_TITLE = new RegExp(`^(the\\s+)?(${NUMBER_WORD})\\s+(\\S+\\s+)?(ways?|tips|steps|mistakes|things|reasons|ideas|questions|signs|rules|lessons|habits|myths|tools)\\b`, "i");

/** Which kind of piece a brief asks for; a bare topic ("Meal prep on Sundays") reads as a how-to. */
export function briefKind(text: string): BriefKind {
  if (LIST_TITLE.test(text)) return "how-to";
  // A "why" or a question asks for a view, whatever it names (a price, a deal).
  if (/^(why|the case (for|against))\b/i.test(text) || /\?\s*$/.test(text)) return "opinion";
  if ((HOLIDAYS.test(text) || SEASONS.test(text)) && SALE.test(text)) return "seasonal-sale";
  for (const [kind, pattern] of KIND_RULES) if (pattern.test(text)) return kind;
  // Something on a day that is none of the above is something to come to.
  return DATED.test(text) ? "event" : "how-to";
}

// Leading phrases that say what kind of piece it is rather than what it is about.
const LEADS = [
  /^(how to|how do you)\s+/i,
  /^(a |the )?(beginner'?s )?guide to\s+/i,
  /^(the )?(true )?stor(y|ies) (of|behind)\s+/i,
  /^behind the scenes (at|of|with)\s+/i,
  /^(join us|come join us) (for|at)\s+/i,
  /^([\p{L}&'’]+\s+){0,3}?(is|are|'re|’re)\s+(now\s+)?(hiring|recruiting|looking for)(:|\s+(for\s+)?)/iu,
  /^(now\s+)?(hiring|recruiting)(:|\s+(for\s+)?)/i,
  /^\p{L}+['’]re\s+(now\s+)?(hiring|recruiting|looking for)(:|\s+(for\s+)?)/iu,
  /^introducing:?\s+/i,
  /^(announcing|announcement):?\s+/i,
  /^why\s+/i,
  /^meet\s+/i,
  /^(\p{L}+\s+){0,2}sale\s+(on|for)\s+/iu,
  /^the case (for|against)\s+/i,
  /^in defen[cs]e of\s+/i,
];

const TIME_WORDS = /^(in|on|at|from|until|till|til|by|before|after|this|next|every|each|during|through|throughout|over|starting|ending|ends|from)$/i;
const PLACE_PREPS = /^(in|at|near|around|across)$/i;
const DETERMINERS = /^(a|an|the|our|your|my|their|his|her|its|this|these|those|that|some|all|every)$/i;
const PRONOUNS = /^(we|us|you|i|they|it|he|she|me|them|our|your)$/i;
const GENERIC = new Set(["new", "latest", "first", "best", "great", "big", "little", "small", "own", "next", "last", "all", "more", "most", "some", "any", "free", "one", "way", "ways", "thing", "things", "lot", "lots", "time", "today", "tips", "guide", "story", "how", "why", "what", "sale", "offer", "deal", "off", "half", "price", "home", "us", "team", "back", "order", "scenes", "evening", "morning", "afternoon", "night", "right", "alive", "day", "week", "month", "year", "end", "start", "place", "shop", "store", "customers", "people"]);

// Tagging is the slow part (a few milliseconds a sentence), and one brief is read several times
// per generation (outline, draft, every channel's hashtags): remember the last few.
const TAGGED = new Map<string, Term[]>();

function termsOf(text: string): Term[] {
  const known = TAGGED.get(text);
  if (known) return known;
  const terms = tag(text);
  if (TAGGED.size >= 200) TAGGED.delete(TAGGED.keys().next().value!);
  TAGGED.set(text, terms);
  return terms;
}

function tag(text: string): Term[] {
  const doc = nlp(text) as unknown as { json: () => { terms: { text: string; post: string; tags: string[] }[] }[] };
  return doc.json().flatMap((sentence) =>
    sentence.terms.map((term) => ({ text: term.text, post: term.post, tags: new Set(term.tags), lower: term.text.toLowerCase() })),
  );
}

const isDate = (t: Term) => t.tags.has("Date") || t.tags.has("Month") || t.tags.has("WeekDay") || t.tags.has("Holiday") || t.tags.has("Duration");
const isProper = (t: Term) =>
  t.tags.has("ProperNoun") || t.tags.has("Place") || t.tags.has("Person") || t.tags.has("Organization") || t.tags.has("Month") || t.tags.has("WeekDay") || t.tags.has("Holiday");
const isAcronym = (word: string) => /^[A-Z0-9&]{2,}$/.test(word) && /[A-Z]/.test(word);
const innerCapital = (word: string) => /^\p{Ll}+\p{Lu}/u.test(word);

/** Joins a run of terms back into text, keeping hyphens and the brief's own spacing inside the run. */
function join(terms: readonly Term[]): string {
  return terms
    .map((t, i) => (i === terms.length - 1 ? t.text : t.text + (t.post.includes("-") ? "-" : t.post.includes("/") ? "/" : t.post.replace(/[^\s,&']+/g, "") || " ")))
    .join("")
    .replace(/\s+/g, " ")
    .replace(/[\s,;:]+$/, "")
    .trim();
}

/** A phrase for the middle of a sentence: its first word loses its capital unless it is a name. */
export function midSentence(phrase: string, capitals: ReadonlyMap<string, string>): string {
  const first = (phrase.split(/[\s-]/)[0] ?? "").replace(/[^\p{L}\p{N}'’&]/gu, "");
  if (!first || capitals.has(first.toLowerCase()) || isAcronym(first) || innerCapital(first)) return phrase;
  return phrase.charAt(0).toLowerCase() + phrase.slice(1);
}

/** Puts names, months and weekdays back in capitals, wherever a phrase came from. */
export function restoreCapitals(text: string, capitals: ReadonlyMap<string, string>): string {
  if (capitals.size === 0) return text;
  return text.replace(/[\p{L}][\p{L}'’]*/gu, (word) => {
    const known = capitals.get(word.toLowerCase());
    return known && known.toLowerCase() === word.toLowerCase() && /\p{Lu}/u.test(known) ? known : word;
  });
}

function capitalsOf(terms: readonly Term[], brandNames: readonly string[]): Map<string, string> {
  const names = brandNames.flatMap((name) => name.split(/\s+/));
  const capitals = new Map<string, string>();
  terms.forEach((term, index) => {
    const word = term.text.replace(/[^\p{L}\p{N}'’&-]/gu, "");
    if (!word) return;
    // A month or weekday is capitalised even when typed in lower case.
    if (term.tags.has("Month") || term.tags.has("WeekDay")) {
      if (term.lower !== "may" || /^(in|on|until|by|from|since|before|after|of|early|late|mid)$/i.test(terms[index - 1]?.text ?? "") || /\d/.test(terms[index + 1]?.text ?? "")) {
        capitals.set(word.toLowerCase(), word.charAt(0).toUpperCase() + word.slice(1));
      }
      return;
    }
    const capitalised = /^\p{Lu}/u.test(word);
    // The first word is capitalised anyway: only a place, a person or one of the brand's names keeps it.
    const named = index > 0 || term.tags.has("Place") || term.tags.has("Person") || names.some((name) => name.toLowerCase() === word.toLowerCase());
    if (isAcronym(word) || innerCapital(word) || (capitalised && named)) capitals.set(word.toLowerCase(), word);
  });
  const holiday = terms.map((t) => t.text).join(" ").match(HOLIDAYS)?.[0];
  if (holiday) for (const word of holiday.split(/\s+/)) if (!/^(to|of|day's)$/i.test(word)) capitals.set(word.toLowerCase(), word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
  return capitals;
}

const CONCRETE = (t: Term) => t.tags.has("Month") || t.tags.has("WeekDay") || t.tags.has("Holiday") || /\d/.test(t.text) || /^(today|tonight|tomorrow)$/i.test(t.text);

/** Runs of date terms with the preposition in front: "on Saturday 14 March", "every Sunday", "in June". Vague ones ("a day", "the tax year") are not times. */
function timeSpans(terms: readonly Term[]): [number, number][] {
  const spans: [number, number][] = [];
  for (let i = 0; i < terms.length; i++) {
    if (!isDate(terms[i]!) && !/^\d{4}$/.test(terms[i]!.text)) continue;
    let start = i;
    let end = i;
    while (end + 1 < terms.length && (isDate(terms[end + 1]!) || (terms[end + 1]!.tags.has("Value") && !terms[end + 1]!.text.includes("%")))) end++;
    while (start > 0 && terms[start - 1]!.tags.has("Value") && !terms[start - 1]!.text.includes("%") && !/^(a|an|one)$/i.test(terms[start - 1]!.text)) start--;
    const run = terms.slice(start, end + 1);
    i = end;
    // "Black Friday" is the occasion, not the time, when it leads a seasonal brief.
    if (start > 0 && /^(black|cyber|boxing)$/i.test(terms[start - 1]!.text)) continue;
    const anchored = start > 0 && /^(this|next|every|each)$/i.test(terms[start - 1]!.text);
    if (!run.some(CONCRETE) && !anchored) continue;
    if (anchored) start--;
    if (start > 0 && TIME_WORDS.test(terms[start - 1]!.text)) start--;
    if (start === 0 && run.length === terms.length) continue;
    spans.push([start, end]);
  }
  return spans;
}

function placeSpan(terms: readonly Term[], taken: (i: number) => boolean): [number, number] | null {
  for (let i = 1; i < terms.length; i++) {
    if (taken(i) || !PLACE_PREPS.test(terms[i - 1]!.text) || taken(i - 1)) continue;
    if (!(terms[i]!.tags.has("Place") || (terms[i]!.tags.has("ProperNoun") && !isDate(terms[i]!)) || (/^\p{Lu}/u.test(terms[i]!.text) && !isDate(terms[i]!)))) continue;
    let end = i;
    while (end + 1 < terms.length && !taken(end + 1) && /^\p{Lu}/u.test(terms[end + 1]!.text)) end++;
    return [i - 1, end];
  }
  return null;
}

const isVerb = (t: Term) => t.tags.has("Verb") && !t.tags.has("Gerund") && !t.tags.has("Participle");

/** Reads a brief; `names` (the brand's name) keep their capitals too. */
export function readBrief(brief: string, names: readonly string[] = []): BriefReading {
  const text = brief.trim().replace(/\s+/g, " ");
  const firstSentence = text.replace(/[.!?]+$/, "").split(/(?<=[.!?])\s+/)[0]!.replace(/[.!?]+$/, "");
  const kind = briefKind(text);
  const all = termsOf(firstSentence);
  const capitals = capitalsOf(all, names);

  const occasion = (text.match(HOLIDAYS)?.[0] ?? text.match(SEASONS)?.[0] ?? "").replace(/\b\p{Ll}/gu, (c) => (HOLIDAYS.test(text) ? c.toUpperCase() : c));
  const removed = new Set<number>();
  const times = timeSpans(all);
  const timeText = times.map(([from, to]) => join(all.slice(from, to + 1))).join(" ");
  for (const [from, to] of times) for (let i = from; i <= to; i++) removed.add(i);
  // A place is its own part where it says where to go; in a story or an opinion it stays in the sentence.
  const place = ["event", "hiring", "announcement", "offer", "seasonal-sale"].includes(kind) ? placeSpan(all, (i) => removed.has(i)) : null;
  const placeText = place ? join(all.slice(place[0], place[1] + 1)) : "";
  if (place) for (let i = place[0]; i <= place[1]; i++) removed.add(i);
  let rest = all.filter((_, i) => !removed.has(i));

  // Drop a kind-saying lead ("How to", "Join us for", "We are hiring") and an occasion label ("Black Friday sale:").
  let restText = join(rest);
  for (const lead of kind === "story" ? LEADS.filter((l) => !/why/.test(l.source)) : LEADS) {
    const match = restText.match(lead);
    if (!match) continue;
    let consumed = 0;
    while (rest.length > 0 && consumed < match[0].trim().length) {
      consumed += rest[0]!.text.length + (rest[0]!.text ? 1 : 0);
      rest = rest.slice(1);
    }
    restText = join(rest);
    break;
  }
  const colon = rest.findIndex((t) => t.post.includes(":"));
  if (colon >= 0 && colon < rest.length - 1 && colon <= 3) rest = rest.slice(colon + 1);

  // Subject and action: the noun phrase before the main verb, or after it when the brief starts with the verb.
  let verbAt = rest.findIndex((t, i) => isVerb(t) && i > 0 && !PRONOUNS.test(rest[i]!.text));
  // "Welcome emails that convert": a verb after "that" or "which" belongs to the subject.
  if (verbAt > 0 && /^(that|which|who)$/i.test(rest[verbAt - 1]!.text)) verbAt = -1;
  let subjectTerms: Term[];
  let actionTerms: Term[] = [];
  let objectTerms: Term[] = [];
  const leadingPronoun = rest[0] && /^(we|i|you|they)$/i.test(rest[0].text);
  // Only a launch, a view or a story is told as "something does something"; the others are one phrase.
  const splits = kind === "announcement" || kind === "opinion";
  if (!splits) verbAt = -1;
  if (verbAt > 0 && !leadingPronoun) {
    // "Ledgerly now files": the adverb belongs to the action.
    while (verbAt > 1 && (rest[verbAt - 1]!.tags.has("Adverb") || /^(now|just|finally|also|officially)$/i.test(rest[verbAt - 1]!.text))) verbAt--;
    subjectTerms = rest.slice(0, verbAt);
    let end = verbAt;
    while (end + 1 < rest.length && (rest[end + 1]!.tags.has("Verb") || rest[end + 1]!.tags.has("Adverb") || rest[end + 1]!.tags.has("Particle") || /^(now|just|finally|also)$/i.test(rest[end + 1]!.text))) end++;
    actionTerms = rest.slice(verbAt, end + 1);
    objectTerms = rest.slice(end + 1);
  } else {
    subjectTerms = rest;
    if (leadingPronoun && splits) {
      // "we stopped selling single-use cups": the subject is what the claim is about.
      const nounStart = rest.findIndex((t, i) => i > 1 && !t.tags.has("Verb") && !t.tags.has("Adverb") && !PRONOUNS.test(t.text));
      if (nounStart > 0) {
        actionTerms = rest.slice(1, nounStart).filter((t) => !DETERMINERS.test(t.text));
        subjectTerms = rest.slice(nounStart);
      }
    }
  }
  // When the subject would be the whole brief, its last phrase ("for new customers") is set aside,
  // so a sentence built around the subject never repeats the brief word for word.
  if (!actionTerms.length && !objectTerms.length && removed.size === 0 && subjectTerms === rest && rest.length === all.length) {
    const relative = rest.findIndex((t, i) => i >= 1 && /^(that|which|who)$/i.test(t.text));
    const cut = relative > 0 ? relative : rest.findLastIndex((t, i) => i >= 3 && t.tags.has("Preposition") && /^(for|with|to|on|at|in|from|across|near|by)$/i.test(t.text));
    if (cut > 0) {
      objectTerms = rest.slice(cut);
      subjectTerms = rest.slice(0, cut);
    }
  }
  const subjectRaw = join(subjectTerms) || join(rest) || firstSentence;
  const subject = midSentence(restoreCapitals(subjectRaw, capitals), capitals);
  const thing = subject.replace(/^(a|an|the|our|your|my|their|this|these|those)\s+/i, "");
  const head = subjectTerms.filter((t) => t.tags.has("Noun") && !PRONOUNS.test(t.text)).at(-1);
  const plural = Boolean(head?.tags.has("Plural"));

  return {
    text,
    kind,
    subject,
    thing,
    action: join(actionTerms),
    object: restoreCapitals(join(objectTerms), capitals),
    time: restoreCapitals(midSentence(timeText, capitals), capitals),
    place: restoreCapitals(placeText, capitals),
    plural,
    occasion,
    nouns: nounPhrases(all, capitals),
    capitals,
    phrases: readPhrases(text, all.filter((_, i) => !removed.has(i)), kind, capitals, names, subjectRaw, plural),
  };
}

const FINITE = (t: Term) =>
  t.tags.has("Verb") && !t.tags.has("Gerund") && !t.tags.has("Participle") && !(t.tags.has("Infinitive") && !t.tags.has("PresentTense") && !t.tags.has("Imperative"));
const RELATIVE = /^(that|which|who|whom|whose)$/i;
const IMPERATIVES = /^(register|book|join|come|try|visit|sign|order|grab|get|save|claim|reserve|apply|enter|vote|meet|discover|shop|explore|bring|learn|download|subscribe|follow|tell|share|pre-order|preorder|pick|taste|celebrate|help|nominate|support|read|watch|listen|see|find|start|make|plan|choose|switch|swap)$/i;
const QUESTION = /^(should|is|are|can|could|do|does|did|will|would|was|were|has|have|what|which|who|when|where|whose)\b/i;
/** Verbs that make their object the news ("opens a second shop"): the object is the thing. */
const MAKES = /^(open|launch|add|introduce|unveil|debut|release|start|build|get|win|unlock|reveal|welcome|announce|create|plant|raise|finish|complete|hit|reach|serve|bake|brew|roast|make|publish|print|stock|sell|hire|recruit)/i;
/** Verbs of a service ("now sends reminders by text"): the object comes from the subject. */
const SERVES = /^(service|read|send|offer|deliver|take|accept|file|ship|support|let|give|show|track|sync|remind|text|email|book|handle|run|cover|include|come)/i;

/** "descale" → "descaling", for a task named as a noun. */
export function gerundOf(verb: string): string {
  const word = verb.toLowerCase();
  if (/ie$/.test(word)) return `${word.slice(0, -2)}ying`;
  if (/(ee|ye|oe)$/.test(word)) return `${word}ing`;
  if (/[^aeiou]e$/.test(word)) return `${word.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][bdgmnprt]$/.test(word)) return `${word}${word.at(-1)}ing`;
  return `${word}ing`;
}

const cleanText = (terms: readonly Term[], capitals: ReadonlyMap<string, string>) => restoreCapitals(join(terms), capitals);
const isNounTerm = (t: Term) => t.tags.has("Noun") && !t.tags.has("Pronoun") && !t.tags.has("Possessive") && !isDate(t);

/** The head noun of a run of terms: the last noun before a preposition, "that" or a verb. */
function headOf(terms: readonly Term[]): Term | undefined {
  let head: Term | undefined;
  for (const t of terms) {
    if (head && (t.tags.has("Preposition") || RELATIVE.test(t.text) || FINITE(t) || /^(of|for|with|from|to|in|on|at|by)$/i.test(t.text))) break;
    if (isNounTerm(t) || (t.tags.has("Value") && !head && terms.length === 1)) head = t;
  }
  return head;
}

function nounPhraseOf(terms: readonly Term[], capitals: ReadonlyMap<string, string>): NounPhrase {
  const head = headOf(terms);
  return { text: midSentence(cleanText(terms, capitals), capitals), head: head?.text.toLowerCase() ?? "", plural: Boolean(head?.tags.has("Plural")) || /^(people|staff|children|team members)$/i.test(head?.text ?? "") };
}

/** A possessive for the brief's own thing: "a second shop" → "our second shop" when the brief is about us. */
const owned = (phrase: string, ours: boolean) => (ours ? phrase.replace(/^(a|an|the|some)\s+/i, "our ") : phrase.replace(/^(a|an|some)\s+/i, "the "));

/**
 * "Better coffee breaks at the office", "Team lunches on a budget": a bare run of modifiers and
 * a singular noun (no determiner, possessive, pronoun or name), then a plural-looking "verb" and a
 * preposition or nothing, is a headline's noun phrase, not a clause ("coffee" does not "break").
 */
function headlineNoun(terms: readonly Term[], verbAt: number): boolean {
  const verb = terms[verbAt]!;
  const next = terms[verbAt + 1];
  const subject = terms.slice(0, verbAt);
  const bare = (t: Term) =>
    (t.tags.has("Adjective") || isNounTerm(t)) &&
    !["Determiner", "Possessive", "Pronoun", "ProperNoun", "Plural", "Value"].some((tag) => t.tags.has(tag));
  const verbLike = /[^s]s$/i.test(verb.text) && !["Copula", "Auxiliary", "Modal", "PastTense", "Gerund"].some((tag) => verb.tags.has(tag));
  return verbLike && subject.length > 0 && subject.every(bare) && isNounTerm(subject.at(-1)!) && (!next || next.tags.has("Preposition"));
}

/**
 * The brief by grammatical type. `core` is the brief's terms without its time and place; the
 * subject and plural found by the older reading are the noun phrase when there is no clause.
 */
function readPhrases(text: string, core: Term[], kind: BriefKind, capitals: ReadonlyMap<string, string>, names: readonly string[], subjectRaw: string, subjectPlural: boolean): Phrases {
  const question = /\?\s*$/.test(text) || QUESTION.test(text) ? midSentence(text.replace(/[.!?\s]+$/, ""), capitals) + "?" : "";
  const stance = AGAINST.test(text) ? "against" : "for";
  // "Why we stopped…", "How we…": the wh-word frames the clause; a colon's label ("Webinar:") is no part of it.
  let terms = core;
  const colon = terms.findIndex((t) => t.post.includes(":"));
  if (colon >= 0 && colon <= 3 && colon < terms.length - 1) terms = terms.slice(colon + 1);
  if (terms[0] && /^(why|how)$/i.test(terms[0].text) && terms[1] && !/^to$/i.test(terms[1].text)) terms = terms.slice(1);
  if (question && terms[0] && /^(should|can|could|do|does|did|will|would|is|are)$/i.test(terms[0].text)) {
    const copula = /^(is|are)$/i.test(terms[0].text);
    terms = terms.slice(1);
    // "Is cold brew worth the wait?": the thing asked about is the run before the predicate.
    if (copula) {
      const end = terms.findIndex((t, i) => i > 0 && (/^(worth|really|still|better|good|bad|too|the|a|an|enough|dead|overrated)$/i.test(t.text) || t.tags.has("Preposition")));
      if (end > 0) terms = terms.slice(0, end);
    }
  }

  // The number and its head noun: "seven ways", "three nurses", "500 trees".
  let count: Count | null = null;
  const valueAt = terms.findIndex((t) => t.tags.has("Value") && !t.tags.has("Ordinal") && !/%|£|\$|€/.test(t.text) && !/^(a|an|one|half|quarter|third)$/i.test(t.text));
  if (valueAt >= 0) {
    const after = terms.slice(valueAt + 1);
    // The run ends at the first word that is no noun or modifier, or at a modifier after a noun ("ways | small cafés").
    const stop = after.findIndex((t, i) => !(isNounTerm(t) || t.tags.has("Adjective") || t.tags.has("Hyphenated")) || (i > 0 && !isNounTerm(t) && isNounTerm(after[i - 1]!)));
    const head = (stop === -1 ? after : after.slice(0, stop)).filter(isNounTerm).at(-1);
    if (head && isNounTerm(head) && head.tags.has("Plural")) count = { value: terms[valueAt]!.text, head: head.text.toLowerCase(), plural: true };
  }

  // An imperative: the brief starts with a verb the reader is asked to do.
  const first = terms[0];
  const imperativeBrief = Boolean(first && !question && IMPERATIVES.test(first.text) && first.tags.has("Verb") && terms.length > 1 && !/^(how|why)\b/i.test(text));
  let imperative = "";
  let clause: Clause | null = null;
  let noun: NounPhrase | null = null;
  const list = Boolean(count && valueAt === 0 && /^(ways?|tips|steps|mistakes|things|reasons|ideas|questions|signs|rules|lessons|habits|books|recipes|places|myths|tools|apps|walks|rides|routes)$/i.test(count.head));

  if (imperativeBrief) {
    imperative = midSentence(cleanText(terms, capitals), capitals).replace(/^\S+/, (w) => w.toLowerCase());
    // What the action is about: "for our free workshop on pricing" → "our free workshop on pricing".
    let rest = terms.slice(1);
    // "Book a table for our supper club", "Bring the kids to our workshop": the thing is after the preposition.
    const to = rest.findIndex((t, i) => i > 0 && /^(for|to|at)$/i.test(t.text) && /^(our|the|this)$/i.test(rest[i + 1]?.text ?? ""));
    if (to > 0 && /^(table|place|seat|spot|ticket|kids|children|family|friends|bike|dog)s?$/i.test(rest[to - 1]!.text)) rest = rest.slice(to + 1);
    while (rest[0] && (rest[0].tags.has("Preposition") || rest[0].tags.has("Particle") || /^(up|in|on|for|to|at|into|along|by|us|me)$/i.test(rest[0].text))) rest = rest.slice(1);
    if (rest.length > 0) noun = nounPhraseOf(rest, capitals);
  }

  // The main clause: a finite verb after a subject ("our bakery opens", "we stopped selling").
  const finiteAt = terms.findIndex((t, i) => i > 0 && FINITE(t) && !RELATIVE.test(terms[i - 1]!.text));
  const verbAt = finiteAt > 0 && headlineNoun(terms, finiteAt) ? -1 : finiteAt;
  if (!imperativeBrief && verbAt > 0) {
    let subjectEnd = verbAt;
    while (subjectEnd > 1 && (terms[subjectEnd - 1]!.tags.has("Adverb") || /^(now|just|finally|also|officially|still|already)$/i.test(terms[subjectEnd - 1]!.text))) subjectEnd--;
    let end = verbAt;
    while (end + 1 < terms.length && (terms[end + 1]!.tags.has("Verb") || terms[end + 1]!.tags.has("Adverb") || /^(not|never|now|just|also|to)$/i.test(terms[end + 1]!.text)) && !isNounTerm(terms[end + 1]!)) end++;
    const subjectTerms = terms.slice(0, subjectEnd);
    const verbTerms = terms.slice(subjectEnd, end + 1);
    let objectTerms = terms.slice(end + 1);
    // "looking for two joiners": the preposition belongs to the verb.
    if (objectTerms.length > 1 && /^(for|at|into|after)$/i.test(objectTerms[0]!.text) && /^(looking|searching|waiting|asking|calling|voting)$/i.test(verbTerms.at(-1)!.text)) {
      verbTerms.push(objectTerms[0]!);
      objectTerms = objectTerms.slice(1);
    }
    const verbText = verbTerms.map((t) => t.text).join(" ");
    const tense: Tense = verbTerms.some((t) => /^(will|shall)$/i.test(t.text)) || /\bgoing to\b/i.test(verbText) ? "future" : verbTerms[0]!.tags.has("PastTense") || (verbTerms.some((t) => t.tags.has("PastTense")) && !/^(is|are|am|has|have)$/i.test(verbTerms[0]!.text)) ? "past" : "present";
    const subject = midSentence(cleanText(subjectTerms, capitals), capitals);
    const object = cleanText(objectTerms, capitals);
    clause = { subject, verb: verbText, object, tense, text: [subject, verbText, object].filter(Boolean).join(" ") };

    const brandSubject = names.some((name) => name && subject.toLowerCase() === name.toLowerCase());
    const ours = /^(we|our|i|my)\b/i.test(subject) || brandSubject;
    const main = verbTerms.filter((t) => t.tags.has("Verb") && !t.tags.has("Auxiliary") && !t.tags.has("Copula") && !t.tags.has("Modal")).at(-1) ?? verbTerms.at(-1)!;
    const root = main.tags.has("Gerund") ? main.lower.replace(/ing$/, "") : baseVerb(main.lower);
    // "Our sourdough is now delivered…", "Bike lanes are not enough": a copula's subject is the thing.
    const copula = verbTerms[0]!.tags.has("Copula") && !main.tags.has("Gerund");
    if (copula && !list && subjectTerms.length > 0 && headOf(subjectTerms) && !/^(we|i|you|they)$/i.test(subject)) {
      noun = nounPhraseOf(subjectTerms, capitals);
    } else if (list && count) {
      // "Seven ways small cafés waste milk" → "seven ways that small cafés waste milk": the clause stays a relative one.
      const headAt = terms.findIndex((t) => t.text.toLowerCase() === count!.head);
      const after = terms.slice(headAt + 1);
      const relative = after[0] && (after[0].tags.has("Verb") && !FINITE(after[0])) ? after : after.length && !RELATIVE.test(after[0]!.text) && after.some(FINITE) ? null : after;
      const phrase = relative || /^to$/i.test(after[0]?.text ?? "") ? join(terms) : `${join(terms.slice(0, headAt + 1))} that ${join(after)}`;
      noun = { text: midSentence(restoreCapitals(phrase, capitals), capitals), head: count.head, plural: true };
    } else if (objectTerms.length > 0 && headOf(objectTerms) && (/^(we|i|you)$/i.test(subject) || MAKES.test(root) || main.tags.has("Gerund"))) {
      noun = nounPhraseOf(objectTerms, capitals);
      noun = { ...noun, text: owned(noun.text, ours) };
    } else if (objectTerms.length > 0 && headOf(objectTerms) && SERVES.test(root) && !/^(is|are|was|were)$/i.test(main.text)) {
      // "Our booking app now sends reminders by text" → "reminders by text from our booking app".
      const thing = nounPhraseOf(objectTerms, capitals);
      noun = brandSubject ? thing : { ...thing, text: `${owned(thing.text, false).replace(/^the\s+/i, "")} from ${subject}` };
    } else if (subjectTerms.length > 0 && headOf(subjectTerms) && !/^(we|i|you|they)$/i.test(subject)) {
      noun = nounPhraseOf(subjectTerms, capitals);
    }
  }
  // "How to descale your machine": the task is the imperative, and "descaling your machine" names it.
  const task = text.match(/^how to\s+(.+?)[.!?]*$/i);
  if (task && !imperative) {
    const words = core.map((t) => t.text);
    const at = words.findIndex((w, i) => /^how$/i.test(w) && /^to$/i.test(words[i + 1] ?? ""));
    const doing = at >= 0 ? core.slice(at + 2) : [];
    if (doing.length > 0) {
      imperative = midSentence(cleanText(doing, capitals), capitals).replace(/^\S+/, (w) => w.toLowerCase());
      noun = { text: imperative.replace(/^\S+/, (w) => gerundOf(w)), head: "", plural: false };
      clause = null;
    }
  }
  if (question && !noun) {
    const verb = terms.findIndex((t, i) => i > 0 && t.tags.has("Verb") && !t.tags.has("Gerund"));
    const asked = verb > 0 ? terms.slice(0, verb) : terms;
    if (headOf(asked)) noun = nounPhraseOf(asked, capitals);
  }
  if (list && count && !noun) noun = { text: midSentence(cleanText(terms, capitals), capitals), head: count.head, plural: true };
  if (!noun) noun = { text: midSentence(restoreCapitals(subjectRaw, capitals), capitals), head: "", plural: subjectPlural };
  const against = stance === "against" ? noun.text : "";
  return { clause, noun, imperative, question, list, count, stance, against };
}

/**
 * Noun phrases worth a hashtag: each hyphenated compound ("oat-milk"), then the run of
 * nouns and compound adjectives that ends a phrase ("cold brew", "latte art"), names and
 * places; articles, possessives and generic words ("new", "tips") are left out.
 */
function nounPhrases(terms: readonly Term[], capitals: ReadonlyMap<string, string>): string[] {
  const phrases: string[] = [];
  const add = (words: Term[]) => {
    const kept = words.filter((t) => t.text.replace(/[^\p{L}\p{N}&]/gu, "") && !GENERIC.has(t.lower.replace(/[^\p{L}\p{N}&]/gu, "")));
    // A phrase that is only adjectives is no topic.
    if (kept.length === 0 || kept.length > 3 || !kept.some((t) => t.tags.has("Noun") || isProper(t))) return;
    const cleaned = kept.map((t) => t.text.replace(/[^\p{L}\p{N}&]/gu, ""));
    if (cleaned.length === 1 && cleaned[0]!.length < 4 && !isAcronym(cleaned[0]!)) return;
    phrases.push(cleaned.map((w) => capitals.get(w.toLowerCase()) ?? (isAcronym(w) || innerCapital(w) ? w : w.toLowerCase())).join(" "));
  };
  let run: Term[] = [];
  const flush = () => {
    if (run.length === 0) return;
    // Hyphenated compounds are tags of their own; the remaining run is one more.
    const rest: Term[] = [];
    for (let i = 0; i < run.length; i++) {
      if (run[i]!.post.includes("-") && run[i + 1]) {
        const parts = [run[i]!];
        while (run[i]!.post.includes("-") && run[i + 1]) parts.push(run[++i]!);
        add(parts);
      } else rest.push(run[i]!);
    }
    if (rest.length > 3) add(rest.slice(-2));
    else add(rest);
    run = [];
  };
  for (const term of terms) {
    const nounish = (term.tags.has("Noun") || term.tags.has("Adjective") || term.tags.has("Hyphenated")) && !term.tags.has("Pronoun") && !term.tags.has("Possessive") && !isDate(term) && !term.tags.has("Value");
    const generic = GENERIC.has(term.lower) || DETERMINERS.test(term.text);
    if (nounish && !(generic && run.length === 0)) {
      run.push(term);
      if (/[,:;]/.test(term.post)) flush();
    } else flush();
  }
  flush();
  // Compounds ("cold brew") say more than single words, so they come first.
  return [...new Set(phrases)].sort((a, b) => Number(b.includes(" ")) - Number(a.includes(" ")));
}

/** "#ColdBrew": each word capitalised and joined; acronyms and names kept as written. */
export function toHashtag(phrase: string): string {
  const words = phrase.split(/[^\p{L}\p{N}&]+/u).filter(Boolean).slice(0, 3);
  const camel = (w: string) => isAcronym(w) || innerCapital(w) || /^\p{Lu}\p{Ll}+\p{Lu}/u.test(w);
  return `#${words.map((w) => (camel(w) ? w : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())).join("").replace(/&/g, "And")}`;
}

/** How many words a hashtag holds: "#ColdBrew" is two, "#SEO" one. */
export function hashtagWords(tag: string): number {
  return tag.replace(/^#/, "").match(/\p{Lu}{2,}(?=\p{Lu}\p{Ll}|\P{L}|$)|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+/gu)?.length ?? 0;
}

/** How many hashtags a post on each network reads well with; never more than the network allows. */
const TYPICAL_HASHTAGS: Record<SocialChannel, number> = {
  twitter: 2,
  linkedin: 3,
  instagram: 8,
  instagram_reel: 6,
  facebook: 2,
  tiktok: 5,
  youtube: 3,
  seo: 0,
  email: 0,
};

export function hashtagCount(channel: SocialChannel): number {
  return Math.min(TYPICAL_HASHTAGS[channel], CHANNEL_LIMITS[channel].hashtags ?? Infinity);
}

const KIND_TAGS: Record<BriefKind, string[]> = {
  announcement: ["New"],
  "how-to": ["HowTo"],
  opinion: [],
  event: ["Events"],
  offer: [],
  story: ["BehindTheScenes"],
  hiring: ["Hiring", "Jobs"],
  "seasonal-sale": [],
};

/**
 * Hashtags for a post: the brief's noun phrases first, then the keywords', then the place,
 * the brand and the kind of post, at most three words each, as many as the channel reads well.
 */
export function hashtagsFor(reading: BriefReading, keywords: readonly string[], channel: SocialChannel, brandName = "", avoid: readonly string[] = []): string[] {
  const want = hashtagCount(channel);
  if (want === 0) return [];
  const keywordPhrases = keywords.flatMap((k) => (k.split(/\s+/).length <= 3 ? [k] : nounPhrases(termsOf(k), reading.capitals)));
  const candidates = [
    ...reading.nouns,
    ...keywordPhrases,
    ...(reading.occasion ? [reading.occasion] : []),
    ...(reading.place ? [reading.place.replace(/^\S+\s+/, "")] : []),
    ...(brandName && brandName.split(/\s+/).length <= 3 ? [brandName] : []),
    ...KIND_TAGS[reading.kind],
  ];
  const avoided = avoid.map((a) => a.replace(/[^\p{L}\p{N}]/gu, "").toLowerCase());
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const phrase of candidates) {
    const tag = toHashtag(phrase);
    const key = tag.toLowerCase();
    if (tag.length < 3 || seen.has(key) || avoided.some((a) => a && key.includes(a))) continue;
    seen.add(key);
    tags.push(tag);
    if (tags.length >= want) break;
  }
  return tags;
}
