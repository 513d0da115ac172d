import type { Passage } from "../passages";
import { seededRandom } from "../seeded";
import { brandKeywords, type VoiceContext } from "../voice";
import { midSentence, readBrief, restoreCapitals, type BriefReading } from "./brief";
import { article, baseVerb, PRAISE } from "./phrases";
import { gatherFacts, type Fact } from "./facts";
import { grammarFaults } from "./grammar";
import { OWN_LINES, PLANS, type KindPlan, type Parts } from "./plans";
import { inVoice, writingRules, type WritingRules } from "./style";
import { keywordsFor } from "./words";

/**
 * One piece of offline writing: the brief read into parts, the facts ranked, the voice's
 * rules, a seeded choice (the same seed reads the same; "regenerate" passes another), and a
 * ledger of every sentence written, so no sentence is said twice, across the channels of one
 * call and, when a campaign shares its ledger, across the campaign's pieces.
 */

export interface Variation {
  /** Changes every choice; the same seed and brief give the same text. */
  seed?: string;
  /** Sentences already written elsewhere (the other pieces of a campaign); new ones are added. */
  written?: Set<string>;
}

export interface WriterOptions {
  /** What the choices are seeded with besides the brief: the kind of task ("social", "email"). */
  salt: string;
  keywords?: readonly string[];
  audience?: string;
  sourceText?: string;
  variation?: Variation;
}

type Role = "hooks" | "audience" | "calls" | "questions" | "titles" | "develop";

export interface Writer {
  reading: BriefReading;
  parts: Parts;
  plan: KindPlan;
  rules: WritingRules;
  facts: Fact[];
  keywords: string[];
  random: () => number;
  /** A sentence from the kind's plan not yet written, or null when every one is used. */
  line(role: Role): string | null;
  /** A title: unused if possible, but there is always one. */
  title(): string;
  /** The best fact not yet written, or null. */
  fact(accept?: (fact: Fact) => boolean): Fact | null;
  /** How many facts are left unwritten. */
  left(accept?: (fact: Fact) => boolean): number;
  /** Puts a sentence of the writer's own in the brand's voice; null if it was already written or repeats the brief. */
  say(text: string): string | null;
  /** Whether every sentence of a text passes the grammar check (grammar.ts). */
  grammatical(text: string): boolean;
  /** In the brand's voice, without the ledger: headings, image briefs. */
  voiced(text: string): string;
  /** Enters words written outside `say` (an outline point leading its paragraph) in the ledger. */
  mark(text: string): void;
}

/** How the ledger compares sentences: case, punctuation and citations aside. */
export const sentenceKey = (sentence: string) =>
  sentence
    .toLowerCase()
    .replace(/\[\d+\]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

const splitSentences = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);

function shortAudience(raw: string): string {
  const first = raw.trim().split(/(?<=[.!?])\s+/)[0]!.replace(/[.!?]+$/, "");
  const clause = first.split(/,|;|\s[—–-]\s|\swho\s|\sthat\s/)[0]!.trim();
  const words = clause.split(/\s+/);
  if (!clause || words.length > 7) return "";
  // "Busy office workers" → "busy office workers"; names and acronyms keep their capitals.
  return /^\p{Lu}\p{Ll}/u.test(words[0]!) ? clause.charAt(0).toLowerCase() + clause.slice(1) : clause;
}

/** "keeping a sourdough starter alive while…" → "keeping a sourdough starter": the task up to its first preposition, at most four words. */
function shortTask(doing: string): string {
  const words = doing.split(/\s+/);
  const stop = words.findIndex((word, i) => i > 0 && /^(at|in|on|for|with|to|from|before|after|while|through|into|by|during|without)$/i.test(word));
  return words.slice(0, Math.min(stop === -1 ? words.length : stop, 4)).join(" ");
}

