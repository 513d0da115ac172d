import * as z from "zod";
import { positiveId, tooLong } from "./common";
import { articleSummaryOut } from "./articles";
import { listMetaOut, listQuery, pageQuery } from "./pagination";

/** A search key lives this long; the client asks for a new one when it runs out. */
export const SEARCH_KEY_TTL_SECONDS = 600;

/** At most this many words of a query are searched; the rest are ignored. */
export const MAX_SEARCH_TERMS = 12;

export const DEFAULT_SEARCH_PER_PAGE = 20;

/** GET /v1/w/:ws/search */
export const searchQuery = z.object({
  q: z
    .string({ error: "can't be blank" })
    .trim()
    .min(1, "can't be blank")
    .max(500, tooLong(500)),
  folder_id: positiveId.optional(),
  kind: z.enum(["document", "template"], { error: "must be document or template" }).default("document"),
  page: pageQuery.shape.page,
  per_page: pageQuery.shape.per_page.default(DEFAULT_SEARCH_PER_PAGE),
  cursor: listQuery.shape.cursor,
  limit: listQuery.shape.limit,
});

export type SearchQuery = z.infer<typeof searchQuery>;

/** A match: the document, its title with the matched words in <mark>, a snippet of its text around them, and how well it matched. */
export const searchHitOut = articleSummaryOut.extend({
  title_html: z.string().meta({ description: "The title, HTML-escaped, matches in <mark>" }),
  snippet_html: z.string().meta({ description: "Text around the matches, HTML-escaped, matches in <mark> (empty for a document behind a password)" }),
  rank: z.number().meta({ description: "Higher is a better match" }),
});
export type SearchHitOut = z.infer<typeof searchHitOut>;

export const searchResultsOut = z.object({ data: z.array(searchHitOut), meta: listMetaOut.extend({ query: z.string() }) });

/** GET /v1/users/search_key: the workspace comes from X-Workspace-Id or this. */
export const searchKeyQuery = z.object({ workspace_id: positiveId.optional() });
