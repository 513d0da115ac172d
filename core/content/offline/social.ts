import type { SocialBrief, SocialPost } from "../../contracts/content";
import { shapeOf, type BestPost, type PostShape } from "../best-posts";
import { CHANNEL_LIMITS, type SocialChannel } from "../channels";
import { composePost } from "../guardrails";
import type { Passage } from "../passages";
import type { VoiceContext } from "../voice";
import { hashtagsFor } from "./brief";
import { cited, type Fact } from "./facts";
import { cap } from "./plans";
import { createWriter, type Variation, type Writer } from "./writer";

/**
 * The offline writer's social posts: one post per channel, shaped the way each network reads
 * (a hook and one fact for X, short paragraphs and a question for LinkedIn, a caption for
 * Instagram, a script for TikTok and Reels, title, description and chapters for YouTube, a
 * title and meta description for SEO), from the brief's parts, the workspace's facts (cited
 * [n] as the provider numbered them) and the brand's voice. No sentence appears in two posts.
 */

const fromKnowledge = (fact: Fact) => fact.ref !== undefined;

/**
 * Up to `count` facts for one post: the first from the workspace's knowledge when it has any,
 * so every post cites one; more of the knowledge only while enough is left for the posts
 * still to write (`after`), else the brand kit's own sentences.
 */
function pickFacts(w: Writer, count: number, after: number): Fact[] {
  const facts: Fact[] = [];
  const first = w.fact(fromKnowledge) ?? w.fact();
  if (first) facts.push(first);
  while (facts.length < count) {
    const next = w.left(fromKnowledge) > after ? w.fact() : w.fact((f) => !fromKnowledge(f));
    if (!next) break;
    facts.push(next);
  }
  return facts;
}

const lines = (...parts: (string | null | undefined | false)[]) => parts.filter((p): p is string => Boolean(p));

/** Fits the X post: hook, fact, call to action, dropping from the end (never the cited fact) until it fits with its hashtags. */
function fitX(parts: string[], hashtags: string[], keep: string | undefined): string {
  const max = CHANNEL_LIMITS.twitter.body!;
  const chosen = [...parts];
  while (chosen.length > 1 && composePost({ body: chosen.join(" "), hashtags }).length > max) {
    const drop = chosen.findLastIndex((p) => p !== keep);
    chosen.splice(drop === -1 ? chosen.length - 1 : drop, 1);
  }
  return chosen.join(" ");
}

