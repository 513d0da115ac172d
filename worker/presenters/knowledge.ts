import type { KnowledgeSource } from "../db/schema";
import { iso } from "./users";

export function presentKnowledgeSource(source: KnowledgeSource, passages?: number) {
  return {
    id: source.id,
    type: source.type,
    title: source.title,
    url: source.url,
    article_id: source.articleId,
    upload_id: source.uploadId,
    characters: source.characters,
    ...(passages === undefined ? {} : { passages }),
    created_at: iso(source.createdAt),
  };
}
