import type { KnowledgePassageOut, KnowledgeSourceOut } from "../../core/contracts/knowledge";
import type { KnowledgeSource } from "../db/schema";
import type { Passage } from "../../core/content/passages";

export function presentKnowledgeSource(source: KnowledgeSource, passages?: number): KnowledgeSourceOut {
  return {
    id: source.id,
    type: source.type,
    title: source.title,
    url: source.url,
    article_id: source.articleId,
    upload_id: source.uploadId,
    characters: source.characters,
    ...(passages === undefined ? {} : { passages }),
    created_at: source.createdAt.toISOString(),
  };
}

export function presentPassage(passage: Passage & { passageId: number }): KnowledgePassageOut {
  return { passage_id: passage.passageId, source_id: passage.sourceId, source_title: passage.sourceTitle, text: passage.text };
}
