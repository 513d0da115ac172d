import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { articles, filePins, type Article } from "../db/schema";
import { eventStatement, type CommandContext } from "./events";
import { nextPublicVersion } from "../services/public-cache";

/** Archives (soft-deletes) a document or restores it; an archived document leaves the home pins and any public page. */
export async function articleArchiver(
  db: Database,
  { context, article, archived }: { context: CommandContext; article: Article; archived: boolean },
): Promise<Article> {
  const [[updated]] = await db.batch([
    db
      .update(articles)
      .set({ archivedAt: archived ? new Date() : null, publicVersion: nextPublicVersion })
      .where(eq(articles.id, article.id))
      .returning(),
    ...(archived ? [db.delete(filePins).where(eq(filePins.articleId, article.id))] : []),
    eventStatement(db, context, archived ? "articles.archive" : "articles.restore", { articleId: article.id }),
  ]);
  await context.publicPages?.purge([article.id]);
  return updated!;
}

/** Deletes a document for good (grants, pins, reactions and properties go with it). */
export async function articleDeleter(db: Database, { context, article }: { context: CommandContext; article: Article }) {
  await db.batch([
    db.delete(articles).where(eq(articles.id, article.id)),
    eventStatement(db, context, "articles.delete", { properties: { article_id: article.id, title: article.title } }),
  ]);
  await context.publicPages?.purge([article.id]);
}
