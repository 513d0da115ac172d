import { count } from "../../../core/counting";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq } from "drizzle-orm";
import { campaignItems, campaigns, socialAccounts } from "../../../worker/db/schema";
import { can } from "../../../worker/policies";
import { presentCampaign } from "../../../worker/presenters/campaigns";
import { workspaceBrandKits } from "../../../worker/services/brand-kits";
import { requiresApproval } from "../../../worker/services/reviews";
import { campaignPerformance } from "~/components/analytics/analytics.server";
import { requireWorkspaceActor, workspaceActionContext } from "~/lib/workspace.server";

export type CampaignActionResult = { ok: true; intent: string; message: string; itemId?: number } | { ok: false; intent: string; message: string; fields?: Record<string, string[]>; itemId?: number };

export async function campaignsPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, workspaceIdParam);
  if (!can(actor, "content.generate")) throw data("Campaigns are for workspace members", { status: 403 });
  const [rows, kits] = await Promise.all([
    db.select().from(campaigns).where(eq(campaigns.workspaceId, workspace.id)).orderBy(desc(campaigns.updatedAt)).limit(100),
    workspaceBrandKits(db, workspace.id),
  ]);
  return {
    workspace: { id: workspace.id, name: workspace.name },
    campaigns: rows.map((row) => presentCampaign(row)),
    kits: kits.map((kit) => ({ id: kit.id, name: kit.name, isDefault: kit.isDefault })),
  };
}

export async function campaignPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined, campaignIdParam: string | undefined) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, workspaceIdParam);
  if (!can(actor, "content.generate")) throw data("Campaigns are for workspace members", { status: 403 });
  const id = Number(campaignIdParam);
  const [campaign] = Number.isInteger(id) && id > 0 ? await db.select().from(campaigns).where(eq(campaigns.id, id)) : [];
  if (!campaign || campaign.workspaceId !== workspace.id) throw data("Campaign not found", { status: 404 });
  const [items, accounts, approvalRequired, performance] = await Promise.all([
    db.select().from(campaignItems).where(eq(campaignItems.campaignId, campaign.id)).orderBy(asc(campaignItems.position)),
    can(actor, "posts.schedule")
      ? db.select({ id: socialAccounts.id, name: socialAccounts.displayName, network: socialAccounts.network }).from(socialAccounts).where(and(eq(socialAccounts.workspaceId, workspace.id), eq(socialAccounts.state, "active")))
      : Promise.resolve([]),
    requiresApproval(db, workspace.id, "campaign_pieces"),
    campaignPerformance(db, actor, campaign),
  ]);
  return {
    workspace: { id: workspace.id, name: workspace.name },
    campaign: presentCampaign(campaign, items),
    /** Accounts the pieces can be scheduled to (empty: the schedule form is not offered). */
    accounts,
    /** The statuses tab's "campaign pieces" switch: only approved pieces may be scheduled. */
    approvalRequired,
    timeZone: actor.workspaceSettings.preferences?.time_zone ?? "UTC",
    /** The totals of its published pieces (null until one is published). */
    performance,
  };
}

export async function campaignsAction(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { call, workspace } = await workspaceActionContext(request, context, workspaceIdParam);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const itemId = Number(form.get("item_id")) || undefined;
  const fail = (result: { status: number; problem: { message: string; fields?: Record<string, string[]> } }) =>
    data<CampaignActionResult>({ ok: false, intent, itemId, message: result.problem.message, fields: result.problem.fields }, { status: result.status >= 400 ? result.status : 400 });

  if (intent === "create") {
    const result = await call<{ id: number }>("POST", `/w/${workspace.id}/campaigns`, {
      name: text("name"),
      brief: text("brief"),
      goal: text("goal"),
      starts_on: text("starts_on"),
      ends_on: text("ends_on"),
      strategy: text("strategy"),
      channels: form.getAll("channels").map(String),
      ...(text("brand_kit_id") ? { brand_kit_id: Number(text("brand_kit_id")) } : {}),
      ...repurposing(text("repurposing"), text("source_url"), text("source_text")),
    });
    if (!result.ok) return fail(result);
    throw redirect(`/workspaces/${workspace.id}/campaigns/${result.data.id}`);
  }
  if (intent === "schedule") {
    const accounts = Object.fromEntries(
      [...form.entries()].filter(([name, value]) => name.startsWith("account_") && String(value)).map(([name, value]) => [name.slice("account_".length), Number(value)]),
    );
    const result = await call<{ scheduled: number; awaiting_approval: number }>("POST", `/campaigns/${text("campaign_id")}/schedule`, { accounts, time: text("time") || "09:00", time_zone: text("time_zone") || "UTC" });
    if (!result.ok) return fail(result);
    const { scheduled, awaiting_approval: held } = result.data;
    const waiting = held ? ` ${count(held, ["piece waits", "pieces wait"])} for approval.` : "";
    return { ok: true, intent, message: `${count(scheduled, ["piece is", "pieces are"])} scheduled. See them on the calendar.${waiting}` };
  }
  if (!itemId) return data<CampaignActionResult>({ ok: false, intent, message: "That form was incomplete. Reload the page and try again." }, { status: 400 });
  if (intent === "save") {
    const result = await call("PATCH", `/campaign_items/${itemId}`, { body: text("body"), hashtags: text("hashtags").split(/[\s,]+/).filter(Boolean) });
    return result.ok ? { ok: true, intent, itemId, message: "Saved." } : fail(result);
  }
  if (intent === "approve" || intent === "regenerate") {
    const result = await call("POST", `/campaign_items/${itemId}/${intent}`);
    return result.ok ? { ok: true, intent, itemId, message: intent === "approve" ? "Approved." : "Rewritten." } : fail(result);
  }
  return data<CampaignActionResult>({ ok: false, intent, message: "Unknown action." }, { status: 400 });
}

/** The form's "start from existing material": a web page for websites, pasted text or a transcript otherwise. */
function repurposing(kind: string, url: string, text: string) {
  if (!kind) return {};
  if (kind === "websites_into_content") return { repurposing: kind, ...(url ? { source: { type: "url", url } } : {}) };
  return { repurposing: kind, ...(text ? { source: { type: "text", title: "Pasted material", text } } : {}) };
}
