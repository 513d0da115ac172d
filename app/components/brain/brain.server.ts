import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { count, eq } from "drizzle-orm";
import { knowledgePassages } from "../../../worker/db/schema";
import { can } from "../../../worker/policies";
import { presentKnowledgeSource } from "../../../worker/presenters/knowledge";
import { relevantPassages, workspaceSources } from "../../../worker/services/knowledge";
import { requireWorkspaceActor, workspaceActionContext } from "~/lib/workspace.server";

export type BrainActionResult = { ok: true; intent: string; message: string } | { ok: false; intent: string; message: string; fields?: Record<string, string[]> };

/** `/workspaces/:id/brain`: the knowledge sources, and the passages matching `?q=`. */
export async function brainPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, workspaceIdParam);
  if (!can(actor, "knowledge.read")) throw data("The brain is for workspace members", { status: 403 });
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  const [sources, counts, matches] = await Promise.all([
    workspaceSources(db, workspace.id),
    db.select({ sourceId: knowledgePassages.sourceId, n: count() }).from(knowledgePassages).where(eq(knowledgePassages.workspaceId, workspace.id)).groupBy(knowledgePassages.sourceId),
    q ? relevantPassages(db, workspace.id, q, 5) : Promise.resolve([]),
  ]);
  const byId = new Map(counts.map((row) => [row.sourceId, row.n]));
  return {
    workspace: { id: workspace.id, name: workspace.name },
    sources: sources.map((source) => presentKnowledgeSource(source, byId.get(source.id) ?? 0)),
    q,
    matches: matches.map((m) => ({ id: m.passageId, source: m.sourceTitle, text: m.text })),
    canManage: can(actor, "knowledge.manage"),
  };
}

export async function brainAction(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { call, workspace } = await workspaceActionContext(request, context, workspaceIdParam);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const fail = (result: { status: number; problem: { message: string; fields?: Record<string, string[]> } }) =>
    data<BrainActionResult>({ ok: false, intent, message: result.problem.message, fields: result.problem.fields }, { status: result.status >= 400 ? result.status : 400 });
  if (intent === "add-text" || intent === "add-url") {
    const source = intent === "add-text" ? { type: "text", title: text("title") || undefined, text: text("text") } : { type: "url", url: text("url") };
    const result = await call("POST", `/w/${workspace.id}/knowledge_sources`, { source });
    if (!result.ok) return fail(result);
    throw redirect(`/workspaces/${workspace.id}/brain?added=1`);
  }
  if (intent === "delete") {
    const result = await call("DELETE", `/knowledge_sources/${Number(form.get("source_id"))}`);
    if (!result.ok) return fail(result);
    return { ok: true, intent, message: "Source removed." } satisfies BrainActionResult;
  }
  return data<BrainActionResult>({ ok: false, intent, message: "Unknown action." }, { status: 400 });
}
