import * as z from "zod";
import { pageQuery } from "./pagination";
import { queryBoolean } from "./common";

export { makePublicSchema } from "./articles";

/** The reactions a reader may leave on a document or public page, in the order they are shown. */
export const reactionEmojis = ["👍", "❤️", "🎉", "😄", "🤔", "👀"] as const;
export type ReactionEmoji = (typeof reactionEmojis)[number];

// "❤" and "❤️" differ only by the emoji variation selector; accept either, store one.
const bare = (value: string) => value.replace(/\uFE0F/g, "");
const emoji = z
  .string()
  .transform((value, ctx) => {
    const match = reactionEmojis.find((allowed) => bare(allowed) === bare(value.trim()));
    if (!match) {
      ctx.addIssue({ code: "custom", message: `must be one of ${reactionEmojis.join(" ")}` });
      return z.NEVER;
    }
    return match;
  });

/** POST /v1/articles/:id/reactions */
export const reactionSchema = z.object({ emoji });

/** DELETE /v1/articles/:id/reactions/:emoji (the `id` is validated by articleRefParam). */
export const reactionParam = z.object({ emoji });

/** `X-Anonymous-User-Uuid`: who an anonymous visitor is, for their own reactions. */
export const anonymousUuid = z.uuid({ error: "must be a UUID" });

/** Where a public page can be shared from its share menu. */
export const shareNetworks = ["linkedin", "twitter", "x", "facebook", "reddit", "whatsapp", "email"] as const;
export type ShareNetwork = (typeof shareNetworks)[number];

/** POST /v1/articles/:id/social_share */
export const socialShareSchema = z.object({
  network: z.enum(shareNetworks, { error: `must be one of ${shareNetworks.join(", ")}` }),
});

/** GET /v1/categories */
export const categoriesQuery = z.object({ create_from_template: queryBoolean });

/** GET /v1/categories/:id: an id or a slug. */
export const categoryParam = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/, "must be a category id or slug")
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : value)),
});

/** GET /v1/categories/:id and /v1/spotlights: a page of public articles (20 by default). */
export const publicListQuery = pageQuery.extend({ per_page: pageQuery.shape.per_page.unwrap().default(20) });
