import * as z from "zod";

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 100;

const wholeNumber = z.coerce.number({ error: "must be a number" }).int({ error: "must be a whole number" });

/** `?page=&per_page=` on a list route: page 1 of 50 unless asked otherwise, at most 100 a page. */
export const pageQuery = z.object({
  page: wholeNumber.min(1, { error: "must be at least 1" }).default(1),
  per_page: wholeNumber
    .min(1, { error: `must be between 1 and ${MAX_PER_PAGE}` })
    .max(MAX_PER_PAGE, { error: `must be between 1 and ${MAX_PER_PAGE}` })
    .default(DEFAULT_PER_PAGE),
});

export type PageQuery = z.infer<typeof pageQuery>;

/** What a paged list answers beside its `data`. */
export interface PageMeta extends PageQuery {
  total: number;
  has_more: boolean;
}

export const pageMeta = ({ page, per_page }: PageQuery, total: number): PageMeta => ({
  page,
  per_page,
  total,
  has_more: page * per_page < total,
});

/** The rows of one page, for LIMIT/OFFSET. */
export const pageWindow = ({ page, per_page }: PageQuery) => ({ limit: per_page, offset: (page - 1) * per_page });

/**
 * A list's query with both ways to page: `cursor`/`limit` (what API clients should use: stable
 * while rows are added) beside the older `page`/`per_page`. Giving `cursor` or `limit` pages
 * by cursor; `limit` defaults to `per_page`.
 */
export const listQuery = pageQuery.extend({
  cursor: z.string().trim().min(1, { error: "can't be blank" }).max(500, { error: "is not a cursor this list gave" }).optional(),
  limit: wholeNumber
    .min(1, { error: `must be between 1 and ${MAX_PER_PAGE}` })
    .max(MAX_PER_PAGE, { error: `must be between 1 and ${MAX_PER_PAGE}` })
    .optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** `meta` of a list that pages both ways: the next page's cursor, null on the last. */
export interface ListMeta extends PageMeta {
  next_cursor: string | null;
}

/** The schema of a list's `meta`, for the OpenAPI document. */
export const listMetaOut = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});
