import { BLOG_LENGTHS, type BlogBrief, type BlogDraftRequest, type OutlineSection } from "../../contracts/content";
import { pick, seededRandom } from "../seeded";
import { brandKeywords, type VoiceContext } from "../voice";
import type { Passage } from "../passages";
import { audiencePhrase, capitalise, firstSentence, keywordsFor, relevantPassages, sentenceCase } from "./words";

/**
 * The offline writer's blog posts: an outline from the brief, then a draft that follows the
 * outline section by section. No model: it assembles the brief, the brand voice, the house
 * style and the retrieved passages into structured prose, deterministically.
 */

type SectionPlan = (topic: string, keyword: string, audience: string) => OutlineSection;

const SECTION_PLANS: SectionPlan[] = [
  (topic, _k, audience) => ({
    heading: `Why ${topic} matters${audience ? ` for ${audience}` : ""}`,
    points: [`The problem ${topic} solves`, "What changes when it is done well", "What it costs to ignore it"],
  }),
  (topic, keyword) => ({
    heading: `What ${keyword || topic} really means`,
    points: ["A plain definition", "The myths worth dropping", "A quick example"],
  }),
  (topic) => ({
    heading: `How to get started with ${topic}`,
    points: ["Set one clear goal", "Pick the first small step", "Decide how you will measure it"],
  }),
  (topic) => ({
    heading: `A step-by-step plan for ${topic}`,
    points: ["Prepare what you already have", "Run a first version", "Review, then repeat what worked"],
  }),
  () => ({
    heading: "Common mistakes, and how to avoid them",
    points: ["Doing everything at once", "Measuring the wrong thing", "Stopping too early"],
  }),
  (topic, keyword) => ({
    heading: `Measuring the results of ${keyword || topic}`,
    points: ["The numbers that matter", "A simple weekly review", "When to change course"],
  }),
  (topic) => ({
    heading: `Real examples of ${topic} at work`,
    points: ["A small team's first month", "What a larger rollout looked like", "What both had in common"],
  }),
  (topic) => ({
    heading: `Tools and habits that make ${topic} easier`,
    points: ["A shared checklist", "A regular slot in the calendar", "One owner for each step"],
  }),
];

export function writeBlogOutline(brief: BlogBrief, voice: VoiceContext, passages: readonly Passage[] = []): OutlineSection[] {
  const random = seededRandom(`outline:${brief.topic}:${brief.length}`);
  const keywords = keywordsFor(brief.keywords, brandKeywords(voice));
  const count = BLOG_LENGTHS[brief.length].sections;
  // Rotate through the plans from a brief-dependent start, so outlines differ by topic.
  const start = Math.floor(random() * SECTION_PLANS.length);
  const topic = brief.topic.replace(/[.!?]+$/, "");
  const sections: OutlineSection[] = [];
  for (let i = 0; i < count; i++) {
    const plan = SECTION_PLANS[(start + i) % SECTION_PLANS.length]!;
    sections.push(plan(topic.toLowerCase(), keywords[i % Math.max(1, keywords.length)] ?? "", brief.audience.trim()));
  }
  // Knowledge the workspace holds becomes a section of its own, so the draft cites it.
  const relevant = relevantPassages(passages, [brief.topic, ...keywords], 3);
  if (relevant.length > 0) {
    sections.splice(Math.min(2, sections.length), 0, {
      heading: `What we have learned about ${topic.toLowerCase()}`,
      points: relevant.map((passage) => firstSentence(passage.text)),
    });
  }
  const product = voice.notes.product_or_service_description?.trim();
  sections.push({
    heading: product ? `How ${voice.brandName} helps` : "Your next step",
    points: product ? [firstSentence(product), "How to try it"] : ["Pick one idea from this post", "Try it this week"],
  });
  return sections.map((section) => ({ heading: sentenceCase(section.heading), points: section.points.map(capitalise) }));
}

const OPENERS = [
  (topic: string, audience: string) => `If you are ${audience}, you have probably wondered how to make ${topic} work without adding another week to your month.`,
  (topic: string, audience: string) => `${capitalise(topic)} is one of those things ${audience} know they should get right, and rarely have time to think through.`,
  (topic: string, audience: string) => `Most advice about ${topic} is written for someone else. This guide is written for ${audience}.`,
];

