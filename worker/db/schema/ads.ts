import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { adErrorClasses, adNetworks, adObjectives, adStatuses, wizardSteps, type AudienceTargeting, type SpecialAdCategory, type WizardDraft } from "../../../core/contracts/ads";
import { timestamps } from "./columns";
import { campaigns } from "./content";
import { users } from "./identity";
import { workspaces } from "./workspaces";

const workspaceId = () =>
  integer("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });
const ms = (name: string) => integer(name, { mode: "number" });

/**
 * Where ads are bought. Every workspace gets a Sandbox ads account on first use (simulated
 * delivery, nothing bought); a Meta ad account comes from the deployment's configuration
 * (a system user token and ad account id) or, later, a connection with its own credentials.
 */
export const adAccounts = sqliteTable(
  "ad_accounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    network: text("network", { enum: adNetworks }).notNull(),
    /** The network's id (Meta's act_… number without the prefix; "sandbox-<workspace>" for the Sandbox). */
    externalId: text("external_id").notNull(),
    name: text("name").notNull(),
    currency: text("currency").notNull(),
    timezone: text("timezone").notNull().default("UTC"),
    /** AES-GCM like social accounts' (services/publishing/credentials.ts); null: the deployment's token. Never presented. */
    credentials: text("credentials"),
    /** The Facebook Page an ad speaks as (Meta creatives need one). */
    pageId: text("page_id"),
    ...timestamps,
  },
  (t) => [uniqueIndex("ad_accounts_external").on(t.workspaceId, t.network, t.externalId)],
);

/** An ad campaign: the wizard's draft until launched, then the network's campaign → ad set → creative → ad and its figures. */
export const adCampaigns = sqliteTable(
  "ad_campaigns",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    adAccountId: integer("ad_account_id")
      .notNull()
      .references(() => adAccounts.id, { onDelete: "cascade" }),
    contentCampaignId: integer("content_campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    objective: text("objective", { enum: adObjectives }),
    specialAdCategories: text("special_ad_categories", { mode: "json" }).$type<SpecialAdCategory[]>().notNull().default([]),
    status: text("status", { enum: adStatuses }).notNull().default("draft"),
    /** Each step's last valid body (core/contracts/ads wizardDraftSchema). */
    draft: text("draft", { mode: "json" }).$type<WizardDraft>().notNull(),
    networkCampaignId: text("network_campaign_id"),
    networkAdSetId: text("network_ad_set_id"),
    networkCreativeIds: text("network_creative_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    networkAdIds: text("network_ad_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** Lifetime figures, minor units of the account's currency for money. */
    spendMinor: integer("spend_minor").notNull().default(0),
    results: integer("results").notNull().default(0),
    impressions: integer("impressions").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    lastSyncedAt: ms("last_synced_at"),
    /** The last network error, the wizard step it belongs to and its class. */
    error: text("error"),
    errorStep: text("error_step", { enum: wizardSteps }),
    errorClass: text("error_class", { enum: adErrorClasses }),
    launchedAt: ms("launched_at"),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("ad_campaigns_workspace").on(t.workspaceId, t.createdAt), index("ad_campaigns_status").on(t.status, t.lastSyncedAt)],
);

/** Figures per campaign per UTC day: the month's spend for the cap, and the history. */
export const adInsightDays = sqliteTable(
  "ad_insight_days",
  {
    adCampaignId: integer("ad_campaign_id")
      .notNull()
      .references(() => adCampaigns.id, { onDelete: "cascade" }),
    workspaceId: workspaceId(),
    /** YYYY-MM-DD, UTC. */
    day: text("day").notNull(),
    currency: text("currency").notNull(),
    spendMinor: integer("spend_minor").notNull().default(0),
    results: integer("results").notNull().default(0),
    impressions: integer("impressions").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [uniqueIndex("ad_insight_days_campaign_day").on(t.adCampaignId, t.day), index("ad_insight_days_workspace").on(t.workspaceId, t.day)],
);

/** A workspace's ad settings: the monthly spend cap (null: none), in minor units of `currency`. */
export const adSettings = sqliteTable("ad_settings", {
  workspaceId: integer("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  monthlyCapMinor: integer("monthly_cap_minor"),
  currency: text("currency").notNull().default("USD"),
  ...timestamps,
});

/** A saved targeting the wizard's audience step starts from. */
export const savedAudiences = sqliteTable(
  "saved_audiences",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    name: text("name").notNull(),
    targeting: text("targeting", { mode: "json" }).$type<AudienceTargeting>().notNull(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("saved_audiences_workspace").on(t.workspaceId, t.name)],
);

export type AdAccount = typeof adAccounts.$inferSelect;
export type AdCampaign = typeof adCampaigns.$inferSelect;
export type SavedAudience = typeof savedAudiences.$inferSelect;
