import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { articleRefParam } from "../../core/contracts/articles";
import { idParam, workspaceParam } from "../../core/contracts/common";
import { pageMeta, pageWindow } from "../../core/contracts/pagination";
import {
  addBinderTemplateSchema,
  binderTemplateParam,
  createTemplateBinderSchema,
  listTemplatesQuery,
  moveBinderTemplateSchema,
  saveAsTemplateSchema,
  templateRefParam,
  updateTemplateBinderSchema,
  useTemplateSchema,
  workspaceTemplateParam,
} from "../../core/contracts/templates";
import { builtInTemplate } from "../../core/templates";
import { articleCreator } from "../commands/articleCreator";
import {
  binderTemplateAdder,
  binderTemplateMover,
  binderTemplateRemover,
  templateBinderCreator,
  templateBinderDeleter,
  templateBinderUpdater,
} from "../commands/templateBinderCommands";
import { articles, templateBinders } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { Invalid, NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize, presentPolicies, type Actor } from "../policies";
import { presentArticle } from "../presenters/articles";
import { presentBuiltInTemplate, presentTemplate, presentTemplateBinder, presentTemplateDetail } from "../presenters/templates";
import { viewerFor } from "../services/access";
import { actorFor, loadArticle, loadParentFolder } from "../services/documents";
import {
  binderTemplates,
  builtInBody,
  builtInTemplates,
  categoriesById,
  listBinders,
  loadTemplate,
  readableTemplate,
  templateCategories,
  notATemplateCategory,
  templateCategory,
  workspaceTemplates,
  type TemplateBinder,
} from "../services/templates";
import { commandContext, requestFacts } from "./articles";

/** A binder by id, for a member of its workspace who may manage templates; 404 for anyone else outside it. */
async function loadBinder(c: Context<AppEnv>, id: number): Promise<{ actor: Actor; binder: TemplateBinder }> {
  const db = c.get("db");
  const [binder] = await db.select().from(templateBinders).where(eq(templateBinders.id, id));
  if (!binder) throw new NotFound("Template binder not found");
  const actor = await actorFor(db, requestFacts(c), binder.workspaceId);
  if (actor.role === "unauthed") throw new NotFound("Template binder not found");
  authorize(actor, "templates.manage");
  return { actor, binder };
}

/** The binder with its templates as this actor sees them. */
async function binderDetail(c: Context<AppEnv>, actor: Actor, binder: TemplateBinder) {
  const db = c.get("db");
  const items = await binderTemplates(db, viewerFor(actor), binder.id);
  const categories = await categoriesById(db, items.map((item) => item.article.categoryId));
  const templates = items.map((item) => presentTemplate(item, item.article.categoryId ? categories.get(item.article.categoryId) : null));
  return presentTemplateBinder(binder, { templates });
}

/** A binder's row for a template the actor can see in it, or 404. */
async function visibleRow(c: Context<AppEnv>, actor: Actor, binder: TemplateBinder, templateId: number) {
  const visible = (await binderTemplates(c.get("db"), viewerFor(actor), binder.id)).map((item) => item.row);
  const row = visible.find((item) => item.templateId === templateId);
  if (!row) throw new NotFound("That template is not in this binder");
  return { row, visible };
}

/**
 * Templates (articles of kind "template", plus the built-in starter catalogue) and template
 * binders. Creating a template and a document from a template by id also work through
 * POST /v1/w/:ws/articles (`kind: "template"`, `template_id`).
 */
