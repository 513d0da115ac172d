import type { GenerationJobOut } from "../../core/contracts/content";
import type { GenerationJob } from "../db/schema";

export function presentGenerationJob(job: GenerationJob): GenerationJobOut {
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
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt ? job.finishedAt.toISOString() : null,
  };
}
