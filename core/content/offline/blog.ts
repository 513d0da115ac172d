import { BLOG_LENGTHS, type BlogBrief, type BlogDraftRequest, type OutlineSection } from "../../contracts/content";
import type { Passage } from "../passages";
import type { VoiceContext } from "../voice";
import { stemsOf, type Fact } from "./facts";
import { cap } from "./plans";
import { createWriter, type Variation, type Writer } from "./writer";
import { createFiller } from "./long-form";
import { firstSentence } from "./words";

/**
 * The offline writer's blog posts: an outline whose sections fit the kind of brief (a launch
 * has "When and where", a how-to has "Mistakes to avoid"), its points taken from the
 * workspace's facts; then a draft that follows the (possibly edited) outline section by
 * section, citing the passages it uses and listing them under Sources.
 */

const writerFor = (brief: BlogBrief, voice: VoiceContext, passages: readonly Passage[], salt: string, variation?: Variation) =>
  createWriter(brief.topic, voice, passages, { salt, keywords: brief.keywords, audience: brief.audience, variation });

export function writeBlogOutline(brief: BlogBrief, voice: VoiceContext, passages: readonly Passage[] = [], variation?: Variation): OutlineSection[] {
  const w = writerFor(brief, voice, passages, "outline", variation);
  const count = BLOG_LENGTHS[brief.length].sections;
  const planned = w.plan.sections.map((section) => section(w.parts)).filter((s) => s !== null);
  const sections: OutlineSection[] = planned.slice(0, count).map((section) => ({ heading: w.voiced(section.heading), points: section.points.map(w.voiced) }));
  // The workspace's facts become the points, most relevant first, so the draft has something true to say.
  for (let round = 0; round < 2; round++) {
    for (const section of sections) {
      if (section.points.length >= 3) continue;
      const fact = w.fact((f) => f.relevance > 0);
      if (fact) section.points.push(fact.text.replace(/[.!?]+$/, ""));
    }
  }
  const product = voice.notes.product_or_service_description?.trim();
  sections.push({
    heading: w.voiced(product ? `How ${voice.brandName} helps` : "Your next step"),
    points: product ? [w.voiced(firstSentence(product).replace(/[.!?]+$/, "")), w.voiced(w.line("calls")?.replace(/[.!?]+$/, "") ?? "How to try it")] : [w.line("calls")?.replace(/[.!?]+$/, "") ?? "Try one idea this week"],
  });
  return sections.map((section) => ({ heading: cap(section.heading), points: section.points.filter(Boolean).map(cap) }));
}

/** A fact about the brief that also shares a word with this part of the post. */
function relevantFact(w: Writer, words: string): Fact | null {
  const wanted = stemsOf(words);
  return w.fact((fact) => fact.relevance > 0 && [...stemsOf(fact.text)].some((stem) => wanted.has(stem))) ?? null;
}

