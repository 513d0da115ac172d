import * as z from "zod";
import { positiveId, tooLong } from "./common";

/**
 * GET /v1/w/:ws/search_console/performance: which connected property (default: the one that
 * covers `page`, else the first), and the page whose figures to show (else the site's).
 */
export const searchPerformanceQuery = z.object({
  integration_id: positiveId.optional(),
  page: z
    .string()
    .trim()
    .max(2048, tooLong(2048))
    .url("must be a full URL, such as https://example.com/blog/post")
    .refine((value) => /^https?:\/\//i.test(value), "must be an http or https URL")
    .optional(),
});

/** Last 28 days, as Search Console's own default report. */
export const SEARCH_PERFORMANCE_DAYS = 28;
