import { and, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { maxSpendBetween, monthOf } from "../../../core/ads/budgets";
import { formatMoney } from "../../../core/ads/money";
import type { Budget, Schedule } from "../../../core/contracts/ads";
import type { Database } from "../../db/client";
import { adAccounts, adCampaigns, adInsightDays, adSettings } from "../../db/schema";

/**
 * The workspace's monthly ad spend cap: what was spent this calendar month (UTC) in the cap's
 * currency, and what is left. Launching and resuming are refused when the campaign could spend
 * more than is left this month; the sync pauses campaigns once the cap would be passed.
 */
export interface CapState {
  capMinor: number | null;
  currency: string;
  spentMinor: number;
  /** null without a cap. */
  remainingMinor: number | null;
}

const monthStartDay = (now: number) => new Date(monthOf(now)[0]).toISOString().slice(0, 10);

export async function capState(db: Database, workspaceId: number, now: number): Promise<CapState> {
  const [settings] = await db.select().from(adSettings).where(eq(adSettings.workspaceId, workspaceId));
  const currency = settings?.currency ?? "USD";
  const [spent] = await db
    .select({ total: sql<number>`coalesce(sum(${adInsightDays.spendMinor}), 0)` })
    .from(adInsightDays)
    .where(and(eq(adInsightDays.workspaceId, workspaceId), eq(adInsightDays.currency, currency), gte(adInsightDays.day, monthStartDay(now))));
  const capMinor = settings?.monthlyCapMinor ?? null;
  const spentMinor = Number(spent?.total ?? 0);
  return { capMinor, currency, spentMinor, remainingMinor: capMinor == null ? null : Math.max(0, capMinor - spentMinor) };
}

/**
 * Why this campaign may not start now, in words, or null. It counts what the campaign could
 * spend for the rest of this month and what the other running campaigns could, against what is
 * left of the cap.
 */
export async function capRefusal(
  db: Database,
  campaign: { id: number; workspaceId: number; currency: string; budget: Budget; schedule: Schedule },
  now: number,
): Promise<string | null> {
  const cap = await capState(db, campaign.workspaceId, now);
  if (cap.capMinor == null) return null;
  if (campaign.currency !== cap.currency)
    return `The workspace's monthly ad spend cap is in ${cap.currency}; this ad account spends ${campaign.currency}. Set the cap in ${campaign.currency} or use an ad account in ${cap.currency}.`;
  const [, monthEnd] = monthOf(now);
  const running = await db
    .select({ draft: adCampaigns.draft })
    .from(adCampaigns)
    .innerJoin(adAccounts, eq(adAccounts.id, adCampaigns.adAccountId))
    .where(and(eq(adCampaigns.workspaceId, campaign.workspaceId), inArray(adCampaigns.status, ["active", "pending"]), ne(adCampaigns.id, campaign.id), eq(adAccounts.currency, cap.currency)));
  const committed = running.reduce((sum, row) => (row.draft.budget ? sum + maxSpendBetween(row.draft.budget.budget, row.draft.budget.schedule, now, monthEnd) : sum), 0);
  const wanted = maxSpendBetween(campaign.budget, campaign.schedule, now, monthEnd);
  const left = Math.max(0, cap.capMinor - cap.spentMinor - committed);
  if (wanted <= left) return null;
  const money = (minor: number) => formatMoney(minor, cap.currency);
  const others = committed > 0 ? `, and running campaigns may spend up to ${money(committed)} more` : "";
  return `This campaign could spend up to ${money(wanted)} this month, but only ${money(left)} is left of the workspace's ${money(cap.capMinor)} monthly ad spend cap (${money(cap.spentMinor)} spent so far${others}). Lower the budget, shorten the schedule or raise the cap.`;
}