/** Words as a reader counts them: markup, list markers and citations aside. */
export const wordCount = (markdown: string) => (markdown.replace(/\[\d+\]/g, " ").replace(/[#*_>`]+/g, " ").match(/[\p{L}\p{N}][\p{L}\p{N}'’.,%£$€&-]*/gu) ?? []).length;

/** A paragraph longer than this is split at a sentence, as a writer would. */
const PARAGRAPH_WORDS = 110;
/** What the closing ("In short", the brand's pitch, sources) takes of the length asked for. */
const CLOSING_WORDS = 45;

/**
 * The draft, as markdown: title, introduction, one section per outline entry, sources. It is
 * as long as the length asked for: each point gets its share of the words, first from the
 * workspace's facts and the kind's own lines, then from sentences that develop the point and
 * the topic (long-form.ts); no sentence is written twice.
 */
export function writeBlogPost(request: BlogDraftRequest, voice: VoiceContext, passages: readonly Passage[] = [], variation?: Variation): string {
  const w = writerFor(request, voice, passages, "post", variation);
  const { parts } = w;
  const target = BLOG_LENGTHS[request.length].words;
  // The title first: the seeded choices keep their order, so a job's title stays the one it had.
  const title = w.title();
  const filler = createFiller(w);
  const sources: Passage[] = [];
  const cite = (fact: Fact) => {
    if (!fact.passage) return fact.text;
    let index = sources.indexOf(fact.passage);
    if (index === -1) index = sources.push(fact.passage) - 1;
    return `${fact.text} [${index + 1}]`;
  };
  const develop = () => w.line("develop");
  let written = 0;
  const lines: string[] = [];
  const push = (...more: string[]) => {
    for (const line of more) written += wordCount(line);
    lines.push(...more);
  };
  /** Sentences as paragraphs of a readable size. */
  const paragraphs = (sentences: string[]) => {
    let current: string[] = [];
    const flush = () => current.length && (push(current.join(" "), ""), (current = []));
    for (const sentence of sentences) {
      if (current.length > 0 && wordCount([...current, sentence].join(" ")) > PARAGRAPH_WORDS) flush();
      current.push(sentence);
    }
    flush();
  };
  /** Adds sentences developing `point` until `sentences` holds `budget` words (or nothing is left to say). */
  const fill = (sentences: string[], budget: number, point?: string, heading?: string) => {
    while (wordCount(sentences.join(" ")) < budget) {
      const next = filler.next(point, heading);
      if (!next) break;
      sentences.push(next);
    }
    return sentences;
  };

  push(`# ${title}`, "");
  const sections = request.outline.map((section) => {
    const points = section.points.map((raw) => ({ raw, text: raw.replace(/[.!?]+$/, "").trim() })).filter((point) => point.text);
    // A section without points is developed from its heading.
    return { heading: section.heading, points: points.length ? points : [{ raw: section.heading, text: section.heading.replace(/[.!?]+$/, "").trim(), heading: true }] };
  });
  // The outline's own words are in the post already; nothing later says them again.
  for (const section of sections) for (const point of section.points) if (!w.facts.some((fact) => fact.text.replace(/[.!?]+$/, "") === point.text)) w.mark(point.text);
  const shares = sections.reduce((n, section) => n + section.points.length, 0) + 1;

  const intro = [w.line("hooks"), w.line("audience")].filter((line): line is string => Boolean(line));
  const opening = w.fact((f) => f.relevance > 0) ?? w.fact((f) => f.ref !== undefined);
  if (opening) intro.push(cite(opening));
  paragraphs(fill(intro, (target - CLOSING_WORDS - written) / shares));

  let left = shares - 1;
  for (const section of sections) {
    push(`## ${section.heading}`, "");
    for (const point of section.points) {
      const budget = (target - CLOSING_WORDS - written) / left--;
      // A point that is one of the facts is written out with its citation; any other point leads its paragraph.
      const own = w.facts.find((fact) => fact.text.replace(/[.!?]+$/, "") === point.text);
      const sentences: string[] = [];
      if (own) {
        if (w.say(own.text)) sentences.push(cite(own));
      } else if (!("heading" in point)) {
        sentences.push(`**${cap(point.text)}${/\?$/.test(point.raw.trim()) ? "?" : "."}**`);
      }
      const fact = relevantFact(w, `${section.heading} ${point.text}`);
      if (fact) sentences.push(cite(fact));
      const line = develop();
      if (line) sentences.push(line);
      // Longer posts keep drawing on the workspace's facts before anything else.
      while (wordCount(sentences.join(" ")) < budget * 0.6) {
        const more = w.fact((f) => f.relevance > 0);
        if (!more) break;
        sentences.push(cite(more));
      }
      paragraphs(fill(sentences, budget, point.text, section.heading));
    }
  }

  push("## In short", "");
  push([w.line("questions"), w.line("calls")].filter(Boolean).join(" ") || cap(`${parts.thing}.`));
  const product = voice.notes.product_or_service_description?.trim();
  if (product) {
    const pitch = [w.say(firstSentence(product)), w.say(`See how ${voice.brandName} can help with ${parts.topic}.`)].filter(Boolean);
    if (pitch.length > 0) push("", `**Ready to go further?** ${pitch.join(" ")}`);
  }
  if (sources.length > 0) {
    push("", "### Sources", "");
    sources.forEach((passage, index) => push(`${index + 1}. ${passage.sourceTitle}`));
  }
  return `${lines.join("\n").replace(/\n{3,}/g, "\n\n").trim()}\n`;
}
