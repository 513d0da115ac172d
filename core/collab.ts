import { z } from "zod";

/**
 * What a collaboration token carries: the Worker signs it (HS256, COLLAB_TOKEN_SECRET)
 * after asking the policy module, and the PartyKit room trusts nothing else.
 */
export const collabClaimsSchema = z.object({
  /** The room: one per document, named by the document id. */
  room: z.string().min(1),
  /** The user id as a string (JWT `sub`). */
  sub: z.string().min(1),
  /** Only `edit` may change the document; `comment` and `read` connections are read-only. */
  mode: z.enum(["edit", "comment", "read"]),
});

export type CollabClaims = z.infer<typeof collabClaimsSchema>;

export const COLLAB_TOKEN_ISSUER = "brandwork-worker";
export const COLLAB_TOKEN_AUDIENCE = "brandwork-collab";
