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
