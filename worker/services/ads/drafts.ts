import { and, asc, count, eq, ne } from "drizzle-orm";
import { validateAll, validateStep, type WizardContext } from "../../../core/ads/wizard";
import { wizardDraftSchema, type AdCreative, type StepInput, type WizardDraft, type WizardStep } from "../../../core/contracts/ads";
import type { Database } from "../../db/client";
import { adCampaigns, campaignItems, campaigns, contacts, savedAudiences, thirdPartyIntegrations, type AdAccount, type AdCampaign, type Campaign } from "../../db/schema";
import { Conflict, Invalid, NotFound } from "../../lib/errors";
import { can, type Actor } from "../../policies";
import { readableUpload } from "../uploads";
import { sandboxAccount, workspaceAdAccount } from "./accounts";

/**
 * The wizard's draft: made blank or from a content campaign, saved one step at a time (each step
 * checked on its own, the rest may stay unfinished), and read back to resume.
 */

export const emptyDraft = (): WizardDraft => wizardDraftSchema.parse({});

/**
 * THE read check for a content campaign named by id in an ads request: the same one GET
 * /campaigns/:id makes (a campaign of the actor's workspace they may read generations of).
 */
export async function readableContentCampaign(db: Database, actor: Actor, id: number): Promise<Campaign> {
  const [campaign] = await db.select().from(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.workspaceId, actor.workspaceId)));
  if (!campaign || !can(actor, "generations.read")) throw new NotFound("Campaign not found");
  return campaign;
}

/** An approved piece as a creative: its words, its title as the headline; long pillar posts are left out. */
function creativeOfPiece(piece: typeof campaignItems.$inferSelect, campaignName: string): AdCreative | null {
  const text = [piece.body.trim(), piece.hashtags.length ? piece.hashtags.map((tag) => `#${tag.replace(/^#/, "")}`).join(" ") : ""].filter(Boolean).join("\n\n");
  if (!piece.channel || text.length > 2_200) return null;
  return {
    campaign_item_id: piece.id,
    upload_id: null,
    primary_text: text,
    headline: (piece.title ?? campaignName).slice(0, 40),
    description: "",
    link_url: "",
    call_to_action: "LEARN_MORE",
  };
}

/** A new draft, on the given ad account or the workspace's Sandbox ads account. */
export async function createAdDraft(db: Database, actor: Actor, input: { name?: string; content_campaign_id: number | null; ad_account_id?: number }): Promise<AdCampaign> {
  const account = input.ad_account_id ? await workspaceAdAccount(db, actor.workspaceId, input.ad_account_id) : await sandboxAccount(db, actor.workspaceId);
  const draft = emptyDraft();
  let name = input.name ?? "New ad campaign";
  let contentCampaignId: number | null = null;
  if (input.content_campaign_id != null) {
    const campaign = await readableContentCampaign(db, actor, input.content_campaign_id);
    contentCampaignId = campaign.id;
    name = input.name ?? campaign.name;
    const pieces = await db
      .select()
      .from(campaignItems)
      .where(and(eq(campaignItems.campaignId, campaign.id), eq(campaignItems.status, "approved")))
      .orderBy(asc(campaignItems.position));
    const creatives = pieces.map((piece) => creativeOfPiece(piece, campaign.name)).filter((creative): creative is AdCreative => creative != null).slice(0, 5);
    if (creatives.length) draft.creatives = { creatives };
  }
  const [row] = await db
    .insert(adCampaigns)
    .values({ workspaceId: actor.workspaceId, adAccountId: account.id, contentCampaignId, name, draft, createdById: actor.userId })
    .returning();
  return row!;
}

/** An ad campaign of the actor's workspace, or 404. */
export async function workspaceAdCampaign(db: Database, workspaceId: number, id: number): Promise<AdCampaign> {
  const [row] = await db.select().from(adCampaigns).where(and(eq(adCampaigns.id, id), eq(adCampaigns.workspaceId, workspaceId)));
  if (!row) throw new NotFound("Ad campaign not found");
  return row;
}

/** Whether HubSpot is connected, and how many contacts it has given. */
export async function hubspotAudience(db: Database, workspaceId: number): Promise<{ connected: boolean; contacts: number | null }> {
  const [integration] = await db
    .select({ id: thirdPartyIntegrations.id })
    .from(thirdPartyIntegrations)
    .where(and(eq(thirdPartyIntegrations.workspaceId, workspaceId), eq(thirdPartyIntegrations.provider, "hubspot"), ne(thirdPartyIntegrations.state, "disconnected")))
    .limit(1);
  if (!integration) return { connected: false, contacts: null };
  const [row] = await db.select({ n: count() }).from(contacts).where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.source, "hubspot")));
  return { connected: true, contacts: row?.n ?? 0 };
}

