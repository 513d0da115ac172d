import * as z from "zod";
import { positiveId } from "./common";

/** `POST /v1/articles/:id/site_posts`: publish the document to a connected site (or update it there). */
export const publishSitePostSchema = z.object({
  integration_id: positiveId,
  status: z.enum(["publish", "draft"], { error: "must be publish or draft" }).default("publish"),
});
export type PublishSitePost = z.infer<typeof publishSitePostSchema>;

/** `POST /v1/email_sequences/:id/mailchimp`: every email of the sequence as a campaign draft for one audience. */
export const pushSequenceSchema = z.object({ integration_id: positiveId });

/** `POST /v1/email_sequences/:id/test_send`: one email of the sequence to the signed-in person. */
export const testSendSchema = z.object({
  position: z.number({ error: "must be a number" }).int({ error: "must be a whole number" }).min(0, { error: "must be 0 or more" }),
});
