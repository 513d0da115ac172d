import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { FONT_FAMILIES } from "../../../core/document/fonts";
import { brandVoiceNoteTypes } from "../../../core/content/voice";
import { can } from "../../../worker/policies";
import { presentBrandKit, type BrandKitJson } from "../../../worker/presenters/brand-kits";
import { brandKitDetails, loadBrandKit, workspaceBrandKits } from "../../../worker/services/brand-kits";
import { requireWorkspaceActor, workspaceActionContext } from "~/lib/workspace.server";

export type BrandKitActionResult =
  | { ok: true; intent: string; message: string }
  | { ok: false; intent: string; message: string; fields?: Record<string, string[]> };

/** `/workspaces/:id/brand-kits`: the workspace's kits, the default first. */
export async function brandKitsPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, workspaceIdParam);
  if (!can(actor, "brand_kits.read")) throw data("Brand kits are for workspace members", { status: 403 });
  const details = await brandKitDetails(db, await workspaceBrandKits(db, workspace.id));
  return {
    workspace: { id: workspace.id, name: workspace.name },
    kits: details.map((detail) => presentBrandKit(actor, detail)),
    canManage: can(actor, "brand_kits.manage"),
  };
}

/** `/workspaces/:id/brand-kits/:kitId`: one kit, and the font list its editor offers. */
export async function brandKitPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined, kitIdParam: string | undefined) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, workspaceIdParam);
  if (!can(actor, "brand_kits.read")) throw data("Brand kits are for workspace members", { status: 403 });
  const id = Number(kitIdParam);
  if (!Number.isInteger(id) || id <= 0) throw data("Brand kit not found", { status: 404 });
  const kit = await loadBrandKit(db, actor, id).catch(() => {
    throw data("Brand kit not found", { status: 404 });
  });
  const [detail] = await brandKitDetails(db, [kit]);
  return { workspace: { id: workspace.id, name: workspace.name }, kit: presentBrandKit(actor, detail!) as BrandKitJson, fonts: [...FONT_FAMILIES] };
}

/** The brand-kit pages' forms, each run as the matching /v1 call. */
export async function brandKitsAction(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined, kitIdParam?: string) {
  const { call, workspace } = await workspaceActionContext(request, context, workspaceIdParam);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => String(form.get(name) ?? "");
  const fail = (result: { status: number; problem: { message: string; fields?: Record<string, string[]> } }) =>
    data<BrandKitActionResult>({ ok: false, intent, message: result.problem.message, fields: result.problem.fields }, { status: result.status >= 400 ? result.status : 400 });

  if (intent === "create") {
    const result = await call<{ id: number }>("POST", `/w/${workspace.id}/brand_kits`, { name: text("name") });
    if (!result.ok) return fail(result);
    throw redirect(`/workspaces/${workspace.id}/brand-kits/${result.data.id}`);
  }
  const kitId = Number(kitIdParam ?? form.get("kit_id"));
  if (!(kitId > 0)) return data<BrandKitActionResult>({ ok: false, intent, message: "That form was incomplete. Reload the page and try again." }, { status: 400 });

  if (intent === "delete") {
    const result = await call("DELETE", `/brand_kits/${kitId}`);
    if (!result.ok) return fail(result);
    throw redirect(`/workspaces/${workspace.id}/brand-kits?deleted=1`);
  }
  if (intent === "save") {
    const names = form.getAll("color_name").map(String);
    const colors = form
      .getAll("color_value")
      .map(String)
      .map((value, i) => ({ name: names[i] ?? "", value: value.trim() }))
      .filter((color) => color.value !== "");
    const fonts = Object.fromEntries(["title", "subtitle", "body"].map((role) => [role, text(`font_${role}`)]).filter(([, font]) => font));
    const notes = Object.fromEntries(brandVoiceNoteTypes.map((type) => [type, text(`note_${type}`)]));
    const result = await call("PATCH", `/brand_kits/${kitId}`, { name: text("name"), colors, fonts, notes, ...(form.get("is_default") ? { is_default: true } : {}) });
    if (!result.ok) return fail(result);
    return { ok: true, intent, message: "Brand kit saved." } satisfies BrandKitActionResult;
  }
  return data<BrandKitActionResult>({ ok: false, intent, message: "Unknown action." }, { status: 400 });
}
