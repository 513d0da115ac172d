import type { EmailSequenceOut } from "../../core/contracts/content";
import type { emailSequences } from "../db/schema";

export function presentEmailSequence(sequence: typeof emailSequences.$inferSelect): EmailSequenceOut {
  return {
    id: sequence.id,
    kind: sequence.kind,
    title: sequence.title,
    brief: sequence.brief,
    emails: sequence.emails,
    brand_kit_id: sequence.brandKitId,
    created_at: sequence.createdAt.toISOString(),
    updated_at: sequence.updatedAt.toISOString(),
  };
}
