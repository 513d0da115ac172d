import { and, desc, eq, inArray } from "drizzle-orm";
import type { Context } from "hono";
import * as z from "zod";
import { idParam, positiveId, workspaceParam } from "../../core/contracts/common";
import {
  adAccountOut,
  adCampaignOut,
  adDraftCreate,
  adSettingsIn,
  adSettingsOut,
  audiencesOut,
  campaignListQuery,
  type creativeSourcesOut,
  savedAudienceIn,
  savedAudienceOut,
  stepInputs,
  stepParam,
  type WizardStep,
} from "../../core/contracts/ads";
import { invalidFromZod, validate } from "../lib/validate";
import { adAccounts, adCampaigns, adSettings, campaignItems, campaigns, savedAudiences, uploads, type AdCampaign } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { Conflict, NotFound } from "../lib/errors";
import { requireWorkspace } from "../middleware/workspace";
import { publicRoute } from "../openapi/public-route";
import { authorize, can, type Actor } from "../policies";
import { presentAdAccount, presentAdCampaign, presentAdSettings, presentSavedAudience } from "../presenters/ads";
import { workspaceAdAccounts, workspaceAdAccount } from "../services/ads/accounts";
import { pauseAdCampaign, resumeAdCampaign, syncDueAdCampaigns } from "../services/ads/delivery";
import { createAdDraft, hubspotAudience, isEditable, readableContentCampaign, saveAdStep, wizardContext, workspaceAdCampaign } from "../services/ads/drafts";
import { launchAdCampaign, type AdsDeps } from "../services/ads/launcher";
import { capState } from "../services/ads/spend-cap";
import { enqueue } from "../services/publishing/queue";

const deps = (c: Context<AppEnv>): AdsDeps => ({ db: c.get("db"), env: c.env, fetch, now: Date.now() });

/** The answer for one campaign, with its account, content campaign and step states. */
async function present(c: Context<AppEnv>, actor: Actor, campaign: AdCampaign) {
  const db = c.get("db");
  const account = await workspaceAdAccount(db, actor.workspaceId, campaign.adAccountId);
  const content = campaign.contentCampaignId ? await readableContentCampaign(db, actor, campaign.contentCampaignId).catch(() => null) : null;
  return presentAdCampaign(campaign, account, content && { id: content.id, name: content.name }, await wizardContext(db, account, Date.now()), actor);
}

/** An ad campaign of the path's workspace for whoever may `action` there; a guest is refused, a stranger never gets this far (404). */
async function loadAdCampaign(c: Context<AppEnv>, action: "ads.read" | "ads.manage") {
  const actor = c.get("actor");
  authorize(actor, action);
  const { id } = c.req.param() as { id: string };
  return { actor, campaign: await workspaceAdCampaign(c.get("db"), actor.workspaceId, positiveId.parse(id)) };
}

const campaignAnswer = z.object({ data: adCampaignOut });
const adParams = workspaceParam.extend(idParam.shape);

/**
 * Paid ads: ad accounts, the monthly cap, the wizard's drafts saved step by step, launching on
 * the network (the Sandbox ads account without keys), pausing, resuming and syncing delivery,
 * and saved audiences. Routes are listed in core/contracts/ads.ts.
 */