export async function wizardContext(db: Database, account: AdAccount, now: number): Promise<WizardContext> {
  return { network: account.network, currency: account.currency, now, hubspotConnected: (await hubspotAudience(db, account.workspaceId)).connected };
}

/** The steps a campaign may still be changed in: a draft, or a launch that failed and is being fixed. */
export const isEditable = (campaign: Pick<AdCampaign, "status">) => campaign.status === "draft" || campaign.status === "failed";

/**
 * Saves one step: checks the ids it names (ad account, saved audience, pieces, uploads) with
 * their read checks, then the step's rules against the draft as it would be; a wrong step is a
 * 400 naming its fields and nothing is saved. Other steps may stay unfinished.
 */
export async function saveAdStep<S extends WizardStep>(db: Database, actor: Actor, campaign: AdCampaign, step: S, input: StepInput<S>, now: number): Promise<AdCampaign> {
  if (!isEditable(campaign)) throw new Conflict(`This campaign is ${campaign.status}: its settings are changed on the network, not in the wizard.`);
  let account = await workspaceAdAccount(db, actor.workspaceId, campaign.adAccountId);
  const draft: WizardDraft = structuredClone(campaign.draft);
  const changes: Partial<typeof adCampaigns.$inferInsert> = {};
  switch (step) {
    case "objective": {
      const { name, ad_account_id, ...rest } = input as StepInput<"objective">;
      if (ad_account_id != null && ad_account_id !== account.id) {
        account = await workspaceAdAccount(db, actor.workspaceId, ad_account_id);
        changes.adAccountId = account.id;
      }
      if (name) changes.name = name;
      draft.objective = rest;
      changes.objective = rest.objective;
      break;
    }
    case "categories":
      draft.categories = input as StepInput<"categories">;
      changes.specialAdCategories = draft.categories.special_ad_categories;
      break;
    case "audience": {
      const audience = input as StepInput<"audience">;
      if (audience.saved_audience_id != null) {
        const [saved] = await db.select({ id: savedAudiences.id }).from(savedAudiences).where(and(eq(savedAudiences.id, audience.saved_audience_id), eq(savedAudiences.workspaceId, actor.workspaceId)));
        if (!saved) throw new NotFound("Saved audience not found");
      }
      draft.audience = audience;
      break;
    }
    case "placements":
      draft.placements = input as StepInput<"placements">;
      break;
    case "budget":
      draft.budget = input as StepInput<"budget">;
      break;
    case "creatives": {
      const { creatives } = input as StepInput<"creatives">;
      for (const creative of creatives) {
        if (creative.upload_id != null) await readableUpload(db, actor, creative.upload_id);
        if (creative.campaign_item_id != null) await readablePiece(db, actor, creative.campaign_item_id);
      }
      draft.creatives = { creatives };
      break;
    }
    case "review": {
      const errors = validateAll(draft, await wizardContext(db, account, now));
      if (Object.keys(errors).length) throw stepInvalid("review", errors);
      return campaign;
    }
  }
  const errors = validateStep(step, draft, await wizardContext(db, account, now));
  if (Object.keys(errors).length) throw stepInvalid(step, errors);
  const [saved] = await db
    .update(adCampaigns)
    .set({ ...changes, draft, updatedAt: new Date(now) })
    .where(and(eq(adCampaigns.id, campaign.id), eq(adCampaigns.workspaceId, actor.workspaceId)))
    .returning();
  return saved!;
}

/** A content campaign's piece, through its campaign's read check. */
async function readablePiece(db: Database, actor: Actor, id: number) {
  const [piece] = await db.select({ campaignId: campaignItems.campaignId }).from(campaignItems).where(eq(campaignItems.id, id));
  if (!piece) throw new NotFound("Campaign item not found");
  await readableContentCampaign(db, actor, piece.campaignId).catch(() => {
    throw new NotFound("Campaign item not found");
  });
}

/** 400 naming the step's fields, with one sentence of them. */
export function stepInvalid(step: WizardStep, fields: Record<string, string[]>): Invalid {
  const summary = Object.entries(fields)
    .map(([field, messages]) => `${field} ${messages.join(", ")}`)
    .join("; ");
  return new Invalid(`The ${step} step is not right yet: ${summary}`, fields);
}
