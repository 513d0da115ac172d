import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { can } from "../../../worker/policies";
import { presentTemplate, presentTemplateBinder } from "../../../worker/presenters/templates";
import { viewerFor } from "../../../worker/services/access";
import { binderTemplates, listBinders, workspaceTemplates } from "../../../worker/services/templates";
import { requireWorkspaceActor, workspaceActionContext } from "~/lib/workspace.server";
import type { TemplateActionResult } from "./types";

/** Most binders and templates the page shows at once. */
const MAX_BINDERS = 50;
const MAX_TEMPLATES = 100;

/** The workspace's binders with their templates in order, and the templates that could go in them. */
export async function bindersPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, workspaceIdParam);
  if (!can(actor, "templates.manage")) throw data("Only workspace members can manage template binders", { status: 403 });
  const viewer = viewerFor(actor);
  const rows = (await listBinders(db, workspace.id)).slice(0, MAX_BINDERS);
  const binders = await Promise.all(
    rows.map(async ({ binder }) => {
      const items = await binderTemplates(db, viewer, binder.id);
      return presentTemplateBinder(binder, { templates: items.map((item) => presentTemplate(item, null)) });
    }),
  );
  const templates = await workspaceTemplates(db, viewer, { sort: "name_asc", limit: MAX_TEMPLATES, offset: 0 });
  return {
    workspace: { id: workspace.id, name: workspace.name },
    binders,
    templates: templates.items.map((item) => ({ id: item.article.id, title: item.article.title || "Untitled template" })),
  };
}

/** The binders page's forms, each run as the matching /v1 call. */
export async function bindersAction(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { call, workspace } = await workspaceActionContext(request, context, workspaceIdParam);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const binderId = Number(form.get("binder_id"));
  const templateId = Number(form.get("template_id"));
  const text = (name: string) => String(form.get(name) ?? "");
  const requests: Record<string, () => { method: string; path: string; body?: unknown; done: string }> = {
    create: () => ({ method: "POST", path: `/w/${workspace.id}/template_binders`, body: { name: text("name"), description: text("description") }, done: "Binder created." }),
    rename: () => ({ method: "PUT", path: `/template_binders/${binderId}`, body: { name: text("name"), description: text("description") }, done: "Binder saved." }),
    delete: () => ({ method: "DELETE", path: `/template_binders/${binderId}`, done: "Binder deleted." }),
    add: () => ({ method: "POST", path: `/template_binders/${binderId}/templates`, body: { template_id: templateId || null }, done: "Template added." }),
    remove: () => ({ method: "DELETE", path: `/template_binders/${binderId}/templates/${templateId}`, done: "Template removed." }),
    move: () => ({
      method: "PUT",
      path: `/template_binders/${binderId}/templates/${templateId}`,
      body: { insert_at: Number(form.get("insert_at")) },
      done: "Template moved.",
    }),
  };
  const build = requests[intent];
  if (!build || (intent !== "create" && !(binderId > 0))) {
    return data<TemplateActionResult>({ intent, ok: false, message: "That form was incomplete. Reload the page and try again." }, { status: 400 });
  }
  const spec = build();
  const result = await call(spec.method, spec.path, spec.body);
  if (!result.ok) {
    return data<TemplateActionResult & { binderId: number }>(
      { intent, ok: false, message: result.problem.message, fields: result.problem.fields, binderId },
      { status: result.status >= 400 ? result.status : 400 },
    );
  }
  // Creating, renaming and deleting close their dialog (a URL parameter).
  if (intent === "create" || intent === "rename" || intent === "delete") throw redirect(`/workspaces/${workspace.id}/template-binders`);
  return { intent, ok: true, message: spec.done, binderId };
}
