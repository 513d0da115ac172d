import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { articles, articleVersions, spotlights, type Article } from "../db/schema";
import { Unprocessable } from "../lib/errors";
import { passwordGuarded } from "../services/public-pages";
import { awaitingApproval } from "../services/reviews";
import { eventStatement, type CommandContext } from "./events";
import { nextPublicVersion } from "../services/public-cache";

/**
 * Publishes a document as a public page (`/p/:slug`), filed under a category. Publishing
 * again keeps the first publication date; leaving `categoryId` undefined keeps the
 * category. A password-protected document (itself or through a folder) stays private:
 * a public page would have to either leak it or ask strangers for the password. When the
 * workspace's statuses tab says so ("publishing"), only an approved document goes public,
 * republishing included; taking a page down is never held back. History keeps a version of
 * what went public, and the event names it.
 */
export async function articlePublisher(
  db: Database,
  { context, article, categoryId }: { context: CommandContext; article: Article; categoryId: number | null | undefined },
): Promise<Article> {
  if (article.archivedAt) throw new Unprocessable("Restore this document before publishing it.");
  if (await passwordGuarded(db, article)) {
    throw new Unprocessable("Password-protected documents can't be made public. Remove the password first.", {
      password: ["must be removed before publishing"],
    });
  }
  if ((await awaitingApproval(db, article.workspaceId, "publishing", [article])).length) {
    throw new Unprocessable(`"${article.title}" must be approved before it is published (a workspace rule). Request an approval review first.`, { status: ["is not approved yet"] });
  }
  const [[published]] = await db.batch([
    db
      .update(articles)
      .set({
        isPublic: true,
        publishedAt: article.isPublic && article.publishedAt ? article.publishedAt : new Date(),
        ...(categoryId === undefined ? {} : { categoryId }),
        publicVersion: nextPublicVersion,
      })
      .where(eq(articles.id, article.id))
      .returning(),
    db.insert(articleVersions).values({ articleId: article.id, body: article.body, title: article.title, createdById: context.actor.userId || null, kind: "publish" }),
    eventStatement(db, context, "articles.make_public", {
      articleId: article.id,
      properties: sql`json_set(${JSON.stringify({ category_id: categoryId === undefined ? article.categoryId : categoryId, republished: article.isPublic })}, '$.version_id', last_insert_rowid())`,
    }),
  ]);
  // A copy from an earlier publication must not outlive this one's category and date.
  await context.publicPages?.purge([article.id]);
  return published!;
}

/**
 * Takes a public page down and purges its cached copies. The category is kept for the next time it is published,
 * and the page leaves the spotlights.
 */
export async function articleUnpublisher(
  db: Database,
  { context, article }: { context: CommandContext; article: Article },
): Promise<Article> {
  const [[unpublished]] = await db.batch([
    db
      .update(articles)
      .set({ isPublic: false, publishedAt: null, publicVersion: nextPublicVersion })
      .where(eq(articles.id, article.id))
      .returning(),
    db.delete(spotlights).where(eq(spotlights.articleId, article.id)),
    eventStatement(db, context, "articles.make_private", { articleId: article.id, properties: { was_public: article.isPublic } }),
  ]);
  await context.publicPages?.purge([article.id]);
  return unpublished!;
}