export const adsApi = createApp()
  .get(
    "/w/:ws/ads/accounts",
    publicRoute({
      scope: "read",
      tag: "Paid ads",
      summary: "List ad accounts",
      description: "The workspace's ad accounts: the Sandbox ads account (simulated delivery, nothing bought) always, and the deployment's Meta ad account when configured.",
      response: z.object({ data: z.array(adAccountOut) }),
      example: { params: { ws: "$workspace" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    async (c) => {
      const actor = c.get("actor");
      authorize(actor, "ads.read");
      const accounts = await workspaceAdAccounts(c.get("db"), c.env, actor.workspaceId);
      return c.json({ data: accounts.map(presentAdAccount) });
    },
  )
  .get(
    "/w/:ws/ads/settings",
    publicRoute({
      scope: "read",
      tag: "Paid ads",
      summary: "Read the monthly ad spend cap",
      description: "The monthly cap, what was spent this calendar month (UTC) and what is left, in minor units.",
      response: z.object({ data: adSettingsOut }),
      example: { params: { ws: "$workspace" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    async (c) => {
      const actor = c.get("actor");
      authorize(actor, "ads.read");
      return c.json({ data: presentAdSettings(await capState(c.get("db"), actor.workspaceId, Date.now())) });
    },
  )
  .put(
    "/w/:ws/ads/settings",
    publicRoute({
      scope: "publish",
      tag: "Paid ads",
      summary: "Set the monthly ad spend cap",
      description: "`monthly_cap_minor` in minor units of `currency` (null: no cap). Launches and resumes beyond it are refused; the sync pauses campaigns that would pass it.",
      response: z.object({ data: adSettingsOut }),
      example: { params: { ws: "$workspace" }, body: { monthly_cap_minor: 50000, currency: "USD" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("json", adSettingsIn),
    async (c) => {
      const actor = c.get("actor");
      authorize(actor, "ads.manage");
      const input = c.req.valid("json");
      const db = c.get("db");
      await db
        .insert(adSettings)
        .values({ workspaceId: actor.workspaceId, monthlyCapMinor: input.monthly_cap_minor, currency: input.currency })
        .onConflictDoUpdate({ target: adSettings.workspaceId, set: { monthlyCapMinor: input.monthly_cap_minor, currency: input.currency, updatedAt: new Date() } });
      // The Sandbox spends in the cap's currency, as long as it has launched nothing yet.
      const [sandbox] = await db.select().from(adAccounts).where(and(eq(adAccounts.workspaceId, actor.workspaceId), eq(adAccounts.network, "sandbox")));
      if (sandbox && sandbox.currency !== input.currency) {
        const [used] = await db.select({ id: adCampaigns.id }).from(adCampaigns).where(and(eq(adCampaigns.adAccountId, sandbox.id), inArray(adCampaigns.status, ["pending", "active", "paused", "completed"]))).limit(1);
        if (!used) await db.update(adAccounts).set({ currency: input.currency }).where(eq(adAccounts.id, sandbox.id));
      }
      return c.json({ data: presentAdSettings(await capState(db, actor.workspaceId, Date.now())) });
    },
  )
  .get(
    "/w/:ws/ads/campaigns",
    publicRoute({
      scope: "read",
      tag: "Paid ads",
      summary: "List ad campaigns",
      description: "Newest first, with status, objective, budget, spend, results and cost per result (money in minor units).",
      response: z.object({ data: z.array(adCampaignOut) }),
      example: { params: { ws: "$workspace" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", campaignListQuery),
    async (c) => {
      const actor = c.get("actor");
      authorize(actor, "ads.read");
      const db = c.get("db");
      const { status } = c.req.valid("query");
      const rows = await db
        .select()
        .from(adCampaigns)
        .where(and(eq(adCampaigns.workspaceId, actor.workspaceId), status ? eq(adCampaigns.status, status) : undefined))
        .orderBy(desc(adCampaigns.createdAt), desc(adCampaigns.id))
        .limit(200);
      const accounts = new Map((await db.select().from(adAccounts).where(eq(adAccounts.workspaceId, actor.workspaceId))).map((account) => [account.id, account]));
      const contentIds = [...new Set(rows.flatMap((row) => (row.contentCampaignId ? [row.contentCampaignId] : [])))];
      const contents = new Map(
        contentIds.length && can(actor, "generations.read")
          ? (await db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(and(inArray(campaigns.id, contentIds), eq(campaigns.workspaceId, actor.workspaceId)))).map((row) => [row.id, row])
          : [],
      );
      const hubspot = (await hubspotAudience(db, actor.workspaceId)).connected;
      const now = Date.now();
      return c.json({
        data: rows.map((row) => {
          const account = accounts.get(row.adAccountId)!;
          return presentAdCampaign(row, account, row.contentCampaignId ? (contents.get(row.contentCampaignId) ?? null) : null, { network: account.network, currency: account.currency, now, hubspotConnected: hubspot }, actor);
        }),
      });
    },
  )
  .post(
    "/w/:ws/ads/campaigns",
    publicRoute({
      scope: "publish",
      tag: "Paid ads",
      summary: "Start an ad campaign draft",
      description: "A wizard draft, blank or from a content campaign (its name, and its approved pieces as creatives), on the Sandbox ads account unless `ad_account_id` names another.",
      response: campaignAnswer,
      status: 201,
      errors: [404],
      example: { params: { ws: "$workspace" }, body: { name: "Spring roast ads" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("json", adDraftCreate),
    async (c) => {
      const actor = c.get("actor");
      authorize(actor, "ads.manage");
      const campaign = await createAdDraft(c.get("db"), actor, c.req.valid("json"));
      return c.json({ data: await present(c, actor, campaign) }, 201);
    },
  )
  .get("/w/:ws/ads/campaigns/:id", requireWorkspace, validate("param", adParams), async (c) => {
    const { actor, campaign } = await loadAdCampaign(c, "ads.read");
    return c.json({ data: await present(c, actor, campaign) });
  })
  .patch("/w/:ws/ads/campaigns/:id/steps/:step", requireWorkspace, validate("param", stepParam), async (c) => {
    const { actor, campaign } = await loadAdCampaign(c, "ads.manage");
    const step = c.req.valid("param").step as WizardStep;
    const body: unknown = await c.req.json().catch(() => ({}));
    // Each step has its own body: validated here, after the step is known, with the API's 400 shape.
    const parsed = stepInputs[step].safeParse(body ?? {});
    if (!parsed.success) throw invalidFromZod(parsed.error);
    const saved = await saveAdStep(c.get("db"), actor, campaign, step, parsed.data as never, Date.now());
    return c.json({ data: await present(c, actor, saved) });
  })
  .delete("/w/:ws/ads/campaigns/:id", requireWorkspace, validate("param", adParams), async (c) => {
    const { campaign } = await loadAdCampaign(c, "ads.manage");
    if (!isEditable(campaign)) throw new Conflict(`A ${campaign.status} campaign is kept for its figures; pause it instead.`);
    await c.get("db").delete(adCampaigns).where(eq(adCampaigns.id, campaign.id));
    return c.body(null, 204);
  })
  .get("/w/:ws/ads/campaigns/:id/creative-sources", requireWorkspace, validate("param", adParams), async (c) => {
    const { actor, campaign } = await loadAdCampaign(c, "ads.read");
    const db = c.get("db");
    const content = campaign.contentCampaignId ? await readableContentCampaign(db, actor, campaign.contentCampaignId).catch(() => null) : null;
    const pieces = content ? await db.select().from(campaignItems).where(eq(campaignItems.campaignId, content.id)).orderBy(campaignItems.position) : [];
    // Loose workspace images are for members (uploads.list); attached ones are read through their document elsewhere.
    const images = can(actor, "uploads.list")
      ? await db
          .select()
          .from(uploads)
          .where(and(eq(uploads.workspaceId, actor.workspaceId), eq(uploads.status, "stored")))
          .orderBy(desc(uploads.createdAt))
          .limit(200)
      : [];
    return c.json({
      data: {
        pieces: pieces
          .filter((piece) => piece.channel)
          .sort((a, b) => Number(b.status === "approved") - Number(a.status === "approved"))
          .map((piece) => ({ id: piece.id, channel: piece.channel, title: piece.title, body: piece.body, approved: piece.status === "approved" })),
        uploads: images
          .filter((upload) => upload.contentType.startsWith("image/") && upload.articleId == null && upload.folderId == null)
          .slice(0, 50)
          .map((upload) => ({ id: upload.id, filename: upload.filename, content_type: upload.contentType, url: `/v1/files/${upload.id}/content` })),
      } satisfies z.infer<typeof creativeSourcesOut>,
    });
  })
  .post("/w/:ws/ads/campaigns/:id/launch", requireWorkspace, validate("param", adParams), async (c) => {
    const { actor, campaign } = await loadAdCampaign(c, "ads.manage");
    const launched = await launchAdCampaign(deps(c), actor, campaign);
    return c.json({ data: await present(c, actor, launched) });
  })
  .post("/w/:ws/ads/campaigns/:id/pause", requireWorkspace, validate("param", adParams), async (c) => {
    const { actor, campaign } = await loadAdCampaign(c, "ads.manage");
    await pauseAdCampaign(deps(c), campaign);
    return c.json({ data: await present(c, actor, await workspaceAdCampaign(c.get("db"), actor.workspaceId, campaign.id)) });
  })
  .post("/w/:ws/ads/campaigns/:id/resume", requireWorkspace, validate("param", adParams), async (c) => {
    const { actor, campaign } = await loadAdCampaign(c, "ads.manage");
    await resumeAdCampaign(deps(c), campaign);
    return c.json({ data: await present(c, actor, await workspaceAdCampaign(c.get("db"), actor.workspaceId, campaign.id)) });
  })
  .post(
    "/w/:ws/ads/sync",
    publicRoute({
      scope: "publish",
      tag: "Paid ads",
      summary: "Sync ad campaigns now",
      description: "Brings every running campaign's spend, results, impressions and clicks up to now (the cron does this every 15 minutes).",
      response: z.object({ data: z.object({ synced: z.number().int(), queued: z.number().int() }) }),
      example: { params: { ws: "$workspace" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    async (c) => {
      const actor = c.get("actor");
      authorize(actor, "ads.manage");
      const outcome = await syncDueAdCampaigns(deps(c), (messages) => enqueue(c.env, messages), actor.workspaceId);
      return c.json({ data: outcome });
    },
  )
  .get(
    "/w/:ws/ads/audiences",
    publicRoute({
      scope: "read",
      tag: "Paid ads",
      summary: "List audiences",
      description: "Saved audiences, and whether HubSpot contacts can be used as a custom audience (with how many there are).",
      response: z.object({ data: audiencesOut }),
      example: { params: { ws: "$workspace" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    async (c) => {
      const actor = c.get("actor");
      authorize(actor, "ads.read");
      const db = c.get("db");
      const saved = await db.select().from(savedAudiences).where(eq(savedAudiences.workspaceId, actor.workspaceId)).orderBy(savedAudiences.name);
      return c.json({ data: { saved: saved.map(presentSavedAudience), hubspot: await hubspotAudience(db, actor.workspaceId) } });
    },
  )
  .post(
    "/w/:ws/ads/audiences",
    publicRoute({
      scope: "publish",
      tag: "Paid ads",
      summary: "Save an audience",
      description: "A named targeting (locations, ages, genders, interests) the wizard's audience step can start from.",
      response: z.object({ data: savedAudienceOut }),
      status: 201,
      example: { params: { ws: "$workspace" }, body: { name: "Coffee lovers in France", targeting: { locations: [{ type: "country", key: "FR", name: "France" }], age_min: 25, age_max: 54 } } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("json", savedAudienceIn),
    async (c) => {
      const actor = c.get("actor");
      authorize(actor, "ads.manage");
      const input = c.req.valid("json");
      const [row] = await c.get("db").insert(savedAudiences).values({ workspaceId: actor.workspaceId, name: input.name, targeting: input.targeting, createdById: actor.userId }).returning();
      return c.json({ data: presentSavedAudience(row!) }, 201);
    },
  )
  .delete("/w/:ws/ads/audiences/:id", requireWorkspace, validate("param", adParams), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "ads.manage");
    const { id } = c.req.valid("param");
    const gone = await c.get("db").delete(savedAudiences).where(and(eq(savedAudiences.id, id), eq(savedAudiences.workspaceId, actor.workspaceId))).returning({ id: savedAudiences.id });
    if (!gone.length) throw new NotFound("Saved audience not found");
    return c.body(null, 204);
  });
