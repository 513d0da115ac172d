import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import * as z from "zod";
import { idParam, workspaceParam } from "../../core/contracts/common";
import { campaignCreateSchema, campaignEventSchema, campaignItemOut, campaignItemUpdateSchema, campaignOut } from "../../core/contracts/content";
import { listMetaOut, listQuery } from "../../core/contracts/pagination";
import { planCampaign, type PlannedItem } from "../../core/content/campaigns";
import { eventStatement } from "../commands/events";
import { runBatch } from "../db/batching";
import { campaignEvents, campaignItems, campaigns, workspaces, type Campaign } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { HttpError, Invalid, NotFound } from "../lib/errors";
import { listPage } from "../lib/list-page";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { publicRoute } from "../openapi/public-route";
import { authorize, type Action } from "../policies";
import { presentCampaign, presentCampaignItem } from "../presenters/campaigns";
import { chooseProvider } from "../services/ai";
import { authorizeWithinPlanOf } from "../services/billing/entitlements";
import { writeCampaign } from "../services/campaign-writer";
import { briefBrandKit, finishedGenerationRecord, voiceFor } from "../services/generation";
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

/** A campaign by id, for whoever may `action` in its workspace; 404 for anyone else. */
async function loadCampaign(c: Context<AppEnv>, id: number, action: Action) {
  const db = c.get("db");
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!campaign) throw new NotFound("Campaign not found");
  return { actor: await actorForRow(c, campaign.workspaceId, action, "Campaign not found"), campaign };
}

/** A piece, for changing it (changing a piece is generating). */
async function loadItem(c: Context<AppEnv>, id: number) {
  const db = c.get("db");
  const [item] = await db.select().from(campaignItems).where(eq(campaignItems.id, id));
  if (!item) throw new NotFound("Campaign item not found");
  const { actor, campaign } = await loadCampaign(c, item.campaignId, "content.generate").catch(() => {
    throw new NotFound("Campaign item not found");
  });
  return { actor, campaign, item };
}

/** The list's order: last changed first, then newest (the id ends the keyset). */
const CAMPAIGN_ORDER = [
  { column: campaigns.updatedAt, direction: "desc" as const },
  { column: campaigns.id, direction: "desc" as const },
];

