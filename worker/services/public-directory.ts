import { and, asc, count, desc, eq, isNull, not, or, sql, type SQL } from "drizzle-orm";
import { pageWindow, type PageQuery } from "../../core/contracts/pagination";
import type { Database } from "../db/client";
import { articles, categories, jobSearchTags, spotlights, users, workspaces } from "../db/schema";
import { inGuardedFolderSql } from "./access";

// The public directory: categories of published articles, spotlights and job-search tags.
// Lists check the article, the folders above it (a password there keeps it out, excerpt
// and all) and its workspace.

export type Category = typeof categories.$inferSelect;

/** Published, not archived, not password protected (itself or by a folder above it), in an active workspace. */
const listedPublicly: SQL = and(
  eq(articles.isPublic, true),
  isNull(articles.archivedAt),
  isNull(articles.passwordHash),
  or(isNull(articles.folderId), not(inGuardedFolderSql(articles.folderId))),
  isNull(workspaces.deactivatedAt),
)!;

/** A public article as a directory card: no body. */
const cardColumns = {
  id: articles.id,
  title: articles.title,
  kind: articles.kind,
  excerpt: sql<string>`substr(${articles.bodyText}, 1, 200)`,
  metaTitle: articles.metaTitle,
  metaDescription: articles.metaDescription,
  metaImageUrl: articles.metaImageUrl,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
  categoryId: articles.categoryId,
  companyName: workspaces.name,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorProfile: users.profile,
};

function cards(db: Database) {
  return db
    .select(cardColumns)
    .from(articles)
    .innerJoin(workspaces, eq(workspaces.id, articles.workspaceId))
    .leftJoin(users, eq(users.id, articles.ownerId));
}


/** Every category (or only the template ones), in directory order, with how many public articles each holds. */
export async function listCategories(db: Database, { forTemplates }: { forTemplates: boolean }) {
  const [rows, counts] = await db.batch([
    db
      .select()
      .from(categories)
      .where(forTemplates ? eq(categories.forTemplates, true) : undefined)
      .orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({ categoryId: articles.categoryId, count: count() })
      .from(articles)
      .innerJoin(workspaces, eq(workspaces.id, articles.workspaceId))
      .where(and(listedPublicly, sql`${articles.categoryId} IS NOT NULL`))
      .groupBy(articles.categoryId),
  ]);
  return rows.map((category) => ({ category, articleCount: counts.find((c) => c.categoryId === category.id)?.count ?? 0 }));
}

/** A category by id or slug, or null. */
export async function findCategory(db: Database, ref: number | string): Promise<Category | null> {
  const [row] = await db
    .select()
    .from(categories)
    .where(typeof ref === "number" ? eq(categories.id, ref) : eq(categories.slug, ref));
  return row ?? null;
}

/** A page of a category's public articles, newest published first. */
export async function categoryArticles(db: Database, categoryId: number, page: PageQuery) {
  const { limit, offset } = pageWindow(page);
  const where = and(listedPublicly, eq(articles.categoryId, categoryId));
  const [items, [total]] = await db.batch([
    cards(db).where(where).orderBy(desc(articles.publishedAt), desc(articles.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(articles).innerJoin(workspaces, eq(workspaces.id, articles.workspaceId)).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

/**
 * Featured public articles, newest first. Until anything has been featured, the newest
 * published articles are spotlighted so the directory is never empty when there is content.
 */
export async function listSpotlights(db: Database, page: PageQuery) {
  const { limit, offset } = pageWindow(page);
  const [items, [total]] = await db.batch([
    db
      .select({ ...cardColumns, headline: spotlights.headline })
      .from(articles)
      .innerJoin(workspaces, eq(workspaces.id, articles.workspaceId))
      .leftJoin(users, eq(users.id, articles.ownerId))
      .innerJoin(spotlights, eq(spotlights.articleId, articles.id))
      .where(listedPublicly)
      .orderBy(desc(spotlights.createdAt), desc(spotlights.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(spotlights)
      .innerJoin(articles, eq(articles.id, spotlights.articleId))
      .innerJoin(workspaces, eq(workspaces.id, articles.workspaceId))
      .where(listedPublicly),
  ]);
  if ((total?.total ?? 0) > 0) return { items, total: total!.total, featured: true };
  const [latest, [all]] = await db.batch([
    cards(db).where(listedPublicly).orderBy(desc(articles.publishedAt), desc(articles.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(articles).innerJoin(workspaces, eq(workspaces.id, articles.workspaceId)).where(listedPublicly),
  ]);
  return { items: latest.map((item) => ({ ...item, headline: null })), total: all?.total ?? 0, featured: false };
}

export type PublicArticleCard = Awaited<ReturnType<typeof categoryArticles>>["items"][number] & { headline?: string | null };

export async function listJobSearchTags(db: Database) {
  return db.select().from(jobSearchTags).orderBy(asc(jobSearchTags.name));
}