/** Sentences that develop a point; drawn without repeats, so a post never says a thing twice. */
const ELABORATIONS: ((c: { topic: string; keyword: string; audience: string }) => string)[] = [
  ({ keyword }) => `Start here, because everything else builds on it${keyword ? `, and it is where ${keyword} pays off first` : ""}.`,
  () => "Keep it concrete: write down what you will do, who does it and by when.",
  ({ keyword }) => `Teams that get ${keyword || "this"} right treat it as a habit rather than a project.`,
  () => "A short example makes it real: try it once, note what happened, and adjust.",
  ({ audience }) => `For ${audience}, the simplest version is usually the one that gets done.`,
  ({ topic }) => `It is tempting to skip this part of ${topic}; the results show when you don't.`,
  () => "Give it a deadline and a single owner, and it stops slipping to next week.",
  ({ keyword }) => `Look at what already works${keyword ? ` in your ${keyword}` : ""} and do more of it before adding anything new.`,
  () => "Write the first version quickly, then improve it with what you learn.",
  ({ audience }) => `Ask two or three ${audience.replace(/^(a|an|the) /, "")} what they think; their answers are worth more than any template.`,
  () => "If it takes more than an hour to explain, it is too complicated to keep up.",
  ({ topic }) => `Small improvements add up: a little better every week is how ${topic} compounds.`,
  () => "Check the result against the goal you set, not against what others are doing.",
  () => "Put it in the calendar, so it happens even in a busy week.",
];

function drawer<T>(random: () => number, items: readonly T[]) {
  let pool: T[] = [];
  return () => {
    if (pool.length === 0) pool = [...items];
    return pool.splice(Math.floor(random() * pool.length), 1)[0]!;
  };
}

const BULLET_TAILS = [
  "Start here: everything else builds on it.",
  "Write down who does it and by when.",
  "Keep it small enough to finish this week.",
  "Check it against your goal before moving on.",
];

/** The draft, as markdown: title, introduction, one section per outline entry, sources. */
export function writeBlogPost(request: BlogDraftRequest, voice: VoiceContext, passages: readonly Passage[] = []): string {
  const random = seededRandom(`post:${request.topic}:${request.length}`);
  const topic = request.topic.replace(/[.!?]+$/, "");
  const lower = topic.toLowerCase();
  const keywords = keywordsFor(request.keywords, brandKeywords(voice));
  const audience = audiencePhrase(request.audience || voice.notes.audience || "");
  const target = BLOG_LENGTHS[request.length].words;
  const perSection = Math.max(60, Math.round(target / (request.outline.length + 1)));
  const cited: Passage[] = [];
  const cite = (passage: Passage) => {
    let index = cited.indexOf(passage);
    if (index === -1) index = cited.push(passage) - 1;
    return `[${index + 1}]`;
  };

  const elaborate = drawer(random, ELABORATIONS);
  const context = (keyword: string) => ({ topic: lower, keyword, audience });
  const lines: string[] = [`# ${sentenceCase(topic)}`, ""];
  lines.push(`${pick(random, OPENERS)(lower, audience)} ${keywords[0] ? `We will look at ${keywords.slice(0, 3).join(", ")} and` : "We will look at"} what to do first, what to avoid and how to tell it is working.`);
  if (voice.style?.tone) lines.push("", `*${capitalise(voice.style.tone.replace(/[.!?]+$/, ""))}, and straight to the point.*`);
  lines.push("");

  request.outline.forEach((section, index) => {
    lines.push(`## ${section.heading}`, "");
    const keyword = keywords[index % Math.max(1, keywords.length)] ?? "";
    const points = section.points.length > 0 ? section.points : [section.heading];
    let words = 0;
    const relevant = relevantPassages(passages, [section.heading, ...points], 1)[0];
    if (relevant) {
      const said = firstSentence(relevant.text);
      lines.push(`${said} ${cite(relevant)}`, "");
      words += said.split(/\s+/).length;
    }
    if (points.length >= 3 && index % 2 === 1) {
      for (const point of points) lines.push(`- **${point.replace(/[.!?]+$/, "")}.** ${pick(random, BULLET_TAILS)}`);
      lines.push("");
      words += points.length * 20;
    }
    for (const raw of points) {
      const point = capitalise(raw.replace(/[.!?]+$/, ""));
      const sentences = [`${point}.`, elaborate()(context(keyword)), elaborate()(context(keyword))];
      if (words < perSection / 2) sentences.push(elaborate()(context(keyword)));
      const paragraph = sentences.join(" ");
      lines.push(paragraph, "");
      words += paragraph.split(/\s+/).length;
      if (words >= perSection) break;
    }
  });

  lines.push("## In short", "");
  lines.push(
    `${capitalise(lower)} rewards small, steady steps. Pick one idea from this post, try it this week${audience ? `, and share what you learn with other ${audience.replace(/^(a|an|the) /, "")}` : ""}.`,
  );
  const product = voice.notes.product_or_service_description?.trim();
  if (product) lines.push("", `**Ready to go further?** ${firstSentence(product)} See how ${voice.brandName} can help.`);
  if (cited.length > 0) {
    lines.push("", "### Sources", "");
    cited.forEach((passage, index) => lines.push(`${index + 1}. ${passage.sourceTitle}`));
  }
  return `${lines.join("\n").replace(/\n{3,}/g, "\n\n").trim()}\n`;
}
