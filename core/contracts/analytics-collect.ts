import * as z from "zod";

/**
 * POST /v1/w/:ws/analytics/collect (no body) → 202 { data: CollectOut }: every published post of
 * the workspace from the last 30 days is due now, and one queue message per account asks its
 * network for the figures (they land within seconds; the Sandbox's at once).
 */
export const collectOut = z.object({
  data: z.object({
    /** How many published posts were sent to be collected now (posts whose account is already being collected follow on the next minute's pass). */
    queued: z.number().int(),
  }),
});
export type CollectOut = z.infer<typeof collectOut>["data"];

/** How far back the Sandbox's simulated past may go, and how many posts one call records. */
export const SANDBOX_HISTORY_DAYS = 14;
export const SANDBOX_HISTORY_MAX_POSTS = 30;

/**
 * POST /v1/w/:ws/sandbox/history → 201 { data: { posts } }: posts recorded as published on a
 * Sandbox account in the last two weeks, their figures collected as they would have been day by day.
 */
export const sandboxHistoryBody = z.object({
  account_id: z.coerce.number({ error: "must be a number" }).int().positive({ error: "must be a positive number" }),
  posts: z
    .array(
      z.object({
        text: z.string().trim().min(1, { error: "must not be empty" }).max(5000, { error: "must be at most 5000 characters" }),
        published_at: z.iso.datetime({ offset: true, error: "must be a date and time such as 2027-03-28T09:00:00Z" }),
      }),
    )
    .min(1, { error: "must list at least one post" })
    .max(SANDBOX_HISTORY_MAX_POSTS, { error: `must list at most ${SANDBOX_HISTORY_MAX_POSTS} posts` }),
});
export type SandboxHistoryBody = z.infer<typeof sandboxHistoryBody>;
export const sandboxHistoryOut = z.object({ data: z.object({ posts: z.number().int() }) });
