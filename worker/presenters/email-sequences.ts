import type { emailSequences } from "../db/schema";
import { iso } from "./users";

export function presentEmailSequence(sequence: typeof emailSequences.$inferSelect) {
  return {
    id: sequence.id,
    kind: sequence.kind,
    title: sequence.title,
    brief: sequence.brief,
    emails: sequence.emails,
    brand_kit_id: sequence.brandKitId,
    created_at: iso(sequence.createdAt),
    updated_at: iso(sequence.updatedAt),
  };
}
