import { asc, desc, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { idParam, workspaceParam } from "../../core/contracts/common";
import { campaignCreateSchema, campaignEventSchema, campaignItemUpdateSchema } from "../../core/contracts/content";
import { planCampaign, type PlannedItem } from "../../core/content/campaigns";
import { eventStatement } from "../commands/events";
import { runBatch } from "../db/batching";
import { campaignEvents, campaignItems, campaigns, workspaces, type Campaign } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { HttpError, Invalid, NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentCampaign, presentCampaignItem } from "../presenters/campaigns";
import { chooseProvider } from "../services/ai";
import { writeCampaign } from "../services/campaign-writer";
import { briefBrandKit, voiceFor } from "../services/generation";
import { relevantPassages } from "../services/knowledge";
import { readSource } from "../services/sources";
import { splitIntoPassages, type Passage } from "../../core/content/passages";
import { commandContext, requestFacts } from "./articles";
import { actorForRow } from "./workspace-rows";

/** The writer failed: nothing was stored, and the message says why. */
class WriterFailed extends HttpError {
  constructor(message: string) {
    super(502, `The campaign could not be written: ${message}`, "writer_failed");
  }
}

async function loadCampaign(c: Context<AppEnv>, id: number) {
  const db = c.get("db");
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!campaign) throw new NotFound("Campaign not found");
  return { actor: await actorForRow(c, campaign.workspaceId, "content.generate", "Campaign not found"), campaign };
}

async function loadItem(c: Context<AppEnv>, id: number) {
  const db = c.get("db");
  const [item] = await db.select().from(campaignItems).where(eq(campaignItems.id, id));
  if (!item) throw new NotFound("Campaign item not found");
  const { actor, campaign } = await loadCampaign(c, item.campaignId).catch(() => {
    throw new NotFound("Campaign item not found");
  });
  return { actor, campaign, item };
}

const itemsOf = (c: Context<AppEnv>, campaignId: number) => c.get("db").select().from(campaignItems).where(eq(campaignItems.campaignId, campaignId)).orderBy(asc(campaignItems.position));

/** The writer's inputs for a campaign: its voice, its knowledge and the provider. */
async function writerFor(c: Context<AppEnv>, campaign: Pick<Campaign, "workspaceId" | "brandKitId" | "name" | "brief">) {
  const db = c.get("db");
  const [workspace] = await db.select({ id: workspaces.id, name: workspaces.name }).from(workspaces).where(eq(workspaces.id, campaign.workspaceId));
  const kit = await briefBrandKit(db, campaign.workspaceId, campaign.brandKitId ?? undefined).catch(() => null);
  return {
    provider: chooseProvider(c.env),
    voice: await voiceFor(db, workspace!, kit),
    passages: (await relevantPassages(db, campaign.workspaceId, `${campaign.name} ${campaign.brief}`, 5)) as Passage[],
  };
}

/**
 * A stored campaign's plan, as it was made: the same inputs give the same pieces, and the
 * pieces per channel are read back from the items (the request's `per_channel` is not kept).
 */
function storedPlan(campaign: Campaign, items: { channel: string | null }[]): PlannedItem[] {
  const perChannel = items.filter((item) => item.channel === campaign.channels[0]).length;
  return planCampaign({ strategy: campaign.strategy, channels: campaign.channels, startsOn: campaign.startsOn ?? "", endsOn: campaign.endsOn ?? "", perChannel });
}

/**
 * Campaigns: a brief, dates, channels and a strategy become a plan and every piece of it,
 * written and held to each channel's limits; pieces are edited, regenerated one at a time
 * and approved; events are recorded for the campaign's timeline.
 */
