import type { AccessLevel } from "../../core/enums";
import type { SerializedDocument } from "../../core/document/types";
import type { BuiltInTemplate } from "../../core/templates";
import type { Article } from "../db/schema";
import { presentPolicies, type Actor } from "../policies";
import type { ArticleListItem } from "../services/article-lists";
import type { Category } from "../services/public-directory";
import type { TemplateBinder } from "../services/templates";
import { presentArticleSummary } from "./articles";
import { iso } from "./users";

const presentTemplateCategory = (category: Category | null | undefined) =>
  category ? { id: category.id, slug: category.slug, name: category.name } : null;

/** A workspace template in the gallery: a document summary, marked as not built in. */
export function presentTemplate(item: Pick<ArticleListItem, "article" | "level" | "owner" | "lastEditor">, category: Category | null | undefined) {
  return {
    ...presentArticleSummary(item.article, item.level, item),
    key: String(item.article.id),
    built_in: false as const,
    description: item.article.bodyText.slice(0, 160),
    category_id: item.article.categoryId,
    category: presentTemplateCategory(category),
  };
}

/** A starter template every workspace has; its `key` is what `/templates/:key` and `/use` take. */
export function presentBuiltInTemplate(template: BuiltInTemplate, category: Category | null, body?: SerializedDocument) {
  return {
    id: null,
    key: template.key,
    built_in: true as const,
    title: template.title,
    description: template.description,
    category_id: category?.id ?? null,
    category: presentTemplateCategory(category),
    ...(body ? { body } : {}),
  };
}

/** A workspace template opened for preview: its body, and what the viewer may do. */
export function presentTemplateDetail(actor: Actor, article: Article, level: AccessLevel | null, category: Category | null | undefined) {
  return {
    ...presentTemplate({ article, level: level ?? "read", owner: null, lastEditor: null }, category),
    body: article.body,
    policies: presentPolicies(actor, ["articles.update", "articles.archive", "templates.manage"], { level }),
  };
}

export function presentTemplateBinder(binder: TemplateBinder, extra: { templateCount?: number; templates?: ReturnType<typeof presentTemplate>[] } = {}) {
  return {
    id: binder.id,
    workspace_id: binder.workspaceId,
    name: binder.name,
    description: binder.description,
    created_by_id: binder.createdById,
    template_count: extra.templateCount ?? extra.templates?.length ?? null,
    ...(extra.templates ? { templates: extra.templates } : {}),
    created_at: iso(binder.createdAt),
    updated_at: iso(binder.updatedAt),
  };
}

export type TemplateJson = ReturnType<typeof presentTemplate>;
export type BuiltInTemplateJson = ReturnType<typeof presentBuiltInTemplate>;
export type TemplateBinderJson = ReturnType<typeof presentTemplateBinder>;
