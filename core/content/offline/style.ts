import { removeAvoidTerms } from "../guardrails";
import { avoidTerms, type VoiceContext } from "../voice";

/**
 * The brand voice and house style as rules the offline writer can follow: the reading level
 * sets how long a sentence may be, the tone sets formality (contractions or none), preferred
 * words replace the words they stand for and lift sentences that use them, and the avoid
 * list is taken out of every sentence before it is written.
 */

export type Formality = "casual" | "neutral" | "formal";

export interface WritingRules {
  /** The longest sentence, in words, for the reading level. */
  maxWords: number;
  formality: Formality;
  /** Preferred words: sentences using them rank higher. */
  prefer: string[];
  /** "customers instead of users" → users becomes customers. */
  replacements: { from: RegExp; to: string }[];
  avoid: string[];
}

const MAX_WORDS = { simple: 14, standard: 22, expert: 32 } as const;

const CASUAL = /\b(casual|playful|friendly|fun|cheeky|relaxed|chatty|informal|laid[- ]back|conversational|warm|upbeat|witty|irreverent)\b/i;
const FORMAL = /\b(formal|professional|authoritative|corporate|serious|precise|academic|institutional|reserved|respectful|polished)\b/i;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** "customers instead of users", "customers (not users)", "users -> customers": the pair, else the word alone. */
function preference(entry: string): { word: string; replaces?: string } {
  const text = entry.trim();
  const arrow = text.match(/^(.+?)\s*(?:->|→|=>)\s*(.+)$/);
  if (arrow) return { word: arrow[2]!.trim(), replaces: arrow[1]!.trim() };
  const instead = text.match(/^(.+?)\s*(?:\(\s*)?(?:instead of|rather than|not|over)\s+(.+?)\)?$/i);
  if (instead) return { word: instead[1]!.trim(), replaces: instead[2]!.trim() };
  return { word: text };
}

export function writingRules(voice: VoiceContext): WritingRules {
  const style = voice.style;
  const tone = `${style?.tone ?? ""} ${voice.notes.general ?? ""}`;
  const formal = FORMAL.test(tone);
  const casual = CASUAL.test(tone);
  const preferences = (style?.preferWords ?? []).map(preference);
  return {
    maxWords: MAX_WORDS[style?.readingLevel ?? "standard"],
    formality: formal && !casual ? "formal" : casual && !formal ? "casual" : formal ? "formal" : "neutral",
    prefer: preferences.map((p) => p.word),
    replacements: preferences
      .filter((p): p is { word: string; replaces: string } => Boolean(p.replaces))
      .map((p) => ({ from: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(p.replaces)}(?![\\p{L}\\p{N}])`, "giu"), to: p.word })),
    avoid: avoidTerms(voice),
  };
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\b([Ww])e are\b/g, "$1e're"],
  [/\b([Yy])ou are\b/g, "$1ou're"],
  [/\b([Tt])hey are\b/g, "$1hey're"],
  [/\b([Ii])t is\b/g, "$1t's"],
  [/\b([Tt])hat is\b/g, "$1hat's"],
  [/\b([Hh])ere is\b/g, "$1ere's"],
  [/\b([Ww])hat is\b/g, "$1hat's"],
  [/\b([Ww])e will\b/g, "$1e'll"],
  [/\b([Yy])ou will\b/g, "$1ou'll"],
  [/\b([Dd])o not\b/g, "$1on't"],
  [/\b([Dd])oes not\b/g, "$1oesn't"],
  [/\b([Ii])s not\b/g, "$1sn't"],
  [/\b([Aa])re not\b/g, "$1ren't"],
  [/\b([Cc])annot\b/g, "$1an't"],
  [/\b([Ll])et us\b/g, "$1et's"],
];

const EXPANSIONS: [RegExp, string][] = [
  [/\b([Ww])e're\b/g, "$1e are"],
  [/\b([Yy])ou're\b/g, "$1ou are"],
  [/\b([Tt])hey're\b/g, "$1hey are"],
  [/\b([Ii])t's\b/g, "$1t is"],
  [/\b([Tt])hat's\b/g, "$1hat is"],
  [/\b([Hh])ere's\b/g, "$1ere is"],
  [/\b([Ww])hat's\b/g, "$1hat is"],
  [/\b([Ww])e'll\b/g, "$1e will"],
  [/\b([Yy])ou'll\b/g, "$1ou will"],
  [/\b([Ww])e've\b/g, "$1e have"],
  [/\b([Dd])on't\b/g, "$1o not"],
  [/\b([Dd])oesn't\b/g, "$1oes not"],
  [/\b([Ii])sn't\b/g, "$1s not"],
  [/\b([Aa])ren't\b/g, "$1re not"],
  [/\b([Cc])an't\b/g, "$1annot"],
  [/\b([Ww])on't\b/g, "$1ill not"],
  [/\b([Ll])et's\b/g, "$1et us"],
];

/** One sentence in the brand's voice: preferred words in, formality applied, avoid list out. */
export function inVoice(sentence: string, rules: WritingRules): string {
  let text = sentence.replace(/’/g, "'");
  for (const { from, to } of rules.replacements) text = text.replace(from, (match) => (/^\p{Lu}/u.test(match) ? to.charAt(0).toUpperCase() + to.slice(1) : to));
  if (rules.formality === "casual") {
    // Never at the end of a clause: "so here it is." keeps its "it is".
    for (const [from, to] of CONTRACTIONS) text = text.replace(new RegExp(`${from.source}(?!\\s*(?:[.!?,;:)]|$))`, from.flags), to);
  }
  if (rules.formality === "formal") {
    for (const [from, to] of EXPANSIONS) text = text.replace(from, to);
    text = text.replace(/!/g, ".");
  }
  return removeAvoidTerms(text, rules.avoid).text.replace(/\s{2,}/g, " ").trim();
}

/** Whether a sentence uses an avoided term at all (such facts are passed over rather than mangled). */
export function usesAvoided(sentence: string, rules: WritingRules): boolean {
  return removeAvoidTerms(sentence, rules.avoid).removed.length > 0;
}

export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
