import * as z from "zod";
import { contentSourceTypes } from "../enums";
import { positiveId, tooLong, tooShort } from "./common";

/** A knowledge ("brain") source or a voice sample: one of SPEC section 3's content source types. */
export const contentSourceSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("text"),
      title: z.string().trim().max(200, tooLong(200)).optional(),
      text: z.string().trim().min(20, tooShort(20)).max(500_000, tooLong(500_000)),
    }),
    z.object({ type: z.literal("article"), article_id: positiveId }),
    z.object({ type: z.literal("url"), url: z.string().trim().min(1, "can't be blank").max(2_000, "is too long") }),
    z.object({ type: z.literal("file"), upload_id: positiveId }),
  ],
  { error: `type must be one of ${contentSourceTypes.join(", ")}` },
);
export type ContentSource = z.infer<typeof contentSourceSchema>;

export const knowledgeSearchQuery = z.object({
  q: z.string({ error: "is required" }).trim().min(1, "can't be blank").max(500, "is too long"),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

/** A knowledge source as the API answers it; `passages` is how many pieces search finds it by. */
export const knowledgeSourceOut = z.object({
  id: z.number().int(),
  type: z.enum(contentSourceTypes),
  title: z.string(),
  url: z.string().nullable(),
  article_id: z.number().int().nullable(),
  upload_id: z.number().int().nullable(),
  characters: z.number().int(),
  passages: z.number().int().optional(),
  created_at: z.string(),
});
export type KnowledgeSourceOut = z.infer<typeof knowledgeSourceOut>;

/** A passage a knowledge search found, best first. */
export const knowledgePassageOut = z.object({
  passage_id: z.number().int(),
  source_id: z.number().int(),
  source_title: z.string(),
  text: z.string(),
});
export type KnowledgePassageOut = z.infer<typeof knowledgePassageOut>;
