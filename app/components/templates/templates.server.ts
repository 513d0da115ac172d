import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { pageMeta, pageQuery, pageWindow } from "../../../core/contracts/pagination";
import { templateRef } from "../../../core/contracts/templates";
import { builtInTemplate } from "../../../core/templates";
import { can } from "../../../worker/policies";
import { presentBuiltInTemplate, presentTemplate } from "../../../worker/presenters/templates";
import { viewerFor } from "../../../worker/services/access";
import { listFolders } from "../../../worker/services/folders";
import { builtInBody, builtInTemplates, readableTemplate, templateCategories, workspaceTemplates } from "../../../worker/services/templates";
import { PasswordRequired } from "../../../worker/services/documents";
import { requireWorkspaceActor, workspaceActionContext } from "~/lib/workspace.server";
import type { TemplateActionResult, TemplatePreview } from "./types";

const notFound = () => data("Template not found", { status: 404 });

/**
 * The template gallery for `/workspaces/:id/templates/:templateId?`: the built-in catalogue and
 * the workspace's templates this person may read (filtered by `?category=`), the one selected
 * for preview, and the folders a new document may go into.
 */
export async function templateGallery(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined, selected: string | undefined) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, workspaceIdParam);
  const url = new URL(request.url);
  const viewer = viewerFor(actor);
  const categories = await templateCategories(db);
  const asked = Number(url.searchParams.get("category"));
  const category = categories.find((row) => row.id === asked) ?? null;
  const page = pageQuery.catch({ page: 1, per_page: 48 }).parse({ page: url.searchParams.get("page") ?? undefined, per_page: 48 });
  const [mine, folders] = await Promise.all([
    workspaceTemplates(db, viewer, { categoryId: category?.id, sort: "name_asc", ...pageWindow(page) }),
    listFolders(db, viewer, { archived: false }),
  ]);
  const byId = new Map(categories.map((row) => [row.id, row]));
  return {
    workspace: { id: workspace.id, name: workspace.name },
    categories: categories.map((row) => ({ id: row.id, name: row.name, description: row.description })),
    categoryId: category?.id ?? null,
    builtIn: builtInTemplates(categories, category?.id).map(({ template, category: of }) => presentBuiltInTemplate(template, of)),
    templates: mine.items.map((item) => presentTemplate(item, item.article.categoryId ? byId.get(item.article.categoryId) : null)),
    meta: pageMeta(page, mine.total),
    preview: selected ? await previewOf(db, actor, categories, selected) : null,
    folders: folders
      .filter((row) => row.level === "edit" || row.level === "owner")
      .map((row) => ({ id: row.folder.id, name: row.folder.name, parentId: row.folder.parentId })),
    canManage: can(actor, "templates.manage"),
    canCreateTopLevel: can(actor, "articles.create"),
  };
}

async function previewOf(
  db: Parameters<typeof readableTemplate>[0],
  actor: Parameters<typeof readableTemplate>[1],
  categories: Awaited<ReturnType<typeof templateCategories>>,
  selected: string,
): Promise<TemplatePreview> {
  const ref = templateRef.safeParse(selected);
  if (!ref.success) throw notFound();
  if ("key" in ref.data) {
    const template = builtInTemplate(ref.data.key);
    if (!template) throw notFound();
    const category = categories.find((row) => row.slug === template.category) ?? null;
    return { ...presentBuiltInTemplate(template, category), body: builtInBody(template).body, slug: null, ref: template.key };
  }
  // The gallery sends no password: a protected template is previewed from its own document page.
  const { template, level } = await readableTemplate(db, actor, ref.data.id, { password: undefined, ip: null }).catch((error: unknown) => {
    if (error instanceof PasswordRequired) throw data("This template is password protected. Open it from its document page.", { status: 403 });
    throw notFound();
  });
  const category = categories.find((row) => row.id === template.categoryId) ?? null;
  return {
    ...presentTemplate({ article: template, level, owner: null, lastEditor: null }, category),
    body: template.body,
    ref: String(template.id),
  };
}

/** The gallery's forms, each run as the matching /v1 call, landing in the new document or template. */
export async function templateAction(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { call, workspace } = await workspaceActionContext(request, context, workspaceIdParam);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const folder = String(form.get("folder_id") ?? "");
  const fail = (result: { status: number; problem: { message: string; fields: Record<string, string[]> } }) =>
    data<TemplateActionResult>({ intent, ok: false, message: result.problem.message, fields: result.problem.fields }, { status: result.status >= 400 ? result.status : 400 });

  if (intent === "use") {
    const ref = String(form.get("ref") ?? "");
    const result = await call<{ slug: string }>("POST", `/w/${workspace.id}/templates/${encodeURIComponent(ref)}/use`, {
      folder_id: folder ? Number(folder) : null,
    });
    if (!result.ok) return fail(result);
    throw redirect(`/docs/${result.data.slug}`);
  }
  if (intent === "new-template") {
    const result = await call<{ slug: string }>("POST", `/w/${workspace.id}/articles`, {
      article: { kind: "template", title: String(form.get("title") ?? "").trim() || "Untitled template" },
    });
    if (!result.ok) return fail(result);
    throw redirect(`/docs/${result.data.slug}`);
  }
  if (intent === "save-as-template") {
    const id = Number(form.get("article_id"));
    if (!Number.isInteger(id) || id <= 0) {
      return data<TemplateActionResult>({ intent, ok: false, message: "Choose a document to save as a template.", fields: { article_id: ["must be chosen"] } }, { status: 400 });
    }
    const result = await call<{ id: number }>("POST", `/articles/${id}/save_as_template`, {});
    if (!result.ok) return fail(result);
    throw redirect(`/workspaces/${workspace.id}/templates/${result.data.id}?saved=1`);
  }
  return data<TemplateActionResult>({ intent, ok: false, message: "That form was incomplete. Reload the page and try again." }, { status: 400 });
}
