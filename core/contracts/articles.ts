import * as z from "zod";
import { accessLevels, documentStatuses, sortOrders } from "../enums";
import { submittedDocumentSchema } from "../document/validate";
import { articleRef, positiveId, protectionPassword, queryBoolean, tooLong } from "./common";
import { listMetaOut, listQuery } from "./pagination";
import { profileCardOut } from "./users";

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
export const listArticlesQuery = listQuery.extend({
  folder_id: z.union([z.literal("root"), positiveId]).optional(),
  sort: z.enum(sortOrders, { error: `must be one of ${sortOrders.join(", ")}` }).optional(),
  archived: queryBoolean,
  kind: z.enum(["document", "template"]).optional(),
});

/** `/articles/:slugOrId`: a slug's id is its last dash-separated segment. */
export const articleRefParam = z.object({ id: articleRef.meta({ description: "The document's id, or its slug (which ends with the id)" }) });

/** DELETE /v1/articles/:id and /v1/folders/:ref: archive, or with `permanent=true` delete an archived one for good. */
export const deleteQuery = z.object({ permanent: queryBoolean.meta({ description: "true: delete for good (it must be archived first); otherwise archive" }) });

// The answers, for the OpenAPI document; presenters are typed by them (worker/presenters/articles.ts).

const isoOrNull = z.string().nullable();

/** Another user as a colleague sees them (`presentUserCard`). */
export const userCardOut = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  profile: profileCardOut,
});
export type UserCardOut = z.infer<typeof userCardOut>;

/**
 * The editor's document (Lexical JSON): a root whose children are blocks (paragraph, heading,
 * list, table, image, box…). Documented loosely here: the full node schema is SPEC section 5.
 */
export const documentOut = z
  .looseObject({ root: z.looseObject({ type: z.literal("root"), children: z.array(z.looseObject({ type: z.string() })) }) })
  .meta({ description: "The document as the editor's JSON. To write one, `markdown` is easier." });

/** What the actor may do with an item: action name → allowed. */
export const policiesOut = z.record(z.string(), z.boolean()).meta({ description: "Each action (articles.update, …) and whether this caller may do it" });

/** A document in a list: no body. */
export const articleSummaryOut = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  kind: z.enum(["document", "template"]),
  status: z.enum(documentStatuses),
  workspace_id: z.number().int(),
  folder_id: z.number().int().nullable(),
  owner_id: z.number().int().nullable(),
  owner: userCardOut.nullable(),
  last_editor: userCardOut.nullable(),
  access_level: z.enum(accessLevels).nullable().meta({ description: "The caller's level on it: read < comment < edit < owner" }),
  is_public: z.boolean(),
  has_password: z.boolean(),
  excerpt: z.string().meta({ description: "The first 200 characters of its text (empty when it is behind a password)" }),
  created_at: isoOrNull,
  updated_at: isoOrNull,
  edited_at: isoOrNull,
  archived_at: isoOrNull,
});
export type ArticleSummaryOut = z.infer<typeof articleSummaryOut>;

/** A document opened: body, publishing and meta, and what the caller may do with it. */
export const articleOut = articleSummaryOut.extend({
  body: documentOut,
  template_id: z.number().int().nullable(),
  category_id: z.number().int().nullable(),
  published_at: isoOrNull,
  public_path: z.string().nullable().meta({ description: "Its public page, when it is public" }),
  meta: z.object({ title: z.string().nullable(), description: z.string().nullable(), image_url: z.string().nullable() }),
  policies: policiesOut,
});
export type ArticleOut = z.infer<typeof articleOut>;

/** A create or update answer: the document, and what was repaired in the submitted body. */
export const articleWrittenOut = z.object({
  data: articleOut,
  warnings: z.array(z.string()).meta({ description: "What was changed in the submitted body to make it valid, one sentence each" }),
});

export const articleListOut = z.object({ data: z.array(articleSummaryOut), meta: listMetaOut });

/** DELETE with `permanent=true`. */
export const deletedOut = z.object({ id: z.number().int(), deleted: z.literal(true) });