function shortenTo(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[\s,;:.-]+$/, "")}…`;
}

/** Channels whose body is prose a reader scrolls past, where the best posts' length and questions carry over. */
const PROSE: readonly SocialChannel[] = ["twitter", "linkedin", "instagram", "facebook"];

const wordsIn = (text: string) => text.split(/\s+/).filter(Boolean).length;
const isQuestion = (sentence: string) => /\?["”’)]*$/.test(sentence.trim());

/**
 * A written post in the shape of the workspace's best posts on its network: no more hashtags
 * than they carry; for prose, a question added if most of them ask one (or the questions taken
 * out if none do), and closing paragraphs dropped while it runs well over their length. A
 * paragraph that cites a fact [n] is always kept, and the words are still this brief's own.
 */
function modelOn(post: SocialPost, shape: PostShape, question: () => string | null): SocialPost {
  const hashtags = post.hashtags.slice(0, shape.hashtags);
  if (!PROSE.includes(post.channel)) return { ...post, hashtags };
  let paragraphs = post.body.split("\n\n");
  const sentencesOf = (paragraph: string) => paragraph.split(/(?<=[.!?]["”’)]*)\s+(?=\S)/);
  const asks = paragraphs.some((paragraph) => sentencesOf(paragraph).some(isQuestion));
  if (shape.asks && !asks) {
    const line = question();
    if (line) paragraphs = post.channel === "twitter" ? [`${paragraphs.join(" ")} ${line}`] : [...paragraphs.slice(0, -1), line, ...paragraphs.slice(-1)];
  } else if (!shape.asks && asks) {
    paragraphs = paragraphs
      .map((paragraph) => {
        const sentences = sentencesOf(paragraph);
        const kept = sentences.filter((sentence) => !isQuestion(sentence) || sentence.includes("["));
        return kept.join(" ");
      })
      .filter(Boolean);
  }
  const limit = Math.max(12, Math.round(shape.words * 1.25));
  while (paragraphs.length > 1 && wordsIn(paragraphs.join(" ")) > limit) {
    const drop = paragraphs.findLastIndex((paragraph, index) => index > 0 && !/\[\d+\]/.test(paragraph) && !(shape.asks && sentencesOf(paragraph).some(isQuestion)));
    if (drop === -1) break;
    paragraphs.splice(drop, 1);
  }
  return { ...post, hashtags, body: paragraphs.join(post.channel === "twitter" ? " " : "\n\n") };
}

/**
 * `examples`: the workspace's best posts per channel, for a brief that asks to write like them;
 * each channel's post takes their shape (`modelOn`).
 */
export function writeSocialPosts(brief: SocialBrief, voice: VoiceContext, passages: readonly Passage[] = [], variation?: Variation, examples: readonly BestPost[] = []): SocialPost[] {
  const w = createWriter(brief.topic, voice, passages, { salt: "social", audience: brief.audience, sourceText: brief.source_text, variation });
  const posts = writeEachChannel(w, brief, voice);
  if (examples.length === 0) return posts;
  // The same writer, so an added question is not a sentence another post already used.
  return posts.map((post) => {
    const shape = shapeOf(examples.filter((example) => example.channel === post.channel));
    return shape ? modelOn(post, shape, () => w.line("questions")) : post;
  });
}

function writeEachChannel(w: Writer, brief: SocialBrief, voice: VoiceContext): SocialPost[] {
  const { parts, plan, reading, rules } = w;
  const brand = voice.brandName;
  const image = w.voiced(`${plan.image(parts)}, in ${brand}'s colours, with room for a short headline.`);
  const tags = (channel: SocialChannel) => hashtagsFor(reading, w.keywords, channel, brand, rules.avoid);
  const signOff = `The ${brand} team`;

  return brief.channels.map((channel, index): SocialPost => {
    const hashtags = tags(channel);
    const after = brief.channels.length - index - 1;
    const factsFor = (count: number) => pickFacts(w, count, after);
    const base = { channel, hashtags, image_brief: image };
    switch (channel) {
      case "twitter": {
        const [fact] = factsFor(1);
        const hook = w.line("hooks");
        const body = fitX(lines(hook, fact && cited(fact), w.line("calls")), hashtags, fact && cited(fact));
        return { ...base, body };
      }
      case "linkedin": {
        const facts = factsFor(2);
        return {
          ...base,
          body: lines(w.line("hooks"), ...facts.map(cited), w.line("audience"), lines(w.line("questions"), w.line("calls")).join(" ")).join("\n\n"),
        };
      }
      case "instagram": {
        const facts = factsFor(2);
        return { ...base, body: lines(w.line("hooks"), facts.map(cited).join("\n"), w.line("audience"), w.line("calls")).join("\n\n") };
      }
      case "instagram_reel":
      case "tiktok": {
        const facts = factsFor(2);
        return {
          ...base,
          image_brief: w.voiced(`Vertical video, 20–40 seconds: ${plan.image(parts).charAt(0).toLowerCase()}${plan.image(parts).slice(1)}. Open on the first line as on-screen text.`),
          body: lines(w.line("hooks"), facts.length > 0 && `On screen:\n${facts.map((f) => `– ${cited(f)}`).join("\n")}`, w.line("calls")).join("\n\n"),
        };
      }
      case "facebook": {
        const facts = factsFor(2);
        const [first, ...rest] = facts;
        return { ...base, body: lines(lines(w.line("hooks"), first && cited(first)).join(" "), rest.map(cited).join(" "), lines(w.line("questions"), w.line("calls")).join(" ")).join("\n\n") };
      }
      case "youtube": {
        const facts = factsFor(2);
        const title = shortenTo(w.title(), CHANNEL_LIMITS.youtube.title!);
        const hook = w.line("hooks");
        const call = w.line("calls");
        const chapters = facts.map((f, i) => `0${i + 1}:00 ${shortenTo(f.text.replace(/[.!?]+$/, ""), 70)}`);
        return {
          ...base,
          title,
          description: lines(lines(hook, ...facts.slice(0, 2).map(cited)).join(" "), "", "00:00 Intro", ...chapters, "", call).join("\n").replace(/\n{3,}/g, "\n\n"),
          body: lines("Script outline:", hook && `1. Open: ${hook}`, ...facts.map((f, i) => `${i + 2}. ${cited(f)}`), call && `${facts.length + 2}. Close: ${call}`).join("\n"),
        };
      }
      case "seo": {
        const facts = factsFor(2);
        const title = shortenTo(w.title(), CHANNEL_LIMITS.seo.title!);
        const lead = facts.find((f) => f.text.length <= CHANNEL_LIMITS.seo.description!) ?? null;
        const description = shortenTo(lead ? lead.text : (w.line("hooks") ?? cap(reading.thing)), CHANNEL_LIMITS.seo.description!);
        const headings = plan.sections.map((section) => section(parts)).filter((s) => s !== null).slice(0, 5);
        return {
          ...base,
          title,
          description,
          body: lines(
            "Suggested headings:",
            headings.map((s) => `- ${w.voiced(s.heading)}`).join("\n"),
            facts.length > 0 && `\nFacts to use, with their sources:\n${facts.map((f) => `- ${cited(f)}`).join("\n")}`,
            w.keywords.length > 0 && `\nKeywords to use: ${w.keywords.join(", ")}`,
          ).join("\n"),
        };
      }
      case "email": {
        const facts = factsFor(2);
        const title = w.title();
        const hook = w.line("hooks");
        return {
          ...base,
          title,
          description: shortenTo(facts[0]?.text ?? hook ?? cap(reading.thing), 140),
          body: lines("Hi {{first_name}},", hook, ...facts.map(cited), w.line("audience"), w.line("calls"), signOff).join("\n\n"),
        };
      }
    }
  });
}
