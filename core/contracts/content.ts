import * as z from "zod";
import { socialChannels } from "../content/channels";
import { readingLevels } from "../content/voice";
import { contentStrategies, jobStatuses, repurposingKinds } from "../enums";
import { contentSourceSchema, type ContentSource } from "./knowledge";
import { positiveId, tooLong, tooShort } from "./common";

/** Briefs for `/create/...`: what the user asks the engine for. */

export const blogLengths = ["short", "medium", "long"] as const;
export type BlogLength = (typeof blogLengths)[number];
/** Target words per length, and how many body sections an outline gets. */
export const BLOG_LENGTHS: Record<BlogLength, { words: number; sections: number; label: string }> = {
  short: { words: 600, sections: 3, label: "Short (about 600 words)" },
  medium: { words: 1200, sections: 5, label: "Medium (about 1,200 words)" },
  long: { words: 2000, sections: 7, label: "Long (about 2,000 words)" },
};

const text = (max: number) => z.string({ error: (issue) => (issue.input === undefined ? "is required" : "must be text") }).trim().max(max, tooLong(max));

export const outlineSectionSchema = z.object({
  heading: text(200).min(1, "can't be blank"),
  points: z.array(text(500).min(1, "can't be blank")).max(10, "has too many points (at most 10)"),
});
export type OutlineSection = z.infer<typeof outlineSectionSchema>;

export const blogBriefSchema = z.object({
  topic: text(300).min(3, tooShort(3)),
  keywords: z.array(text(80).min(1, "can't be blank")).max(20, "has too many keywords (at most 20)").default([]),
  audience: text(300).default(""),
  length: z.enum(blogLengths, { error: `must be one of ${blogLengths.join(", ")}` }).default("medium"),
  brand_kit_id: positiveId.optional(),
});
export type BlogBrief = z.infer<typeof blogBriefSchema>;

export const blogDraftRequestSchema = blogBriefSchema.extend({
  outline: z.array(outlineSectionSchema).min(1, "needs at least one section").max(15, "has too many sections (at most 15)"),
});
export type BlogDraftRequest = z.infer<typeof blogDraftRequestSchema>;

export const emailSequenceKinds = ["nurture", "promo"] as const;
export type EmailSequenceKind = (typeof emailSequenceKinds)[number];

const sequenceBase = {
  topic: text(300).min(3, tooShort(3)),
  audience: text(300).default(""),
  count: z.number({ error: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(10, "must be at most 10"),
  cadence_days: z.number({ error: "must be a number" }).int("must be a whole number").min(1, "must be at least 1 day").max(30, "must be at most 30 days"),
  brand_kit_id: positiveId.optional(),
};

/** `/create/nurture-email-sequence`: warm a reader towards a goal over several emails. */
export const nurtureSequenceBriefSchema = z.object({
  kind: z.literal("nurture"),
  ...sequenceBase,
  goal: text(300).min(3, tooShort(3)),
});

/** `/create/promo-email-sequence`: an offer with a deadline, counted down. */
export const promoSequenceBriefSchema = z.object({
  kind: z.literal("promo"),
  ...sequenceBase,
  offer: text(300).min(3, tooShort(3)),
  deadline: z.iso.date({ error: "must be a date (YYYY-MM-DD)" }),
});

export const emailSequenceBriefSchema = z.discriminatedUnion("kind", [nurtureSequenceBriefSchema, promoSequenceBriefSchema], {
  error: "kind must be nurture or promo",
});
export type EmailSequenceBrief = z.infer<typeof emailSequenceBriefSchema>;

export const emailDraftSchema = z.object({
  /** Days after the sequence starts. */
  send_day: z.number().int().min(0),
  subject: text(200).min(1, "can't be blank"),
  preview: text(300),
  body: text(20_000).min(1, "can't be blank"),
});
export type EmailDraft = z.infer<typeof emailDraftSchema>;

export const socialBriefSchema = z.object({
  topic: text(300).min(3, tooShort(3)),
  channels: z
    .array(z.enum(socialChannels, { error: `must be one of ${socialChannels.join(", ")}` }))
    .min(1, "needs at least one channel")
    .max(socialChannels.length)
    .refine((list) => new Set(list).size === list.length, "lists a channel twice"),
  audience: text(300).default(""),
  /** Material to work from (a document's text when repurposing). */
  source_text: text(100_000).optional(),
  brand_kit_id: positiveId.optional(),
  /** Write like the workspace's best posts: its top 3 per channel's network (90 days, by engagement rate) are the writer's examples. */
  like_best_posts: z.boolean({ error: "must be true or false" }).optional(),
});
export type SocialBrief = z.infer<typeof socialBriefSchema>;

export const socialPostSchema = z.object({
  channel: z.enum(socialChannels),
  title: text(300).optional(),
  description: text(10_000).optional(),
  body: text(70_000),
  hashtags: z.array(text(100)).max(60),
  image_brief: text(1_000),
});
export type SocialPost = z.infer<typeof socialPostSchema>;

/** `POST /v1/w/:ws/generations`: what to write, for which brand kit. */
export const generationRequestSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("blog_outline"), brief: blogBriefSchema }),
    z.object({ kind: z.literal("blog_draft"), brief: blogDraftRequestSchema }),
    z.object({ kind: z.literal("email_sequence"), brief: emailSequenceBriefSchema }),
    z.object({ kind: z.literal("social_posts"), brief: socialBriefSchema }),
  ],
  { error: "kind must be one of blog_outline, blog_draft, email_sequence, social_posts" },
);
export type GenerationRequest = z.infer<typeof generationRequestSchema>;

