import * as z from "zod";
import { articleRef, positiveId, tooLong } from "./common";

/**
 * A suggestion is a set of tracked changes (insertion, deletion and formatting-change marks
 * in the document, by uuid) that someone who may not edit proposes: a commenter's edits
 * (`suggestion`) or a rewrite by the content engine (`ai_revision`). Editors merge or reject
 * it; its author may withdraw it.
 */
export const suggestionKinds = ["suggestion", "ai_revision"] as const;
export type SuggestionKind = (typeof suggestionKinds)[number];

export const suggestionStates = ["open", "merged", "rejected", "withdrawn"] as const;
export type SuggestionState = (typeof suggestionStates)[number];

/** Mark fields hold user ids as strings; AI revisions are written by this system author. */
export const AI_AUTHOR = { userId: "ai", userName: "AI writer" } as const;

/** A change's uuid as marks carry it (the browser makes them with `crypto.randomUUID`). */
const changeUuid = z.string().min(1, "can't be blank").max(100, tooLong(100));

/** `GET /articles/:id/suggestions?state=`: every suggestion (default) or those in one state. */
export const listSuggestionsQuery = z.object({
  state: z.enum(suggestionStates, { error: `must be one of ${suggestionStates.join(", ")}` }).optional(),
});

/** The only layer until branches exist: the document itself. */
export const MAIN_LAYER = "main";

/** `/articles/:id/layers/:layer/...`: the layer is checked by the route (404 for any but `main`). */
export const layerParam = z.object({ id: articleRef, layer: z.string().min(1).max(100) });

/** `POST /articles/:id/layers/:layer/changes/bulk_accept` (SPEC section 7) and its twin `bulk_reject`. */
export const bulkChangesSchema = z.object({
  uuids: z.array(changeUuid, { error: "must be a list of change uuids" }).min(1, "must name at least one change").max(1000, "must name at most 1000 changes"),
});

/** How much text one AI revision rewrites: a paragraph, not a document. */
export const AI_REVISION_MAX_CHARACTERS = 4_000;

/**
 * `POST /articles/:id/ai_revisions`: rewrite these words (as they stand in one block of the
 * document; the first place they occur) in the brand voice. The rewrite arrives as an
 * `ai_revision` suggestion, never as an overwrite.
 */
export const aiRevisionSchema = z.object({
  text: z.string().trim().min(1, "can't be blank").max(AI_REVISION_MAX_CHARACTERS, tooLong(AI_REVISION_MAX_CHARACTERS)),
  /** What to do beyond "in our voice" ("shorter", "for a newsletter"). */
  instruction: z.string().trim().max(500, tooLong(500)).optional(),
  /** The brand kit whose voice to write in; the workspace's default otherwise. */
  brand_kit_id: positiveId.optional(),
});

/** What the content engine is asked to rewrite. */
export type RewriteBrief = Pick<z.infer<typeof aiRevisionSchema>, "text" | "instruction">;

export type ListSuggestionsQuery = z.infer<typeof listSuggestionsQuery>;
export type AiRevisionInput = z.infer<typeof aiRevisionSchema>;
export type LayerParam = z.infer<typeof layerParam>;
export type BulkChangesInput = z.infer<typeof bulkChangesSchema>;
