import type { GenerationJob } from "../db/schema";
import { iso } from "./users";

export function presentGenerationJob(job: GenerationJob) {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    provider: job.provider,
    model: job.model,
    brand_kit_id: job.brandKitId,
    brief: job.brief,
    output: job.output,
    notes: job.notes,
    source_ids: job.sourceIds,
    error: job.error,
    characters: job.characters,
    result_type: job.resultType,
    result_id: job.resultId,
    created_at: iso(job.createdAt),
    finished_at: job.finishedAt ? iso(job.finishedAt) : null,
  };
}
