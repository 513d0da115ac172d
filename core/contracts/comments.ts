import * as z from "zod";
import { policiesOut, userCardOut } from "./articles";
import { positiveId, tooLong } from "./common";
import { listMetaOut, listQuery } from "./pagination";

/** How long a comment may be. */
export const COMMENT_MAX_LENGTH = 5_000;
/** How much text a comment may hold on to, and how much context either side anchors it. */
export const QUOTE_MAX_LENGTH = 1_000;
export const QUOTE_CONTEXT_LENGTH = 32;

/**
 * Where an inline comment sits: the text it was made on, with a little of what came before
 * and after (the W3C Web Annotation TextQuoteSelector). The Worker places the thread's comment
 * mark on the occurrence whose context matches best; the quote finds the text again where no
 * mark could be placed, and says what a thread was about once its text is gone (orphaned).
 */
export const quoteSelector = z.object({
  exact: z.string().min(1, "can't be blank").max(QUOTE_MAX_LENGTH, tooLong(QUOTE_MAX_LENGTH)),
  prefix: z.string().max(QUOTE_CONTEXT_LENGTH * 2).default(""),
  suffix: z.string().max(QUOTE_CONTEXT_LENGTH * 2).default(""),
});
export type QuoteSelector = z.infer<typeof quoteSelector>;

const body = z.string().trim().min(1, "can't be blank").max(COMMENT_MAX_LENGTH, tooLong(COMMENT_MAX_LENGTH));

/** `POST /articles/:id/comments`: a new thread (on text, or on the whole document), or a reply. */
export const createCommentSchema = z
  .object({
    body,
    quote: quoteSelector.optional(),
    parent_id: positiveId.optional(),
    /** People named with @: told in their inbox. Each must be able to open the document. */
    mention_ids: z.array(positiveId).max(20, "at most 20 people").default([]),
  })
  .refine((input) => !(input.quote && input.parent_id), { path: ["quote"], message: "a reply belongs to its thread's text" });

/**
 * `PATCH /comments/:id`: edit your own words; resolve, reopen or pin a thread; mark a thread
 * read or unread for yourself (`read`, through its first comment).
 */
export const updateCommentSchema = z
  .object({
    body: body.optional(),
    resolved: z.boolean().optional(),
    pinned: z.boolean().optional(),
    read: z.boolean({ error: "must be true or false" }).optional(),
  })
  .refine((input) => Object.keys(input).length > 0, { message: "change body, resolved, pinned or read" });

/** `GET /articles/:id/comments?filter=` */
export const commentFilters = ["open", "resolved", "all"] as const;
export const listCommentsQuery = z.object({
  filter: z.enum(commentFilters, { error: `must be one of ${commentFilters.join(", ")}` }).default("all"),
  cursor: listQuery.shape.cursor,
  limit: listQuery.shape.limit,
});

export type CreateCommentInput = z.infer<typeof createCommentSchema>;
export type UpdateCommentInput = z.infer<typeof updateCommentSchema>;

// The answers, for the OpenAPI document; presenters are typed by them (worker/presenters/comments.ts).

export const commentOut = z.object({
  id: z.number().int(),
  uuid: z.string(),
  thread_id: z.number().int().nullable().meta({ description: "The thread's first comment; null for a first comment" }),
  body: z.string(),
  author: userCardOut.nullable(),
  mine: z.boolean().meta({ description: "Written by the caller" }),
  mention_ids: z.array(z.number().int()),
  edited_at: z.string().nullable(),
  created_at: z.string().nullable(),
  policies: policiesOut,
});
export type CommentOut = z.infer<typeof commentOut>;

/** A thread: its first comment, with the thread's anchor and state, and its replies. */
export const commentThreadOut = commentOut.extend({
  quote: quoteSelector.nullable().meta({ description: "The text it was made on; null for a comment on the whole document" }),
  pinned: z.boolean(),
  resolved_at: z.string().nullable(),
  resolved_by: userCardOut.nullable(),
  read: z.boolean().meta({ description: "Whether the caller has read everyone else's comments in it" }),
  replies: z.array(commentOut),
  thread_policies: policiesOut,
});
export type CommentThreadOut = z.infer<typeof commentThreadOut>;

export const commentThreadListOut = z.object({ data: z.array(commentThreadOut), meta: listMetaOut });