const campaignExample = {
  name: "Spring menu",
  brief: "Announce the spring menu: three new seasonal drinks, for regulars and newcomers.",
  starts_on: "2027-03-01",
  ends_on: "2027-03-14",
  channels: ["twitter", "linkedin"],
  strategy: "CrosspostStrategy",
};

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
  .post(
    "/w/:ws/campaigns",
    publicRoute({
      scope: "write",
      tag: "Campaigns",
      summary: "Create a campaign",
      description:
        "Plans the campaign (pieces per channel across the dates, by strategy) and writes every piece in the workspace's voice, held to each channel's limits; without an AI provider configured, the offline writer writes them. `source` with `repurposing` cuts it from a document, web page or transcript.",
      response: z.object({ data: campaignOut }),
      errors: [402, 404],
      status: 201,
      example: { params: { ws: "$workspace" }, body: campaignExample },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("json", campaignCreateSchema),
    async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "content.generate");
    // The AI writes here too: a workspace out of generations this month waits or upgrades.
    await authorizeWithinPlanOf(db, c.env, actor, "generations", 1);
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
      finishedGenerationRecord(db, {
        workspaceId: actor.workspaceId,
        userId: actor.userId,
        kind: "campaign",
        provider: writer.provider,
        brandKitId: kit?.id ?? null,
        brief: { name: input.name, brief: input.brief, strategy: input.strategy, channels: input.channels },
        characters: written.reduce((sum, piece) => sum + piece.body.length, 0),
        result: { type: "campaign", id: newCampaignId },
      }),
      eventStatement(db, commandContext(c, actor), "campaigns.create", { properties: sql`json_object('campaign_id', ${newCampaignId}, 'strategy', ${input.strategy})` }),
    ]);
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.workspaceId, actor.workspaceId)).orderBy(desc(campaigns.id)).limit(1);
    return c.json({ data: presentCampaign(campaign!, await itemsOf(c, campaign!.id)) }, 201);
    },
  )

  .get(
    "/w/:ws/campaigns",
    publicRoute({
      scope: "read",
      tag: "Campaigns",
      summary: "List campaigns",
      description: "The workspace's campaigns, last changed first, without their pieces.",
      response: z.object({ data: z.array(campaignOut), meta: listMetaOut }),
      example: { params: { ws: "$workspace" }, query: { limit: "20" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", listQuery),
    async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "generations.read");
    const inWorkspace = eq(campaigns.workspaceId, actor.workspaceId);
    const { rows, meta } = await listPage<Campaign>(
      {
        tag: "campaigns:updated_desc",
        order: CAMPAIGN_ORDER,
        keyOf: (row) => [row.updatedAt.getTime(), row.id],
        rows: ({ where, orderBy, limit, offset }) => db.select().from(campaigns).where(and(inWorkspace, where)).orderBy(...orderBy).limit(limit).offset(offset),
        total: async () => (await db.select({ n: count() }).from(campaigns).where(inWorkspace))[0]!.n,
      },
      c.req.valid("query"),
    );
    return c.json({ data: rows.map((campaign) => presentCampaign(campaign)), meta });
    },
  )

  .get(
    "/campaigns/:id",
    publicRoute({
      scope: "read",
      tag: "Campaigns",
      summary: "Get a campaign",
      description: "A campaign with all its pieces, in plan order.",
      response: z.object({ data: campaignOut }),
      errors: [404],
      example: { params: { id: "$campaign" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const { campaign } = await loadCampaign(c, c.req.valid("param").id, "generations.read");
    return c.json({ data: presentCampaign(campaign, await itemsOf(c, campaign.id)) });
    },
  )

  .patch(
    "/campaign_items/:id",
    publicRoute({
      scope: "write",
      tag: "Campaigns",
      summary: "Edit a campaign piece",
      description: "Changes only the fields sent; an edited piece goes back to draft, to be approved again.",
      response: z.object({ data: campaignItemOut }),
      errors: [404],
      example: { params: { id: "$campaign_item" }, body: { body: "Three new spring drinks are on the menu from today." } },
    }),
    requireSession,
    validate("param", idParam),
    validate("json", campaignItemUpdateSchema),
    async (c) => {
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
    },
  )

  .post(
    "/campaign_items/:id/approve",
    publicRoute({
      scope: "write",
      tag: "Campaigns",
      summary: "Approve a campaign piece",
      description: "Marks the piece approved by the caller and records it on the campaign's timeline.",
      response: z.object({ data: campaignItemOut }),
      errors: [404],
      example: { params: { id: "$campaign_item" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const db = c.get("db");
    const { actor, item } = await loadItem(c, c.req.valid("param").id);
    await runBatch(db, [
      db.update(campaignItems).set({ status: "approved", approvedById: actor.userId, updatedAt: new Date() }).where(eq(campaignItems.id, item.id)),
      db.insert(campaignEvents).values({ workspaceId: actor.workspaceId, campaignId: item.campaignId, userId: actor.userId, name: "item.approved", properties: { item_id: item.id } }),
    ]);
    const [updated] = await db.select().from(campaignItems).where(eq(campaignItems.id, item.id));
    return c.json({ data: presentCampaignItem(updated!) });
    },
  )

  .post(
    "/campaign_items/:id/regenerate",
    publicRoute({
      scope: "write",
      tag: "Campaigns",
      summary: "Rewrite a campaign piece",
      description: "Writes this one piece again from the campaign's brief and plan (the others stay as they are); it goes back to draft.",
      response: z.object({ data: campaignItemOut }),
      errors: [402, 404],
      example: { params: { id: "$campaign_item" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const db = c.get("db");
    const { actor, campaign, item } = await loadItem(c, c.req.valid("param").id);
    await authorizeWithinPlanOf(db, c.env, actor, "generations", 1);
    const items = await itemsOf(c, campaign.id);
    const plan = storedPlan(campaign, items);
    let written;
    let writer: Awaited<ReturnType<typeof writerFor>>;
    try {
      writer = await writerFor(c, campaign);
      written = (await writeCampaign(writer, campaign, plan, new Set([item.position]))).find((w) => w.position === item.position);
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
      finishedGenerationRecord(db, {
        workspaceId: actor.workspaceId,
        userId: actor.userId,
        kind: "campaign",
        provider: writer.provider,
        brandKitId: campaign.brandKitId,
        brief: { name: campaign.name, brief: campaign.brief, item_id: item.id },
        characters: written.body.length,
        result: { type: "campaign_item", id: item.id },
      }),
    ]);
    const [updated] = await db.select().from(campaignItems).where(eq(campaignItems.id, item.id));
    return c.json({ data: presentCampaignItem(updated!) });
    },
  )

  .post("/campaigns/event", requireSession, validate("json", campaignEventSchema), async (c) => {
    const input = c.req.valid("json");
    const { actor, campaign } = await loadCampaign(c, input.campaign_id, "content.generate");
    const [event] = await c
      .get("db")
      .insert(campaignEvents)
      .values({ workspaceId: campaign.workspaceId, campaignId: campaign.id, userId: actor.userId, name: input.name, properties: input.properties })
      .returning();
    return c.json({ data: { id: event!.id, name: event!.name, campaign_id: campaign.id } }, 201);
  });
