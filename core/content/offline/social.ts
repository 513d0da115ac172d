import type { SocialBrief, SocialPost } from "../../contracts/content";
import { normaliseHashtags } from "../guardrails";
import { splitIntoPassages, type Passage } from "../passages";
import { pick, seededRandom } from "../seeded";
import { brandKeywords, type VoiceContext } from "../voice";
import { audiencePhrase, capitalise, firstSentence, keywordsFor, relevantPassages } from "./words";
import type { SocialChannel } from "../channels";

/**
 * The offline writer's social posts: one post per channel, shaped the way each network
 * reads (a hook and a thread-sized point for X, short paragraphs and a question for
 * LinkedIn, a caption and hashtags for Instagram and TikTok, title, description and an
 * outline for YouTube, title and meta description for SEO), from the brief, the source
 * material (when repurposing) and the brand's keywords.
 */

const HASHTAG_COUNT: Record<SocialChannel, number> = {
  twitter: 2,
  linkedin: 4,
  instagram: 12,
  instagram_reel: 10,
  facebook: 3,
  tiktok: 6,
  youtube: 5,
  seo: 0,
  email: 0,
};

const toTag = (phrase: string) =>
  phrase
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word, i) => (i === 0 ? word.toLowerCase() : capitalise(word.toLowerCase())))
    .join("");

const HOOKS = [
  (topic: string) => `Most teams get ${topic} wrong in the same way.`,
  (topic: string) => `${capitalise(topic)} does not have to be complicated.`,
  (topic: string) => `Here is what we wish we had known about ${topic} sooner.`,
  (topic: string) => `One small change to how you approach ${topic} makes a big difference.`,
];

export function writeSocialPosts(brief: SocialBrief, voice: VoiceContext, passages: readonly Passage[] = []): SocialPost[] {
  const random = seededRandom(`social:${brief.topic}`);
  const topic = brief.topic.replace(/[.!?]+$/, "");
  const lower = topic.toLowerCase();
  const audience = audiencePhrase(brief.audience || voice.notes.audience || "");
  const keywords = keywordsFor([], brandKeywords(voice));
  // The points to make: from the source when repurposing, else from the knowledge passages.
  const sourcePoints = brief.source_text ? splitIntoPassages(brief.source_text, 60).map(firstSentence) : [];
  const knowledge = relevantPassages(passages, [brief.topic, ...keywords], 3).map((p) => firstSentence(p.text));
  const points = [...sourcePoints, ...knowledge].slice(0, 5);
  if (points.length === 0) points.push(`Start small with ${lower}, then build on what works.`, `Measure one thing that matters, every week.`, `Make one person responsible for each step.`);
  const hook = pick(random, HOOKS)(lower);
  const tagPool = normaliseHashtags([toTag(topic), ...keywords.map(toTag), "marketing", "contentStrategy", "smallBusiness", "growth", "tips", "strategy", "branding", "socialMedia", "howTo", "learnOnTikTok", "business", "team"]);
  const imageBrief = `A clean, bright image about ${lower} for ${audience}: one clear subject, room for a short headline, in ${voice.brandName}'s brand colours.`;
  const cta = voice.notes.product_or_service_description ? `See how ${voice.brandName} helps.` : "Save this for later.";

  return brief.channels.map((channel): SocialPost => {
    const hashtags = tagPool.slice(0, HASHTAG_COUNT[channel]);
    const base = { channel, hashtags, image_brief: imageBrief };
    switch (channel) {
      case "twitter":
        return { ...base, body: `${hook} ${points[0]}` };
      case "linkedin":
        return {
          ...base,
          body: [hook, `We talk to ${audience} every week, and the same lessons come up:`, points.map((p) => `→ ${p}`).join("\n"), `What has worked for you? ${cta}`].join("\n\n"),
        };
      case "instagram":
        return { ...base, body: [hook, ...points.slice(0, 3).map((p, i) => `${i + 1}. ${p}`), `${cta} Follow for more on ${lower}.`].join("\n\n") };
      case "instagram_reel":
      case "tiktok":
        return {
          ...base,
          image_brief: `Vertical video, 20–40 seconds. Open on the hook as on-screen text, one shot per point, end on the call to action.`,
          body: [`${hook}`, `On screen: ${points.slice(0, 3).join(" / ")}`, cta].join("\n\n"),
        };
      case "facebook":
        return { ...base, body: [`${hook} ${points[0]}`, `${points.slice(1, 3).join(" ")}`.trim(), `${cta} Tell us in the comments what you would add.`].filter(Boolean).join("\n\n") };
      case "youtube":
        return {
          ...base,
          title: `${capitalise(lower)}: ${pick(random, ["a practical guide", "what actually works", "the simple version"])}`,
          description: [`${hook} In this video: ${points.slice(0, 3).join(" ")}`, `00:00 Introduction`, ...points.slice(0, 3).map((p, i) => `0${i + 1}:00 ${p.replace(/[.!?]+$/, "")}`), cta].join("\n"),
          body: ["Script outline:", `1. Hook: ${hook}`, ...points.slice(0, 3).map((p, i) => `${i + 2}. ${p}`), `${Math.min(points.length, 3) + 2}. Close: ${cta}`].join("\n"),
        };
      case "seo":
        return {
          ...base,
          title: `${capitalise(lower)}: a practical guide${keywords[0] ? ` to ${keywords[0]}` : ""}`,
          description: `${capitalise(lower)} for ${audience}: ${points[0]!.replace(/[.!?]+$/, "").toLowerCase()}. ${cta}`,
          body: ["Suggested headings:", `- What ${lower} is`, `- Why it matters for ${audience}`, `- How to start`, `- Common mistakes`, keywords.length > 0 ? `\nKeywords to use: ${keywords.join(", ")}` : ""].join("\n").trim(),
        };
      case "email":
        return {
          ...base,
          title: `${capitalise(lower)}, in three ideas`,
          description: points[0]!,
          body: ["Hi {{first_name}},", hook, points.slice(0, 3).map((p) => `- ${p}`).join("\n"), cta, `The ${voice.brandName} team`].join("\n\n"),
        };
    }
  });
}
