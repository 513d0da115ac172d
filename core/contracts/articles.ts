import * as z from "zod";
import { documentStatuses, sortOrders } from "../enums";
import { submittedDocumentSchema } from "../document/validate";
import { articleRef, positiveId, protectionPassword, queryBoolean, tooLong } from "./common";
import { pageQuery } from "./pagination";

const title = z.string().trim().max(300, tooLong(300));

/** POST /v1/w/:ws/articles */
export const createArticleSchema = z.object({
  article: z.object({
    title: title.optional(),
    folder_id: positiveId.nullable().optional(),
    body: submittedDocumentSchema.optional(),
    /** Markdown instead of an editor document (imports, generators, API clients). */
    markdown: z.string().max(2_000_000, "is too long").optional(),
    template_id: positiveId.optional(),
    kind: z.enum(["document", "template"]).optional(),
    /** Start private to the creator instead of shared with the workspace. */
    private: z.boolean().optional(),
  }),
});

/** PUT /v1/articles/:id */
export const updateArticleSchema = z.object({
  article: z
    .object({
      title: title.optional(),
      body: submittedDocumentSchema.optional(),
      markdown: z.string().max(2_000_000, "is too long").optional(),
      status: z.enum(documentStatuses, { error: `must be one of ${documentStatuses.join(", ")}` }).optional(),
      password: protectionPassword.optional(),
      meta_title: z.string().max(60, tooLong(60)).nullable().optional(),
      meta_description: z.string().max(160, tooLong(160)).nullable().optional(),
      meta_image_url: z.url("must be a URL").nullable().optional(),
    })
    .refine((value) => Object.keys(value).length > 0, "must change at least one field"),
});

/** PUT /v1/articles/:id/move */
export const moveArticleSchema = z.object({ folder_id: positiveId.nullable() });

/** POST /v1/articles/:id/duplicate */
export const duplicateArticleSchema = z.object({ folder_id: positiveId.nullable().optional(), title: title.optional() });

/** PUT /v1/articles/:id/transfer_ownership */
export const transferOwnershipSchema = z.object({ user_id: positiveId });

/** PUT /v1/articles/:id/make_public */
export const makePublicSchema = z.object({ category_id: positiveId.nullable().optional() });

/** GET /v1/w/:ws/articles */
export const listArticlesQuery = pageQuery.extend({
  folder_id: z.union([z.literal("root"), positiveId]).optional(),
  sort: z.enum(sortOrders, { error: `must be one of ${sortOrders.join(", ")}` }).optional(),
  archived: queryBoolean,
  kind: z.enum(["document", "template"]).optional(),
});

/** `/articles/:slugOrId`: a slug's id is its last dash-separated segment. */
export const articleRefParam = z.object({ id: articleRef });