export const templatesApi = createApp()
  .get("/w/:ws/templates", requireWorkspace, validate("param", workspaceParam), validate("query", listTemplatesQuery), async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "content.list");
    const query = c.req.valid("query");
    const [categories, page] = await Promise.all([
      templateCategories(db),
      workspaceTemplates(db, viewerFor(actor), { categoryId: query.category_id, sort: query.sort, ...pageWindow(query) }),
    ]);
    if (query.category_id && !categories.some((category) => category.id === query.category_id)) throw notATemplateCategory();
    // A published template may sit in a general category: only those are looked up.
    const byId = await categoriesById(db, page.items.map((item) => item.article.categoryId), categories);
    return c.json({
      data: page.items.map((item) => presentTemplate(item, item.article.categoryId ? byId.get(item.article.categoryId) : null)),
      built_in: builtInTemplates(categories, query.category_id).map(({ template, category }) => presentBuiltInTemplate(template, category)),
      categories: categories.map((category) => ({ id: category.id, slug: category.slug, name: category.name, description: category.description })),
      meta: pageMeta(query, page.total),
      policies: presentPolicies(actor, ["templates.manage", "articles.create"]),
    });
  })

  .get("/templates/:ref", requireSession, validate("param", templateRefParam), async (c) => {
    const db = c.get("db");
    const ref = c.req.valid("param").ref;
    if ("key" in ref) {
      const template = builtInTemplate(ref.key);
      if (!template) throw new NotFound("Template not found");
      const entry = builtInTemplates(await templateCategories(db)).find((item) => item.template.key === template.key)!;
      return c.json({ data: presentBuiltInTemplate(template, entry.category, builtInBody(template).body) });
    }
    const { actor, article, level, resource } = await loadTemplate(db, requestFacts(c), ref.id);
    authorize(actor, "articles.read", resource);
    const categories = await categoriesById(db, [article.categoryId]);
    return c.json({ data: presentTemplateDetail(actor, article, level, article.categoryId ? categories.get(article.categoryId) : null) });
  })

  .post(
    "/w/:ws/templates/:ref/use",
    requireWorkspace,
    validate("param", workspaceTemplateParam),
    validate("json", useTemplateSchema),
    async (c) => {
      const db = c.get("db");
      const actor = c.get("actor");
      const { ref } = c.req.valid("param");
      const input = c.req.valid("json");
      let source: { title: string; content: ReturnType<typeof builtInBody>; templateId: number | null };
      if ("key" in ref) {
        const template = builtInTemplate(ref.key);
        if (!template) throw new NotFound("Template not found");
        source = { title: template.title, content: builtInBody(template), templateId: null };
      } else {
        const { template } = await readableTemplate(db, actor, ref.id, requestFacts(c)).catch((error: unknown) => {
          throw error instanceof Invalid ? new NotFound("Template not found") : error;
        });
        source = { title: template.title, content: { body: template.body, bodyText: template.bodyText, warnings: [] }, templateId: template.id };
      }
      const parent = await loadParentFolder(db, actor, input.folder_id);
      authorize(actor, "articles.create", parent?.resource);
      const article = await articleCreator(db, {
        context: commandContext(c, actor),
        input: { title: input.title || source.title, folderId: parent?.folder.id ?? null, content: source.content, templateId: source.templateId },
      });
      return c.json({ data: presentArticle(actor, article, "owner") }, 201);
    },
  )

  .post("/articles/:id/save_as_template", requireSession, validate("param", articleRefParam), validate("json", saveAsTemplateSchema), async (c) => {
    const db = c.get("db");
    const { actor, article, resource } = await loadArticle(db, requestFacts(c), c.req.valid("param").id);
    authorize(actor, "articles.read", resource);
    authorize(actor, "templates.manage");
    const input = c.req.valid("json");
    const category = input.category_id ? await templateCategory(db, input.category_id) : null;
    const template = await articleCreator(db, {
      context: commandContext(c, actor),
      input: {
        title: input.title || article.title,
        folderId: null,
        content: { body: article.body, bodyText: article.bodyText, warnings: [] },
        kind: "template",
      },
    });
    // Filing it under a category is a second write: a template without one is still whole.
    const [saved] = category
      ? await db.update(articles).set({ categoryId: category.id }).where(eq(articles.id, template.id)).returning()
      : [template];
    return c.json({ data: presentTemplateDetail(actor, saved!, "owner", category) }, 201);
  })

  .get("/w/:ws/template_binders", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "templates.manage");
    const rows = await listBinders(c.get("db"), actor.workspaceId);
    return c.json({ data: rows.map((row) => presentTemplateBinder(row.binder, { templateCount: Number(row.templateCount) })) });
  })

  .post("/w/:ws/template_binders", requireWorkspace, validate("param", workspaceParam), validate("json", createTemplateBinderSchema), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "templates.manage");
    const input = c.req.valid("json");
    const binder = await templateBinderCreator(c.get("db"), {
      context: commandContext(c, actor),
      input: { name: input.name, description: input.description ?? "" },
    });
    return c.json({ data: presentTemplateBinder(binder, { templates: [] }) }, 201);
  })

  .get("/template_binders/:id", requireSession, validate("param", idParam), async (c) => {
    const { actor, binder } = await loadBinder(c, c.req.valid("param").id);
    return c.json({ data: await binderDetail(c, actor, binder) });
  })

  .put("/template_binders/:id", requireSession, validate("param", idParam), validate("json", updateTemplateBinderSchema), async (c) => {
    const { actor, binder } = await loadBinder(c, c.req.valid("param").id);
    const updated = await templateBinderUpdater(c.get("db"), { context: commandContext(c, actor), binder, changes: c.req.valid("json") });
    return c.json({ data: await binderDetail(c, actor, updated) });
  })

  .delete("/template_binders/:id", requireSession, validate("param", idParam), async (c) => {
    const { actor, binder } = await loadBinder(c, c.req.valid("param").id);
    await templateBinderDeleter(c.get("db"), { context: commandContext(c, actor), binder });
    return c.json({ data: { id: binder.id, deleted: true } });
  })

  .post("/template_binders/:id/templates", requireSession, validate("param", idParam), validate("json", addBinderTemplateSchema), async (c) => {
    const db = c.get("db");
    const { actor, binder } = await loadBinder(c, c.req.valid("param").id);
    const { template } = await readableTemplate(db, actor, c.req.valid("json").template_id, requestFacts(c));
    const { created } = await binderTemplateAdder(db, { context: commandContext(c, actor), binder, templateId: template.id });
    return c.json({ data: await binderDetail(c, actor, binder) }, created ? 201 : 200);
  })

  .put(
    "/template_binders/:id/templates/:templateId",
    requireSession,
    validate("param", binderTemplateParam),
    validate("json", moveBinderTemplateSchema),
    async (c) => {
      const db = c.get("db");
      const { id, templateId } = c.req.valid("param");
      const { actor, binder } = await loadBinder(c, id);
      const { row, visible } = await visibleRow(c, actor, binder, templateId);
      await binderTemplateMover(db, {
        context: commandContext(c, actor),
        binder,
        row,
        visible,
        insertAt: c.req.valid("json").insert_at,
      });
      return c.json({ data: await binderDetail(c, actor, binder) });
    },
  )

  .delete("/template_binders/:id/templates/:templateId", requireSession, validate("param", binderTemplateParam), async (c) => {
    const { id, templateId } = c.req.valid("param");
    const { actor, binder } = await loadBinder(c, id);
    const { row } = await visibleRow(c, actor, binder, templateId);
    await binderTemplateRemover(c.get("db"), { context: commandContext(c, actor), binder, row });
    return c.json({ data: await binderDetail(c, actor, binder) });
  });

