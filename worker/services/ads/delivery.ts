import { and, asc, eq, gte, isNull, lt, or, sql, type AnyColumn } from "drizzle-orm";
import { formatMoney } from "../../../core/ads/money";
import { adAccounts, adCampaigns, adInsightDays, type AdCampaign } from "../../db/schema";
import { Conflict } from "../../lib/errors";
import { providerContext } from "./accounts";
import { AdLaunchRefused, type AdsDeps } from "./launcher";
import { adsProviderFor } from "./providers";
import { AdsNetworkError } from "./providers/types";
import { capRefusal, capState } from "./spend-cap";

/**
 * Delivery after launch: insights synced for running campaigns (spend, results, impressions,
 * clicks per day), completion after the end date, the monthly cap enforced by pausing, and
 * pause/resume. Each sync re-reads its campaign and does nothing unless it is still active, so a
 * duplicate queue message or a sync racing a pause changes nothing.
 */

/** How often a running campaign is synced by the cron. */
export const AD_SYNC_INTERVAL_MS = 15 * 60 * 1000;
/** Campaigns synced per tick at most. */
const SYNC_BATCH = 50;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Per ms, what a budget spends at most: used to see whether the next interval would pass the cap. */
function spendRate(campaign: AdCampaign): number {
  const saved = campaign.draft.budget;
  if (!saved) return 0;
  if (saved.budget.type === "daily") return saved.budget.amount_minor / 86_400_000;
  const total = Date.parse(saved.schedule.end!) - Date.parse(saved.schedule.start);
  return saved.budget.amount_minor / Math.max(total, 1);
}

export interface SyncOutcome {
  status: AdCampaign["status"];
  spentMinor: number;
}

/** Brings one campaign's figures up to `deps.now`; completes it after its end; pauses it at the cap. */
export async function syncAdCampaign(deps: AdsDeps, id: number): Promise<SyncOutcome | null> {
  const { db, env, now } = deps;
  const [row] = await db.select().from(adCampaigns).innerJoin(adAccounts, eq(adAccounts.id, adCampaigns.adAccountId)).where(eq(adCampaigns.id, id));
  if (!row || row.ad_campaigns.status !== "active" || !row.ad_campaigns.draft.budget || !row.ad_campaigns.objective) return null;
  const campaign = row.ad_campaigns;
  const account = row.ad_accounts;
  const { budget, schedule } = campaign.draft.budget!;
  const provider = adsProviderFor(account.network);
  const ctx = await providerContext(env, account, deps.fetch);
  const from = campaign.lastSyncedAt ?? campaign.launchedAt ?? now;
  const cap = await capState(db, campaign.workspaceId, now);
  const capApplies = cap.capMinor != null && cap.currency === account.currency;
  const known = (await db.select().from(adInsightDays).where(and(eq(adInsightDays.adCampaignId, id), gte(adInsightDays.day, dayOf(Math.min(from, now)))))).map((day) => ({
    day: day.day,
    spendMinor: day.spendMinor,
    results: day.results,
    impressions: day.impressions,
    clicks: day.clicks,
  }));
  let days;
  try {
    days = await provider.insights(ctx, {
      networkCampaignId: campaign.networkCampaignId ?? "",
      campaignId: campaign.id,
      objective: campaign.objective!,
      budget,
      schedule,
      from,
      to: now,
      known,
      maxSpendMinor: capApplies ? cap.remainingMinor : null,
    });
  } catch (error) {
    if (!(error instanceof AdsNetworkError)) throw error;
    // The figures wait for the next sync; the error is shown meanwhile.
    await db.update(adCampaigns).set({ error: error.message, errorStep: error.step, errorClass: error.errorClass }).where(eq(adCampaigns.id, id));
    return { status: campaign.status, spentMinor: campaign.spendMinor };
  }

  const ended = schedule.end != null && Date.parse(schedule.end) <= now;
  const writes = days.map((day) =>
    db
      .insert(adInsightDays)
      .values({ adCampaignId: id, workspaceId: campaign.workspaceId, day: day.day, currency: account.currency, spendMinor: day.spendMinor, results: day.results, impressions: day.impressions, clicks: day.clicks })
      .onConflictDoUpdate({ target: [adInsightDays.adCampaignId, adInsightDays.day], set: { spendMinor: day.spendMinor, results: day.results, impressions: day.impressions, clicks: day.clicks } }),
  );
  const totals = (column: AnyColumn) => sql<number>`(select coalesce(sum(${column}), 0) from ${adInsightDays} where ${adInsightDays.adCampaignId} = ${id})`;
  const [first, ...rest] = [
    ...writes,
    db
      .update(adCampaigns)
      .set({
        spendMinor: totals(adInsightDays.spendMinor),
        results: totals(adInsightDays.results),
        impressions: totals(adInsightDays.impressions),
        clicks: totals(adInsightDays.clicks),
        lastSyncedAt: now,
        error: null,
        errorStep: null,
        errorClass: null,
        ...(ended ? { status: "completed" as const } : {}),
      })
      .where(and(eq(adCampaigns.id, id), eq(adCampaigns.status, "active"))),
  ];
  await db.batch([first!, ...rest]);

  if (!ended && capApplies) {
    const after = await capState(db, campaign.workspaceId, now);
    // Paused before the next sync could carry it past the cap.
    if (after.remainingMinor! <= Math.ceil(spendRate(campaign) * AD_SYNC_INTERVAL_MS)) {
      await pauseForCap(deps, campaign.workspaceId, formatMoney(after.capMinor!, after.currency));
      return { status: "paused", spentMinor: after.spentMinor };
    }
  }
  const [updated] = await db.select({ status: adCampaigns.status, spendMinor: adCampaigns.spendMinor }).from(adCampaigns).where(eq(adCampaigns.id, id));
  return { status: updated!.status, spentMinor: updated!.spendMinor };
}

