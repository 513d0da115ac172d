import type { BlogBrief, BlogDraftRequest, EmailSequenceBrief, SocialBrief } from "../contracts/content";
import type { RewriteBrief } from "../contracts/suggestions";
import { BLOG_LENGTHS } from "../contracts/content";
import { CHANNEL_LABELS, CHANNEL_LIMITS } from "./channels";
import type { BestPost } from "./best-posts";
import type { Passage } from "./passages";
import { avoidTerms, brandKeywords, type VoiceContext } from "./voice";
import { count, DAY_MS, every, formatNumber } from "../counting";

/**
 * What a language model is told: a system message with the brand voice and the house style,
 * and a task message with the brief, the retrieved passages (numbered, to cite) and the
 * exact text format core/content/formats.ts reads back.
 */

export interface Prompt {
  system: string;
  user: string;
}

const NOTE_LABELS = {
  general: "Voice and tone",
  product_or_service_description: "What we sell",
  company_info: "About the company",
  audience: "Audience",
} as const;

export function systemPrompt(voice: VoiceContext): string {
  const lines = [`You are a senior marketing writer for ${voice.brandName}. Write in the brand's voice, in plain, specific language.`];
  for (const [key, label] of Object.entries(NOTE_LABELS)) {
    const note = voice.notes[key as keyof typeof NOTE_LABELS]?.trim();
    if (note) lines.push(`${label}: ${note}`);
  }
  const keywords = brandKeywords(voice);
  if (keywords.length > 0) lines.push(`Use these keywords where they fit naturally: ${keywords.join(", ")}.`);
  const avoid = avoidTerms(voice);
  if (avoid.length > 0) lines.push(`Never use these words or phrases: ${avoid.join(", ")}.`);
  const style = voice.style;
  if (style) {
    if (style.tone) lines.push(`House tone: ${style.tone}.`);
    lines.push(`Reading level: ${style.readingLevel === "simple" ? "simple (short sentences, everyday words)" : style.readingLevel === "expert" ? "expert (precise, technical terms allowed)" : "standard"}.`);
    if (style.preferWords.length > 0) lines.push(`Prefer these words: ${style.preferWords.join(", ")}.`);
    if (style.formatting) lines.push(`Formatting rules: ${style.formatting}`);
  }
  lines.push("Do not invent statistics, quotes or customers. Answer with the requested text only, no preamble.");
  return lines.join("\n");
}

function knowledge(passages: readonly Passage[]): string {
  if (passages.length === 0) return "";
  return `\n\nWhat the company knows (cite as [n] where you use it):\n${passages.map((p, i) => `[${i + 1}] (${p.sourceTitle}) ${p.text}`).join("\n")}`;
}

function brief(fields: Record<string, string | number | undefined>): string {
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([key, value]) => `${key}: ${value}`)
    .join("\n");
}

export function blogOutlinePrompt(request: BlogBrief, voice: VoiceContext, passages: readonly Passage[]): Prompt {
  const length = BLOG_LENGTHS[request.length];
  return {
    system: systemPrompt(voice),
    user:
      `Outline a blog post.\n${brief({ Topic: request.topic, Keywords: request.keywords.join(", "), Audience: request.audience, Length: length.label })}` +
      knowledge(passages) +
      `\n\nWrite ${count(length.sections + 1, "section")}, the last one a call to action. Format: for each section a line "## <heading>" followed by 2 to 4 lines "- <point>".`,
  };
}

export function blogDraftPrompt(request: BlogDraftRequest, voice: VoiceContext, passages: readonly Passage[]): Prompt {
  const outline = request.outline.map((s) => `## ${s.heading}\n${s.points.map((p) => `- ${p}`).join("\n")}`).join("\n");
  return {
    system: systemPrompt(voice),
    user:
      `Write the blog post in markdown, about ${count(BLOG_LENGTHS[request.length].words, "word")}.\n${brief({ Topic: request.topic, Keywords: request.keywords.join(", "), Audience: request.audience })}` +
      knowledge(passages) +
      `\n\nFollow this outline, one "## " section per heading, in order:\n${outline}\n\nStart with "# <title>" and an introduction. End with "### Sources" listing the titles of the sources you cited, numbered, if any.`,
  };
}

export function emailSequencePrompt(request: EmailSequenceBrief, voice: VoiceContext, passages: readonly Passage[]): Prompt {
  const fields =
    request.kind === "nurture"
      ? brief({ Type: "nurture sequence", Topic: request.topic, Goal: request.goal, Audience: request.audience })
      : brief({ Type: "promotional sequence", Topic: request.topic, Offer: request.offer, Deadline: request.deadline, Audience: request.audience });
  return {
    system: systemPrompt(voice),
    user:
      `Write an email sequence of ${count(request.count, "email")}, one ${every(request.cadence_days * DAY_MS)}.\n${fields}` +
      knowledge(passages) +
      `\n\nFormat, for each email n: a line "## Email n", then "Day: <days after start>", "Subject: <subject>", "Preview: <preview text>", a blank line, and the body in markdown. Address the reader as {{first_name}}.`,
  };
}

/** The workspace's posts that did well, per channel, for a brief that asks to write like them. */
function postsThatDidWell(channels: readonly string[], examples: readonly BestPost[]): string {
  const blocks = channels.flatMap((channel) => {
    const mine = examples.filter((post) => post.channel === channel);
    if (mine.length === 0) return [];
    return [`- ${channel}:\n${mine.map((post) => `  - (${(post.engagementRate * 100).toFixed(1)} % engagement) ${JSON.stringify(post.text.slice(0, 1_500))}`).join("\n")}`];
  });
  if (blocks.length === 0) return "";
  return `\n\nPosts that did well for us, per channel (match their length, tone, hashtag use and shape; do not copy their words or facts):\n${blocks.join("\n")}`;
}

export function socialPostsPrompt(request: SocialBrief, voice: VoiceContext, passages: readonly Passage[], examples: readonly BestPost[] = []): Prompt {
  const rules = request.channels.map((channel) => {
    const limits = CHANNEL_LIMITS[channel];
    const parts = Object.entries(limits)
      .filter(([key]) => key !== "thread")
      .map(([key, value]) => `${key} at most ${key === "hashtags" ? formatNumber(Number(value)) : count(Number(value), "character")}`);
    return `- ${channel} (${CHANNEL_LABELS[channel]})${parts.length > 0 ? `: ${parts.join(", ")}` : ""}`;
  });
  return {
    system: systemPrompt(voice),
    user:
      `Write one post for each channel.\n${brief({ Topic: request.topic, Audience: request.audience })}` +
      (request.source_text ? `\n\nWork from this material:\n${request.source_text.slice(0, 20_000)}` : "") +
      knowledge(passages) +
      postsThatDidWell(request.channels, examples) +
      `\n\nChannels and their limits:\n${rules.join("\n")}\n\nFormat, for each channel: a line "## <channel id>", then "Title: …" (youtube, seo and email only), "Description: …" (youtube description, seo meta description, email preview), "Hashtags: #a #b", "Image: <a one-sentence image brief>", a blank line, and the post text.`,
  };
}

/** An AI revision: the same words, rewritten in the brand voice, as one paragraph of plain text. */
export function rewritePrompt(request: RewriteBrief, voice: VoiceContext): Prompt {
  return {
    system: systemPrompt(voice),
    user:
      `Rewrite this text in the brand's voice, keeping its meaning and facts.${request.instruction ? `\nAlso: ${request.instruction}` : ""}` +
      `\n\nText:\n${request.text}\n\nAnswer with the rewritten text only, as one paragraph of plain text: no quotes, no markdown, no notes.`,
  };
}
