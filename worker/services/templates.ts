import { and, asc, eq, sql } from "drizzle-orm";
import type { SortOrder } from "../../core/enums";
import { BUILT_IN_TEMPLATES, type BuiltInTemplate } from "../../core/templates";
import { inList } from "../db/batching";
import type { Database } from "../db/client";
import { categories, templateBinderItems, templateBinders } from "../db/schema";
import { Invalid, NotFound } from "../lib/errors";
import type { Actor } from "../policies";
import { levelOfRank, readableArticlesSql, type Viewer } from "./access";
import { articleBody, type ArticleBody } from "./article-bodies";
import { ARTICLE_ORDERS, hydrate, pageOfArticles, type ArticlePage } from "./article-lists";
import { loadArticle, readableArticle, type LoadedArticle, type PasswordFacts, type RequestFacts } from "./documents";
import type { Category } from "./public-directory";

// Templates are articles of kind "template"; every workspace also sees the built-in starter
// catalogue (core/templates), filed under the directory's template categories by slug.

export type TemplateBinder = typeof templateBinders.$inferSelect;
export type TemplateBinderItem = typeof templateBinderItems.$inferSelect;

/** The template categories (the directory's `forTemplates` ones), in directory order. No public-article counts: templates never show them. */
export async function templateCategories(db: Database): Promise<Category[]> {
  return db.select().from(categories).where(eq(categories.forTemplates, true)).orderBy(asc(categories.position), asc(categories.id));
}

export const notATemplateCategory = () => new Invalid("category_id: is not a template category", { category_id: ["is not a template category"] });

/** A category for templates by id, or a 400 naming `category_id`. */
export async function templateCategory(db: Database, id: number): Promise<Category> {
  const [category] = await db.select().from(categories).where(and(eq(categories.id, id), eq(categories.forTemplates, true)));
  if (!category) throw notATemplateCategory();
  return category;
}

const LIVE_TEMPLATES = sql`a.archived_at IS NULL AND a.kind = 'template'`;

/** A page of the workspace's templates this viewer may read. */
export function workspaceTemplates(
  db: Database,
  viewer: Viewer,
  { categoryId, sort = "name_asc", limit, offset }: { categoryId?: number; sort?: SortOrder; limit: number; offset: number },
): Promise<ArticlePage> {
  const where = categoryId ? sql`${LIVE_TEMPLATES} AND a.category_id = ${categoryId}` : LIVE_TEMPLATES;
  return pageOfArticles(db, viewer, { where, orderBy: ARTICLE_ORDERS[sort], limit, offset });
}

export interface BuiltInEntry {
  template: BuiltInTemplate;
  category: Category | null;
}

/** The built-in catalogue, with categories, optionally only one category's. */
export function builtInTemplates(categories: Category[], categoryId?: number): BuiltInEntry[] {
  const bySlug = new Map(categories.map((category) => [category.slug, category]));
  return BUILT_IN_TEMPLATES.map((template) => ({ template, category: bySlug.get(template.category) ?? null })).filter(
    (entry) => categoryId === undefined || entry.category?.id === categoryId,
  );
}

/** A built-in template's body, converted from its markdown. */
export const builtInBody = (template: BuiltInTemplate): ArticleBody => articleBody({ markdown: template.markdown });

/** A workspace template the requester may read (404 when the id is a document, not a template). */
export async function loadTemplate(db: Database, request: RequestFacts, id: number): Promise<LoadedArticle> {
  const loaded = await loadArticle(db, request, id);
  if (loaded.article.kind !== "template") throw new NotFound("Template not found");
  return loaded;
}

/**
 * A template for a binder or a new document: a live template of the actor's workspace they
 * may read, through the one document read check (a protected one needs its password).
 * Anything else is a 400 naming `template_id`, like a foreign id anywhere.
 */
export async function readableTemplate(db: Database, actor: Actor, id: number, request: PasswordFacts) {
  const refuse = () => new Invalid("template_id: is not a template of this workspace", { template_id: ["is not a template of this workspace"] });
  const { article: template, level } = await readableArticle(db, actor, id, request).catch((error: unknown) => {
    throw error instanceof NotFound ? refuse() : error;
  });
  if (template.kind !== "template" || template.archivedAt) throw refuse();
  return { template, level };
}

/** The workspace's binders, newest first, with how many templates each holds. */
export async function listBinders(db: Database, workspaceId: number) {
  return db
    .select({ binder: templateBinders, templateCount: sql<number>`(SELECT count(*) FROM template_binder_items i WHERE i.binder_id = ${templateBinders.id})` })
    .from(templateBinders)
    .where(eq(templateBinders.workspaceId, workspaceId))
    .orderBy(sql`${templateBinders.createdAt} DESC`, sql`${templateBinders.id} DESC`);
}

/** A binder's rows in hand order. */
export function binderItems(db: Database, binderId: number): Promise<TemplateBinderItem[]> {
  return db
    .select()
    .from(templateBinderItems)
    .where(eq(templateBinderItems.binderId, binderId))
    .orderBy(asc(templateBinderItems.position), asc(templateBinderItems.templateId));
}

/** A binder's templates the viewer may read, in the binder's order, with their rows. */
export async function binderTemplates(db: Database, viewer: Viewer, binderId: number) {
  const rows = await binderItems(db, binderId);
  if (rows.length === 0) return [];
  const readable = await db.all<{ article_id: number; rank: number }>(sql`
    SELECT r.article_id AS article_id, r.rank AS rank FROM (${readableArticlesSql(viewer)}) r
    JOIN articles a ON a.id = r.article_id
    WHERE a.archived_at IS NULL AND a.kind = 'template'
      AND r.article_id IN (SELECT template_id FROM template_binder_items WHERE binder_id = ${binderId})`);
  const ranks = new Map(readable.map((row) => [row.article_id, row.rank]));
  const visible = rows.filter((row) => ranks.has(row.templateId));
  const items = await hydrate(db, visible.map((row) => ({ id: row.templateId, level: levelOfRank(ranks.get(row.templateId) ?? 1) })));
  const byId = new Map(visible.map((row) => [row.templateId, row]));
  return items.map((item) => ({ ...item, row: byId.get(item.article.id)! }));
}

/**
 * Category rows for templates' `category_id`s (any category: a published template may sit in
 * a general one). Rows already in `known` are not read again.
 */
export async function categoriesById(db: Database, ids: (number | null)[], known: Category[] = []): Promise<Map<number, Category>> {
  const byId = new Map(known.map((category) => [category.id, category]));
  const missing = [...new Set(ids.filter((id): id is number => id !== null && !byId.has(id)))];
  if (missing.length === 0) return byId;
  for (const category of await db.select().from(categories).where(inList(categories.id, missing))) byId.set(category.id, category);
  return byId;
}