export const campaignsApi = createApp()
  .post("/w/:ws/campaigns", requireWorkspace, validate("param", workspaceParam), validate("json", campaignCreateSchema), async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "content.generate");
    const input = c.req.valid("json");
    const kit = await briefBrandKit(db, actor.workspaceId, input.brand_kit_id);
    const plan = planCampaign({ strategy: input.strategy, channels: input.channels, startsOn: input.starts_on, endsOn: input.ends_on, perChannel: input.per_channel });
    const writer = await writerFor(c, { workspaceId: actor.workspaceId, brandKitId: kit?.id ?? null, name: input.name, brief: input.brief });
    // Repurposing: the material comes first, as passages the writer draws on and cites.
    const source = input.source ? await readSource({ db, env: c.env, request: requestFacts(c), actor }, input.source, "source") : null;
    if (source) {
      const material = splitIntoPassages(source.text).slice(0, 8).map((text) => ({ sourceId: 0, sourceTitle: source.title, text }));
      if (material.length === 0) throw new Invalid("The source has no text to work from", { source: ["has no text"] });
      writer.passages = [...material, ...writer.passages].slice(0, 10);
    }
    let written;
    try {
      written = await writeCampaign(writer, { name: input.name, brief: input.brief, goal: input.goal, material: source?.text }, plan);
    } catch (error) {
      throw new WriterFailed(error instanceof Error ? error.message : "unknown error");
    }
    // The campaign and every piece land together; pieces find the campaign and the pillar by subquery.
    const newCampaignId = sql`(SELECT max(id) FROM campaigns WHERE workspace_id = ${actor.workspaceId})`;
    const pillarId = sql`(SELECT id FROM campaign_items WHERE campaign_id = ${newCampaignId} AND position = 0)`;
    await runBatch(db, [
      db.insert(campaigns).values({
        workspaceId: actor.workspaceId,
        name: input.name,
        brief: input.brief,
        goal: input.goal,
        startsOn: input.starts_on,
        endsOn: input.ends_on,
        channels: input.channels,
        strategy: input.strategy,
        status: "ready",
        brandKitId: kit?.id ?? null,
        repurposing: input.repurposing ?? null,
        sourceArticleId: source?.articleId ?? null,
        createdById: actor.userId,
      }),
      ...plan.map((item) => {
        const text = written.find((w) => w.position === item.position)!;
        return db.insert(campaignItems).values({
          campaignId: newCampaignId as unknown as number,
          channel: item.channel,
          position: item.position,
          publishOn: item.publishOn,
          title: text.title,
          description: text.description,
          body: text.body,
          hashtags: text.hashtags,
          imageBrief: text.imageBrief,
          notes: text.notes,
          derivedFromId: item.derivedFrom === null ? null : (pillarId as unknown as number),
        });
      }),
      eventStatement(db, commandContext(c, actor), "campaigns.create", { properties: sql`json_object('campaign_id', ${newCampaignId}, 'strategy', ${input.strategy})` }),
    ]);
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.workspaceId, actor.workspaceId)).orderBy(desc(campaigns.id)).limit(1);
    return c.json({ data: presentCampaign(campaign!, await itemsOf(c, campaign!.id)) }, 201);
  })

  .get("/w/:ws/campaigns", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "content.generate");
    const rows = await c.get("db").select().from(campaigns).where(eq(campaigns.workspaceId, actor.workspaceId)).orderBy(desc(campaigns.updatedAt)).limit(100);
    return c.json({ data: rows.map((campaign) => presentCampaign(campaign)) });
  })

  .get("/campaigns/:id", requireSession, validate("param", idParam), async (c) => {
    const { campaign } = await loadCampaign(c, c.req.valid("param").id);
    return c.json({ data: presentCampaign(campaign, await itemsOf(c, campaign.id)) });
  })

  .patch("/campaign_items/:id", requireSession, validate("param", idParam), validate("json", campaignItemUpdateSchema), async (c) => {
    const db = c.get("db");
    const { actor, item } = await loadItem(c, c.req.valid("param").id);
    const input = c.req.valid("json");
    const set: Partial<typeof campaignItems.$inferInsert> = { updatedAt: new Date(), status: "draft" };
    if (input.title !== undefined) set.title = input.title;
    if (input.description !== undefined) set.description = input.description;
    if (input.body !== undefined) set.body = input.body;
    if (input.hashtags !== undefined) set.hashtags = input.hashtags;
    if (input.image_brief !== undefined) set.imageBrief = input.image_brief;
    if (input.publish_on !== undefined) set.publishOn = input.publish_on;
    await runBatch(db, [
      db.update(campaignItems).set(set).where(eq(campaignItems.id, item.id)),
      eventStatement(db, commandContext(c, actor), "campaign_items.update", { properties: { item_id: item.id, changed: Object.keys(input) } }),
    ]);
    const [updated] = await db.select().from(campaignItems).where(eq(campaignItems.id, item.id));
    return c.json({ data: presentCampaignItem(updated!) });
  })

  .post("/campaign_items/:id/approve", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const { actor, item } = await loadItem(c, c.req.valid("param").id);
    await runBatch(db, [
      db.update(campaignItems).set({ status: "approved", approvedById: actor.userId, updatedAt: new Date() }).where(eq(campaignItems.id, item.id)),
      db.insert(campaignEvents).values({ workspaceId: actor.workspaceId, campaignId: item.campaignId, userId: actor.userId, name: "item.approved", properties: { item_id: item.id } }),
    ]);
    const [updated] = await db.select().from(campaignItems).where(eq(campaignItems.id, item.id));
    return c.json({ data: presentCampaignItem(updated!) });
  })

  .post("/campaign_items/:id/regenerate", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const { actor, campaign, item } = await loadItem(c, c.req.valid("param").id);
    const items = await itemsOf(c, campaign.id);
    const plan = storedPlan(campaign, items);
    let written;
    try {
      written = (await writeCampaign(await writerFor(c, campaign), campaign, plan, new Set([item.position]))).find((w) => w.position === item.position);
    } catch (error) {
      throw new WriterFailed(error instanceof Error ? error.message : "unknown error");
    }
    if (!written) throw new WriterFailed("no text came back for this piece");
    await runBatch(db, [
      db
        .update(campaignItems)
        .set({ title: written.title, description: written.description, body: written.body, hashtags: written.hashtags, imageBrief: written.imageBrief, notes: written.notes, status: "draft", approvedById: null, updatedAt: new Date() })
        .where(eq(campaignItems.id, item.id)),
      db.insert(campaignEvents).values({ workspaceId: actor.workspaceId, campaignId: campaign.id, userId: actor.userId, name: "item.regenerated", properties: { item_id: item.id } }),
    ]);
    const [updated] = await db.select().from(campaignItems).where(eq(campaignItems.id, item.id));
    return c.json({ data: presentCampaignItem(updated!) });
  })

  .post("/campaigns/event", requireSession, validate("json", campaignEventSchema), async (c) => {
    const input = c.req.valid("json");
    const { actor, campaign } = await loadCampaign(c, input.campaign_id);
    const [event] = await c
      .get("db")
      .insert(campaignEvents)
      .values({ workspaceId: campaign.workspaceId, campaignId: campaign.id, userId: actor.userId, name: input.name, properties: input.properties })
      .returning();
    return c.json({ data: { id: event!.id, name: event!.name, campaign_id: campaign.id } }, 201);
  });
