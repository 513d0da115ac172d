import { desc, eq, sql } from "drizzle-orm";
import type { ContentSource } from "../../core/contracts/knowledge";
import { splitIntoPassages } from "../../core/content/passages";
import { chunk, rowsPerInsert, runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { knowledgePassages, knowledgeSources, type KnowledgeSource } from "../db/schema";
import { Invalid } from "../lib/errors";
import type { SourceText } from "../services/sources";
import { eventStatement, type CommandContext } from "./events";

/**
 * Stores a knowledge source and its passages in one batch (the FTS5 index follows by
 * trigger): the passages find the new source as the workspace's newest, inside the batch.
 */
export async function knowledgeSourceCreator(
  db: Database,
  { context, type, source }: { context: CommandContext; type: ContentSource["type"]; source: SourceText },
): Promise<KnowledgeSource> {
  const { workspaceId, userId } = context.actor;
  const passages = splitIntoPassages(source.text);
  if (passages.length === 0) throw new Invalid("That source has no text to learn from", { source: ["has no text"] });
  const newSourceId = sql`(SELECT max(id) FROM knowledge_sources WHERE workspace_id = ${workspaceId})`;
  const rows = passages.map((text, position) => ({ workspaceId, sourceId: newSourceId as unknown as number, position, text }));
  await runBatch(db, [
    db.insert(knowledgeSources).values({
      workspaceId,
      type,
      title: source.title.slice(0, 200) || "Untitled source",
      url: source.url ?? null,
      articleId: source.articleId ?? null,
      uploadId: source.uploadId ?? null,
      characters: source.text.length,
      createdById: userId,
    }),
    ...chunk(rows, rowsPerInsert(5)).map((part) => db.insert(knowledgePassages).values(part)),
    eventStatement(db, context, "knowledge_sources.create", { properties: sql`json_object('source_id', ${newSourceId}, 'type', ${type}, 'passages', ${passages.length})` }),
  ]);
  const [created] = await db.select().from(knowledgeSources).where(eq(knowledgeSources.workspaceId, workspaceId)).orderBy(desc(knowledgeSources.id)).limit(1);
  return created!;
}

export async function knowledgeSourceDeleter(db: Database, { context, source }: { context: CommandContext; source: KnowledgeSource }) {
  await runBatch(db, [
    db.delete(knowledgeSources).where(eq(knowledgeSources.id, source.id)),
    eventStatement(db, context, "knowledge_sources.delete", { properties: { source_id: source.id, title: source.title } }),
  ]);
}
