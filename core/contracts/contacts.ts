import * as z from "zod";
import { positiveId, tooLong } from "./common";
import { pageQuery } from "./pagination";

/** GET /v1/w/:ws/contacts: `page`, `per_page`, and `q` (name, email or company containing it). */
export const listContactsQuery = pageQuery.extend({
  q: z.string().trim().max(200, tooLong(200)).optional(),
});

/**
 * POST /v1/w/:ws/contacts/import: the HubSpot integration to read from, and where to carry on
 * (`after`, the cursor the previous call answered) when an import takes more than one call.
 */
export const importContactsSchema = z.object({
  integration_id: positiveId,
  after: z.string().trim().min(1, "must not be empty").max(200, tooLong(200)).regex(/^[A-Za-z0-9_-]+$/, "must be the cursor the previous import answered").optional(),
});

export type ImportContactsInput = z.infer<typeof importContactsSchema>;

/** What one import call did, and where to carry on (null: everything is in). */
export interface ContactImportResult {
  created: number;
  updated: number;
  skipped: number;
  next_after: string | null;
  summary: string;
}
