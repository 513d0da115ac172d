import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { articleStyles } from "../../../worker/db/schema";
import { can } from "../../../worker/policies";
import { requireWorkspaceActor, workspaceActionContext } from "~/lib/workspace.server";

export type StyleActionResult = { ok: true; message: string } | { ok: false; message: string; fields?: Record<string, string[]> };

const words = (value: string) =>
  value
    .split(/[,\n]/)
    .map((w) => w.trim())
    .filter(Boolean);

export async function articleStylePage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, workspaceIdParam);
  if (!can(actor, "content.generate")) throw data("The house style is for workspace members", { status: 403 });
  const [row] = await db.select().from(articleStyles).where(eq(articleStyles.workspaceId, workspace.id));
  return {
    workspace: { id: workspace.id, name: workspace.name },
    style: { tone: row?.tone ?? "", readingLevel: row?.readingLevel ?? "standard", preferWords: row?.preferWords ?? [], avoidWords: row?.avoidWords ?? [], formatting: row?.formatting ?? "" },
    canEdit: can(actor, "article_style.update"),
  };
}

export async function articleStyleAction(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { call, workspace } = await workspaceActionContext(request, context, workspaceIdParam);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const result = await call("PUT", `/w/${workspace.id}/article_style`, {
    tone: text("tone"),
    reading_level: text("reading_level"),
    prefer_words: words(text("prefer_words")),
    avoid_words: words(text("avoid_words")),
    formatting: text("formatting"),
  });
  if (!result.ok) return data<StyleActionResult>({ ok: false, message: result.problem.message, fields: result.problem.fields }, { status: result.status });
  return { ok: true, message: "House style saved. New content follows it." } satisfies StyleActionResult;
}
