import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { articles, type Article } from "../db/schema";
import { eventStatement, type CommandContext } from "./events";
import { nextPublicVersion } from "../services/public-cache";

/** Moves a document into a folder (already checked to be in the same workspace) or to the top level. */
export async function articleMover(
  db: Database,
  { context, article, folderId }: { context: CommandContext; article: Article; folderId: number | null },
): Promise<Article> {
  const [[moved]] = await db.batch([
    db
      .update(articles)
      .set({ folderId, publicVersion: nextPublicVersion })
      .where(eq(articles.id, article.id))
      .returning(),
    eventStatement(db, context, "articles.move", { articleId: article.id, properties: { from: article.folderId, to: folderId } }),
  ]);
  // A document takes its folder's access: moving it can change who may edit it.
  context.rooms?.accessChanged(article.workspaceId);
  // ...and its folder's password, and its page's breadcrumbs.
  await context.publicPages?.purge([article.id]);
  return moved!;
}
