import { eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { articleContributors, articles, type Article } from "../db/schema";
import { eventStatement, type CommandContext } from "./events";

/**
 * Copies documents into the actor's workspace (the destination) as new top-level documents
 * they own, private to them until they share them: content from another workspace is never
 * shown to a whole workspace without someone choosing to. One batch for every copy, so a
 * failure leaves nothing behind; each copy is made with INSERT … SELECT, so bodies stay in D1.
 */
export async function articleCopier(db: Database, { context, sources }: { context: CommandContext; sources: Article[] }): Promise<Article[]> {
  const { actor } = context;
  const now = Date.now();
  const columns = getTableColumns(articles);
  // Everything not listed is copied from the source (title, body, text, kind, meta).
  const overrides: Partial<Record<keyof typeof columns, SQL>> = {
    id: sql`NULL`,
    workspaceId: sql`${actor.workspaceId}`,
    folderId: sql`NULL`,
    status: sql`'draft'`,
    ownerId: sql`${actor.userId}`,
    lastEditorId: sql`${actor.userId}`,
    templateId: sql`NULL`,
    isPublic: sql`0`,
    categoryId: sql`NULL`,
    publishedAt: sql`NULL`,
    publicVersion: sql`1`,
    passwordHash: sql`NULL`,
    editedAt: sql`${now}`,
    archivedAt: sql`NULL`,
    createdAt: sql`${now}`,
    updatedAt: sql`${now}`,
  };
  const fields = Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, overrides[key as keyof typeof columns] ?? column]));
  // The copy just inserted: the newest document this actor owns in the destination.
  const newId = sql`(SELECT max(id) FROM articles WHERE owner_id = ${actor.userId} AND workspace_id = ${actor.workspaceId})`;

  const statements: BatchItem<"sqlite">[] = sources.flatMap((source) => [
    db
      .insert(articles)
      .select((qb) => qb.select(fields as typeof columns).from(articles).where(eq(articles.id, source.id)))
      .returning(),
    db.insert(articleContributors).values({ articleId: newId, userId: actor.userId, lastEditedAt: new Date(now) }),
    eventStatement(db, context, "articles.copy", {
      articleId: newId,
      properties: { source_article_id: source.id, source_workspace_id: source.workspaceId },
    }),
  ]);
  const results = await runBatch(db, statements);
  return sources.map((_, index) => (results[index * 3] as Article[])[0]!);
}
