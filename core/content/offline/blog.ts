import { BLOG_LENGTHS, type BlogBrief, type BlogDraftRequest, type OutlineSection } from "../../contracts/content";
import type { Passage } from "../passages";
import type { VoiceContext } from "../voice";
import { stemsOf, type Fact } from "./facts";
import { cap } from "./plans";
import { createWriter, type Variation, type Writer } from "./writer";
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

/** The draft, as markdown: title, introduction, one section per outline entry, sources. */
export function writeBlogPost(request: BlogDraftRequest, voice: VoiceContext, passages: readonly Passage[] = [], variation?: Variation): string {
  const w = writerFor(request, voice, passages, "post", variation);
  const { parts } = w;
  const target = BLOG_LENGTHS[request.length].words;
  const perSection = Math.max(60, Math.round(target / (request.outline.length + 1)));
  const sources: Passage[] = [];
  const cite = (fact: Fact) => {
    if (!fact.passage) return fact.text;
    let index = sources.indexOf(fact.passage);
    if (index === -1) index = sources.push(fact.passage) - 1;
    return `${fact.text} [${index + 1}]`;
  };
  // The kind's own development lines, each used once, in a seeded order.
  const develop = () => w.line("develop");
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

  const lines: string[] = [`# ${w.title()}`, ""];
  const intro = [w.line("hooks"), w.line("audience")];
  const opening = w.fact((f) => f.relevance > 0) ?? w.fact((f) => f.ref !== undefined);
  if (opening) intro.push(cite(opening));
  lines.push(intro.filter(Boolean).join(" "), "");

  for (const section of request.outline) {
    lines.push(`## ${section.heading}`, "");
    let written = 0;
    // Points with nothing to add are a list; points with a fact or a line of their own are paragraphs.
    const list: string[] = [];
    const flushList = () => {
      if (list.length > 0) lines.push(...list.map((item) => `- ${item}`), "");
      list.length = 0;
    };
    for (const raw of section.points) {
      const point = raw.replace(/[.!?]+$/, "").trim();
      if (!point) continue;
      // A point that is one of the facts is written out with its citation; any other point leads its paragraph.
      const own = w.facts.find((fact) => fact.text.replace(/[.!?]+$/, "") === point);
      const sentences: (string | null)[] = [];
      if (own) {
        if (w.say(own.text)) sentences.push(cite(own));
      } else {
        const fact = relevantFact(w, `${section.heading} ${point}`);
        const line = develop();
        if (!fact && !line) {
          list.push(cap(point));
          continue;
        }
        sentences.push(`**${cap(point)}${/\?$/.test(raw.trim()) ? "?" : "."}**`, fact && cite(fact), line);
      }
      flushList();
      const paragraph = sentences.filter(Boolean).join(" ");
      lines.push(paragraph, "");
      written += words(paragraph);
    }
    flushList();
    // Longer posts keep drawing on the workspace's facts until the section has its share.
    while (written < perSection * 0.8) {
      const fact = w.fact((f) => f.relevance > 0);
      if (!fact) break;
      const more = cite(fact);
      lines.push(more, "");
      written += words(more);
    }
  }

  lines.push("## In short", "");
  lines.push([w.line("questions"), w.line("calls")].filter(Boolean).join(" ") || cap(`${parts.thing}.`));
  const product = voice.notes.product_or_service_description?.trim();
  if (product) {
    const pitch = [w.say(firstSentence(product)), w.say(`See how ${voice.brandName} can help with ${parts.topic}.`)].filter(Boolean);
    if (pitch.length > 0) lines.push("", `**Ready to go further?** ${pitch.join(" ")}`);
  }
  if (sources.length > 0) {
    lines.push("", "### Sources", "");
    sources.forEach((passage, index) => lines.push(`${index + 1}. ${passage.sourceTitle}`));
  }
  return `${lines.join("\n").replace(/\n{3,}/g, "\n\n").trim()}\n`;
}
