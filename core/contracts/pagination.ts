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