export function gerund(verb: string): string {
  const word = verb.toLowerCase();
  if (/ie$/.test(word)) return `${word.slice(0, -2)}ying`;
  if (/(ee|ye|oe)$/.test(word)) return `${word}ing`;
  if (/[^aeiou]e$/.test(word)) return `${word.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][bdgmnprt]$/.test(word)) return `${word}${word.at(-1)}ing`;
  return `${word}ing`;
}

const sp = (text: string) => (text ? ` ${text}` : "");

const DISCOUNT = /^(up to\s+)?((a\s+)?(quarter|third|half)\s+(?=off)|\d+\s?%|[£$€]\s?\d+(\.\d+)?|half[- ]price|two for one|buy one,? get one( free)?|free)\s*(off\s*)?((on|across|for)\s+)?((all|every|our|your|any|the|selected)\s+)*/i;

/** "nurses" → "nurse", "bakeries" → "bakery": the one of a plural head, for "the nurse role". */
export function singular(noun: string): string {
  if (/ies$/i.test(noun)) return `${noun.slice(0, -3)}y`;
  if (/(ss|sh|ch|x)es$/i.test(noun)) return noun.slice(0, -2);
  if (/[^s]s$/i.test(noun)) return noun.slice(0, -1);
  return noun;
}

/** "stopped selling" → "stop selling", "no longer sell" → "stop selling": the clause's verb as the reader would do it. */
function baseAction(verb: string): string {
  const words = verb.toLowerCase().split(/\s+/).filter((w) => !/^(now|just|also|finally|still|already)$/.test(w));
  if (words[0] === "no" && words[1] === "longer" && words[2]) return `stop ${gerund(words[2])}${sp(words.slice(3).join(" "))}`;
  if (/^(are|is|am|was|were|have|has|had|will|do|does|did)$/.test(words[0] ?? "") && words[1]) words.shift();
  return [baseVerb(words[0] ?? ""), ...words.slice(1)].join(" ");
}

/** The kinds whose sentences name the thing by the typed noun phrase (offers and stories name it as typed). */
const TYPED_NOUN = new Set(["announcement", "event", "hiring", "opinion", "how-to"]);

function partsOf(reading: BriefReading, voice: VoiceContext, audience: string): Parts {
  const phrases = reading.phrases;
  const typed = TYPED_NOUN.has(reading.kind) && !(reading.kind === "how-to" && /^how to\b/i.test(reading.text));
  let plural = typed ? phrases.noun.plural : reading.plural;
  let subject = typed ? phrases.noun.text : reading.subject;
  let object = reading.object;
  let brandNews = false;
  // "Ledgerly now files MTD returns": when the brand is the subject, the news is what it now does.
  if (reading.kind === "announcement" && reading.object && subject.toLowerCase().replace(/\s+(now|just|finally|also)$/, "") === voice.brandName.toLowerCase()) {
    subject = midSentence(reading.object, reading.capitals);
    object = "";
    brandNews = true;
    plural = /s$/.test(subject.split(/\s+(for|with|to|in|on|at)\s+/)[0]!);
  }
  const determined = /^(a|an|the|our|your|my|their|this|these|those|\d)/i.test(subject) || /^\p{Lu}/u.test(subject);
  const ours = /^(a|an)\s/i.test(subject) ? subject.replace(/^(a|an)\s/i, "our ") : reading.kind === "event" && !determined ? `our ${subject}` : subject;
  const time = reading.time;
  const date = time.replace(/^(in|on|at|from|until|till|til|by|before|after|during|through|over|starting|ending|ends)\s+/i, "");
  const task = reading.kind === "how-to" && (/^how to\b/i.test(reading.text) || /^(make|build|choose|plan|start|write|get|fix|clean|brew|use|find|keep|grow|run|save|set|prepare|pick|cut|learn|create|improve|design|cook|bake|train|stop|avoid|descale|store|care|organise|organize)\b/i.test(subject))
    ? subject
    : "";
  const doing = task ? task.replace(/^\S+/, (verb) => gerund(verb)) : "";
  let claim = "";
  if (reading.kind === "opinion") {
    const first = reading.text.replace(/[.!?]+$/, "");
    const stripped = first.replace(/^(why|the case for|the case against|in defen[cs]e of|unpopular opinion:?|hot take:?)\s+/i, "");
    if (stripped !== first) claim = restoreCapitals(stripped.charAt(0).toLowerCase() + stripped.slice(1), reading.capitals);
  }
  // "is now delivered warm to their door" → "now delivered warm to your door": what changed, told to the reader.
  const news =
    reading.kind === "announcement" && !brandNews && /^(is|are)\s+(now\s+)?\S+(ed|en)\b/i.test(reading.action)
      ? `${reading.action.replace(/^(is|are)\s+/i, "")}${sp(reading.object)}`.replace(/\btheir\b/gi, "your").replace(/\bthem\b/gi, "you")
      : "";
  const thing = subject === reading.subject ? reading.thing : subject.replace(/^(a|an|the|our|your|my|their|this|these|those)\s+/i, "");
  const count = phrases.count;
  // A role named once: "three nurses" → "nurse", "a head roaster in Leeds" → "head roaster".
  const role = reading.kind === "hiring" ? (count ? thing.replace(new RegExp(`^${count.value}\\s+`, "i"), "") : thing).split(/\s+(?:for|in|at|with|to)\s+/)[0]! : "";
  const clause = phrases.clause;
  return {
    subject,
    thing,
    plural,
    a: article(thing),
    clause: !news && !brandNews && clause && clause.object && !/^(we|i|you|they)$/i.test(clause.subject) && !phrases.list && reading.kind === "announcement" ? clause.text : "",
    imperative: phrases.imperative,
    list: phrases.list,
    count: count ? `${count.value.toLowerCase()} ${count.head}` : "",
    countHead: count?.head ?? "",
    stance: phrases.stance,
    question: phrases.question,
    // "Would you stop selling bottled water too?": the brief's own view, asked back.
    ourAct: clause && /^we$/i.test(clause.subject) && clause.object ? `${baseAction(clause.verb)} ${clause.object}` : "",
    role: role && plural ? singular(role.replace(/(\S+)$/, (w) => w)) : role,
    news,
    ours,
    it: plural ? "them" : "it",
    is: plural ? "are" : "is",
    action: reading.action,
    object,
    brandNews,
    time,
    date,
    place: reading.place,
    audience,
    brand: voice.brandName,
    occasion: reading.occasion,
    task,
    doing,
    topic: doing || (reading.kind === "event" ? ours : subject),
    short: doing ? shortTask(doing) : /^(how|why)\b/i.test(subject) || /,/.test(subject) ? (reading.kind === "story" ? "that story" : "it") : `the ${subject.split(/\s+(?:for|with|to|in|on|at|of|who|that)\s+/)[0]!.split(/\s+/).at(-1)}`,
    claim,
    product: reading.kind === "offer" || reading.kind === "seasonal-sale" ? reading.thing.replace(DISCOUNT, "").trim() : "",
  };
}

export function createWriter(brief: string, voice: VoiceContext, passages: readonly Passage[], options: WriterOptions): Writer {
  const reading = readBrief(brief, [voice.brandName]);
  const rules = writingRules(voice);
  const random = seededRandom(`${options.salt}:${brief}:${options.variation?.seed ?? ""}`);
  const keywords = keywordsFor(options.keywords ?? [], brandKeywords(voice));
  const audience = shortAudience(options.audience || voice.notes.audience || "");
  const parts = partsOf(reading, voice, audience);
  const plan = PLANS[reading.kind];
  const facts = gatherFacts(reading, voice, passages, { keywords, rules, random, sourceText: options.sourceText });
  const ledger = options.variation?.written ?? new Set<string>();
  const briefKey = sentenceKey(reading.text.split(/(?<=[.!?])\s+/)[0]!);
  const briefWords = briefKey.split(" ").length;

  const voiced = (text: string) => restoreCapitals(inVoice(text, rules), reading.capitals);
  const fresh = (text: string) => {
    const key = sentenceKey(text);
    // A brief of two or three words is a name ("Office coffee"), not a sentence to avoid repeating.
    if (!key || (briefWords >= 4 && key.includes(briefKey))) return false;
    return splitSentences(text).every((s) => !ledger.has(sentenceKey(s)));
  };
  const remember = (text: string) => splitSentences(text).forEach((s) => ledger.add(sentenceKey(s)));
  const shuffled = <T>(items: readonly T[]) => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };

  // The phrases the plans put in noun slots, for the grammar check on the way out.
  const nounSlots = [parts.subject, parts.thing, parts.ours, parts.topic, parts.role, parts.product].filter(Boolean);
  const grammatical = (text: string) => splitSentences(text).every((sentence) => grammarFaults(sentence, nounSlots).length === 0);

  const say = (text: string) => {
    const sentence = voiced(text);
    if (!fresh(sentence) || !fresh(text)) return null;
    // A brief against something never gets a sentence that praises or invites.
    if (parts.stance === "against" && PRAISE.test(sentence)) return null;
    // Both forms: a fact is later checked as written in the material, before the voice changed it.
    remember(sentence);
    remember(text);
    return sentence;
  };

  return {
    reading,
    parts,
    plan,
    rules,
    facts,
    keywords,
    random,
    line(role) {
      // The kind's own lines first, in a seeded order; the common ones only when those are used up.
      const own = role === "hooks" || role === "calls" || role === "questions" ? OWN_LINES(reading.kind, role) : plan[role].length;
      for (const make of [...shuffled(plan[role].slice(0, own)), ...shuffled(plan[role].slice(own))]) {
        const raw = make(parts);
        // A sentence the grammar check refuses is skipped: the next plan is tried.
        if (!raw || !grammatical(raw)) continue;
        const said = say(raw);
        if (said) return said;
      }
      return null;
    },
    title() {
      const made = shuffled(plan.titles)
        .map((make) => make(parts))
        .filter((t): t is string => Boolean(t))
        .filter((t) => grammatical(t))
        .map(voiced);
      const title = made.find((t) => fresh(t)) ?? made[0] ?? voiced(reading.thing);
      remember(title);
      return title;
    },
    fact(accept) {
      for (const fact of facts) {
        if (accept && !accept(fact)) continue;
        if (!fresh(fact.text)) continue;
        remember(fact.text);
        return fact;
      }
      return null;
    },
    left(accept) {
      return facts.filter((fact) => (!accept || accept(fact)) && fresh(fact.text)).length;
    },
    say,
    grammatical,
    voiced,
    mark(text) {
      remember(text);
      remember(voiced(text));
    },
  };
}
