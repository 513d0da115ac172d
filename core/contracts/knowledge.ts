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