/** `PATCH /v1/email_sequences/:id`: the writer's edits. */
export const emailSequenceUpdateSchema = z
  .object({
    title: text(300).min(1, "can't be blank"),
    emails: z.array(emailDraftSchema).min(1, "needs at least one email").max(10, "has too many emails (at most 10)"),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");

const wordList = z.array(text(60).min(1, "can't be blank")).max(100, "has too many words (at most 100)");

/** `PUT /v1/w/:ws/article_style`: the house style every generation follows. */
export const articleStyleSchema = z.object({
  tone: text(300).default(""),
  reading_level: z.enum(readingLevels, { error: `must be one of ${readingLevels.join(", ")}` }).default("standard"),
  prefer_words: wordList.default([]),
  avoid_words: wordList.default([]),
  formatting: text(2_000).default(""),
});
export type ArticleStyleInput = z.infer<typeof articleStyleSchema>;

/** Which source types each kind of repurposing reads (video and audio: a transcript, or the recording itself). */
export const REPURPOSING_SOURCES: Record<(typeof repurposingKinds)[number], ContentSource["type"][]> = {
  docs_into_content: ["article", "file", "text"],
  websites_into_content: ["url"],
  video_into_content: ["file", "text"],
  audio_into_content: ["file", "text"],
};

/** `POST /v1/w/:ws/campaigns`. */
export const campaignCreateSchema = z
  .object({
    name: text(200).min(1, "can't be blank"),
    brief: text(5_000).min(10, tooShort(10)),
    goal: text(300).default(""),
    starts_on: z.iso.date({ error: "must be a date (YYYY-MM-DD)" }),
    ends_on: z.iso.date({ error: "must be a date (YYYY-MM-DD)" }),
    channels: socialBriefSchema.shape.channels,
    strategy: z.enum(contentStrategies, { error: `must be one of ${contentStrategies.join(", ")}` }),
    per_channel: z.number().int().min(1).max(6).optional(),
    brand_kit_id: positiveId.optional(),
    /** Repurposing: what existing material the campaign is cut from. */
    repurposing: z.enum(repurposingKinds, { error: `must be one of ${repurposingKinds.join(", ")}` }).optional(),
    source: contentSourceSchema.optional(),
  })
  .refine((c) => c.ends_on >= c.starts_on, { message: "must be on or after the start date", path: ["ends_on"] })
  .refine((c) => !c.repurposing || c.source, { message: "is needed to repurpose: a document, a web page or a transcript", path: ["source"] })
  .refine((c) => !c.repurposing || !c.source || REPURPOSING_SOURCES[c.repurposing].includes(c.source.type), {
    message: "does not fit this kind of repurposing",
    path: ["source", "type"],
  });
export type CampaignCreate = z.infer<typeof campaignCreateSchema>;

/** `PATCH /v1/campaign_items/:id`: the writer's edits to one piece. */
export const campaignItemUpdateSchema = z
  .object({
    title: text(300).nullable(),
    description: text(10_000).nullable(),
    body: text(70_000),
    hashtags: z.array(text(100)).max(60),
    image_brief: text(1_000),
    publish_on: z.iso.date({ error: "must be a date (YYYY-MM-DD)" }),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");

/** `POST /v1/campaigns/event`: something that happened to a campaign, for its timeline. */
export const campaignEventSchema = z.object({
  campaign_id: positiveId,
  name: z.string().trim().regex(/^[a-z][a-z0-9_.]{1,63}$/, "must be a lower-case event name such as item.viewed"),
  properties: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).refine((p) => Object.keys(p).length <= 20, "has too many properties (at most 20)").default({}),
});

/** One piece of a campaign, as the API answers it. */
export const campaignItemOut = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  /** Null for the pillar piece (a blog post) rather than a channel post. */
  channel: z.enum(socialChannels).nullable(),
  position: z.number().int(),
  publish_on: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  body: z.string(),
  hashtags: z.array(z.string()),
  image_brief: z.string(),
  notes: z.array(z.string()),
  derived_from_id: z.number().int().nullable(),
  status: z.enum(["draft", "approved"]),
  updated_at: z.string(),
});
export type CampaignItemOut = z.infer<typeof campaignItemOut>;

/** A campaign; `items` only where one campaign is read or created, not in lists. */
export const campaignOut = z.object({
  id: z.number().int(),
  name: z.string(),
  brief: z.string(),
  goal: z.string(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  channels: z.array(z.enum(socialChannels)),
  strategy: z.enum(contentStrategies),
  status: z.enum(["draft", "generating", "ready", "failed"]),
  brand_kit_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  items: z.array(campaignItemOut).optional(),
});
export type CampaignOut = z.infer<typeof campaignOut>;

/** A generation job: its status, the text written so far (or in full) and what it produced. */
export const generationJobOut = z.object({
  id: z.number().int(),
  /** blog_outline, blog_draft, email_sequence, social_posts (or campaign, for a campaign's writing). */
  kind: z.string(),
  status: z.enum(jobStatuses),
  provider: z.string(),
  model: z.string(),
  brand_kit_id: z.number().int().nullable(),
  brief: z.record(z.string(), z.unknown()),
  output: z.string(),
  notes: z.array(z.string()),
  source_ids: z.array(z.number().int()),
  error: z.string().nullable(),
  characters: z.number().int(),
  /** What it made: "article" (a blog draft) or "email_sequence", with its id; null otherwise. */
  result_type: z.string().nullable(),
  result_id: z.number().int().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type GenerationJobOut = z.infer<typeof generationJobOut>;

/** The workspace's successful generations this calendar month (UTC). */
export const generationUsageOut = z.object({
  since: z.string(),
  generations: z.number().int(),
  characters: z.number().int(),
});
export type GenerationUsageOut = z.infer<typeof generationUsageOut>;

/** A generated email sequence: its emails, each sent `send_day` days after the sequence starts. */
export const emailSequenceOut = z.object({
  id: z.number().int(),
  kind: z.enum(emailSequenceKinds),
  title: z.string(),
  /** The brief it was written from. */
  brief: z.record(z.string(), z.unknown()),
  emails: z.array(emailDraftSchema),
  brand_kit_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EmailSequenceOut = z.infer<typeof emailSequenceOut>;