/** The cap is reached: every running campaign of the workspace stops, with the reason on it. */
async function pauseForCap(deps: AdsDeps, workspaceId: number, capWords: string) {
  const running = await deps.db
    .select()
    .from(adCampaigns)
    .innerJoin(adAccounts, eq(adAccounts.id, adCampaigns.adAccountId))
    .where(and(eq(adCampaigns.workspaceId, workspaceId), eq(adCampaigns.status, "active")));
  for (const row of running) {
    const message = `Paused: the workspace's monthly ad spend cap of ${capWords} is reached. Raise the cap or wait for next month to resume.`;
    await pauseOnNetwork(deps, row.ad_campaigns, row.ad_accounts).catch(() => undefined);
    await deps.db.update(adCampaigns).set({ status: "paused", error: message, errorStep: "budget", errorClass: "bad_input", updatedAt: new Date(deps.now) }).where(eq(adCampaigns.id, row.ad_campaigns.id));
  }
}

async function pauseOnNetwork(deps: AdsDeps, campaign: AdCampaign, account: typeof adAccounts.$inferSelect) {
  if (!campaign.networkCampaignId) return;
  await adsProviderFor(account.network).setStatus(await providerContext(deps.env, account, deps.fetch), campaign.networkCampaignId, "PAUSED");
}

/** Pauses a running campaign: its figures are brought up to now first, so the paused time never counts. */
export async function pauseAdCampaign(deps: AdsDeps, campaign: AdCampaign): Promise<void> {
  if (campaign.status !== "active") throw new Conflict(`Only a running campaign can be paused; this one is ${campaign.status}.`);
  await syncAdCampaign(deps, campaign.id);
  const [account] = await deps.db.select().from(adAccounts).where(eq(adAccounts.id, campaign.adAccountId));
  try {
    await pauseOnNetwork(deps, campaign, account!);
  } catch (error) {
    if (error instanceof AdsNetworkError) throw new AdLaunchRefused(error.message, error.step);
    throw error;
  }
  await deps.db.update(adCampaigns).set({ status: "paused", updatedAt: new Date(deps.now) }).where(and(eq(adCampaigns.id, campaign.id), eq(adCampaigns.status, "active")));
}

/** Resumes a paused campaign, unless its end has passed or the cap has no room for it. */
export async function resumeAdCampaign(deps: AdsDeps, campaign: AdCampaign): Promise<void> {
  if (campaign.status !== "paused") throw new Conflict(`Only a paused campaign can be resumed; this one is ${campaign.status}.`);
  const saved = campaign.draft.budget!;
  if (saved.schedule.end && Date.parse(saved.schedule.end) <= deps.now) throw new AdLaunchRefused("This campaign's schedule has ended; make a new campaign to run it again.", "budget");
  const [account] = await deps.db.select().from(adAccounts).where(eq(adAccounts.id, campaign.adAccountId));
  const refusal = await capRefusal(deps.db, { id: campaign.id, workspaceId: campaign.workspaceId, currency: account!.currency, budget: saved.budget, schedule: saved.schedule }, deps.now);
  if (refusal) throw new AdLaunchRefused(refusal, "budget");
  if (campaign.networkCampaignId) {
    try {
      await adsProviderFor(account!.network).setStatus(await providerContext(deps.env, account!, deps.fetch), campaign.networkCampaignId, "ACTIVE");
    } catch (error) {
      if (error instanceof AdsNetworkError) throw new AdLaunchRefused(error.message, error.step);
      throw error;
    }
  }
  // Delivery counts from now: the paused time bought nothing.
  await deps.db
    .update(adCampaigns)
    .set({ status: "active", lastSyncedAt: deps.now, error: null, errorStep: null, errorClass: null, updatedAt: new Date(deps.now) })
    .where(and(eq(adCampaigns.id, campaign.id), eq(adCampaigns.status, "paused")));
}

/** The queue message that syncs one campaign that calls a network. */
export interface AdSyncMessage {
  kind: "ad_sync";
  adCampaignId: number;
}

/**
 * The cron's pass: running campaigns not synced for an interval (the Sandbox's: every tick), oldest first, at most a batch.
 * The Sandbox's are synced here (no network); a real network's go through the queue, one
 * message per campaign, like publishing.
 */
export async function syncDueAdCampaigns(deps: AdsDeps, enqueue: (messages: AdSyncMessage[]) => Promise<void>, workspaceId?: number) {
  const due = await deps.db
    .select({ id: adCampaigns.id, network: adAccounts.network })
    .from(adCampaigns)
    .innerJoin(adAccounts, eq(adAccounts.id, adCampaigns.adAccountId))
    .where(
      and(
        eq(adCampaigns.status, "active"),
        workspaceId == null ? undefined : eq(adCampaigns.workspaceId, workspaceId),
        // A network is asked every interval; the Sandbox (no network, a few rows) every tick, so its spend moves each minute.
        workspaceId == null ? or(isNull(adCampaigns.lastSyncedAt), lt(adCampaigns.lastSyncedAt, deps.now - AD_SYNC_INTERVAL_MS), eq(adAccounts.network, "sandbox")) : undefined,
      ),
    )
    .orderBy(asc(adCampaigns.lastSyncedAt))
    .limit(SYNC_BATCH);
  const queued: AdSyncMessage[] = [];
  let synced = 0;
  for (const campaign of due) {
    if (adsProviderFor(campaign.network).sandbox) {
      await syncAdCampaign(deps, campaign.id);
      synced++;
    } else queued.push({ kind: "ad_sync", adCampaignId: campaign.id });
  }
  if (queued.length) await enqueue(queued);
  return { synced, queued: queued.length };
}
