import * as z from "zod";
import { submittedDocumentSchema } from "../document/validate";
import { branchStatuses } from "./history";
import { tooLong } from "./common";

/**
 * The branch routes' inputs beyond core/contracts/history.ts (create, submit, merge): the
 * list's filter and `PUT /branches/:id`, which changes a branch's title or body like
 * `PUT /articles/:id` changes a document's (a body, or Markdown that replaces it).
 */

/** `GET /articles/:id/branches?status=`: one status, or all of them. */
export const listBranchesQuery = z.object({
  status: z.enum(branchStatuses, { error: `must be one of ${branchStatuses.join(", ")}` }).optional(),
});

/** `PUT /branches/:id` */
export const updateBranchSchema = z
  .object({
    title: z.string().trim().max(300, tooLong(300)).optional(),
    name: z.string().trim().min(1, "must not be empty").max(120, tooLong(120)).optional(),
    body: submittedDocumentSchema.optional(),
    markdown: z.string().max(2_000_000, "is too long").optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), "must change at least one of title, name, body, markdown");
export type UpdateBranchInput = z.infer<typeof updateBranchSchema>;

/** What the actor may do with a branch (`can` in its answer). */
export interface BranchAbilities {
  edit: boolean;
  submit: boolean;
  merge: boolean;
  cancel: boolean;
}
