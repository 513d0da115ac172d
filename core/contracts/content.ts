import { z } from "zod";
import { positiveId } from "./common";

/** Briefs for `/create/...`: what the user asks the engine for. */

export const blogLengths = ["short", "medium", "long"] as const;
export type BlogLength = (typeof blogLengths)[number];
/** Target words per length, and how many body sections an outline gets. */
export const BLOG_LENGTHS: Record<BlogLength, { words: number; sections: number; label: string }> = {
  short: { words: 600, sections: 3, label: "Short (about 600 words)" },
  medium: { words: 1200, sections: 5, label: "Medium (about 1,200 words)" },
  long: { words: 2000, sections: 7, label: "Long (about 2,000 words)" },
};

const text = (max: number) => z.string({ error: "must be text" }).trim().max(max, `is too long (at most ${max} characters)`);

export const outlineSectionSchema = z.object({
  heading: text(200).min(1, "can't be blank"),
  points: z.array(text(500).min(1, "can't be blank")).max(10, "has too many points (at most 10)"),
});
export type OutlineSection = z.infer<typeof outlineSectionSchema>;

export const blogBriefSchema = z.object({
  topic: text(300).min(3, "is too short (at least 3 characters)"),
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
