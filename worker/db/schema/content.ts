import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { OutlineSection, EmailDraft } from "../../../core/contracts/content";
import { socialChannels } from "../../../core/content/channels";
import { brandVoiceNoteTypes, readingLevels } from "../../../core/content/voice";
import { contentSourceTypes, contentStrategies, jobStatuses, logoVariants, repurposingKinds, type textRoles } from "../../../core/enums";
import { timestamps } from "./columns";
import { articles, uploads } from "./documents";
import { users } from "./identity";
import { workspaces } from "./workspaces";

/**
 * The content engine's tables: brand kits with their logos and voice notes, the workspace's
 * knowledge ("brain") split into passages for FTS5, the house style, generation jobs (which
 * also record usage), and what generation produces (email sequences, social posts,
 * campaigns and their items).
 */

const workspaceId = () =>
  integer("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });
const createdById = () => integer("created_by_id").references(() => users.id, { onDelete: "set null" });

export interface BrandColor {
  name: string;
  /** `#RRGGBB`, or a CSS gradient of such colours. */
  value: string;
}

export const brandKits = sqliteTable(
  "brand_kits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    name: text("name").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    colors: text("colors", { mode: "json" }).$type<BrandColor[]>().notNull().default([]),
    /** A font from core/document/fonts.ts per text role. */
    fonts: text("fonts", { mode: "json" }).$type<Partial<Record<(typeof textRoles)[number], string>>>().notNull().default({}),
    createdById: createdById(),
    ...timestamps,
  },
  (t) => [
    index("brand_kits_workspace").on(t.workspaceId, t.name),
    // One default kit per workspace, held by the database.
    uniqueIndex("brand_kits_one_default").on(t.workspaceId).where(sql`is_default = 1`),
  ],
);

export const brandKitLogos = sqliteTable(
  "brand_kit_logos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    brandKitId: integer("brand_kit_id")
      .notNull()
      .references(() => brandKits.id, { onDelete: "cascade" }),
    variant: text("variant", { enum: logoVariants }).notNull(),
    uploadId: integer("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("brand_kit_logos_variant").on(t.brandKitId, t.variant)],
);

/** One note per type and kit; the voice generation reads. */
export const brandVoiceNotes = sqliteTable(
  "brand_voice_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    brandKitId: integer("brand_kit_id")
      .notNull()
      .references(() => brandKits.id, { onDelete: "cascade" }),
    type: text("type", { enum: brandVoiceNoteTypes }).notNull(),
    body: text("body").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("brand_voice_notes_type").on(t.brandKitId, t.type)],
);

/** A knowledge source; its text lives in `knowledge_passages`, indexed by `knowledge_fts`. */
export const knowledgeSources = sqliteTable(
  "knowledge_sources",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    type: text("type", { enum: contentSourceTypes }).notNull(),
    title: text("title").notNull(),
    url: text("url"),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "set null" }),
    uploadId: integer("upload_id").references(() => uploads.id, { onDelete: "set null" }),
    characters: integer("characters").notNull().default(0),
    createdById: createdById(),
    ...timestamps,
  },
  (t) => [index("knowledge_sources_workspace").on(t.workspaceId, t.createdAt)],
);

export const knowledgePassages = sqliteTable(
  "knowledge_passages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    sourceId: integer("source_id")
      .notNull()
      .references(() => knowledgeSources.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    text: text("text").notNull(),
  },
  (t) => [index("knowledge_passages_source").on(t.sourceId, t.position)],
);

/** `/workspaces/:id/article_style`: one row per workspace. */
export const articleStyles = sqliteTable("article_styles", {
  workspaceId: integer("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  tone: text("tone").notNull().default(""),
  readingLevel: text("reading_level", { enum: readingLevels }).notNull().default("standard"),
  preferWords: text("prefer_words", { mode: "json" }).$type<string[]>().notNull().default([]),
  avoidWords: text("avoid_words", { mode: "json" }).$type<string[]>().notNull().default([]),
  formatting: text("formatting").notNull().default(""),
  updatedById: integer("updated_by_id").references(() => users.id, { onDelete: "set null" }),
  ...timestamps,
});

/** `campaign`: a campaign written or one of its pieces rewritten; `rewrite`: an AI revision of a document's words. */
export const generationKinds = ["blog_outline", "blog_draft", "email_sequence", "social_posts", "campaign", "rewrite"] as const;

/**
 * One generation, as a job (SPEC job statuses). The text is kept as it streams, so a
 * reload shows what was written; `characters` is what usage per workspace counts.
 */
export const generationJobs = sqliteTable(
  "generation_jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: generationKinds }).notNull(),
    status: text("status", { enum: jobStatuses }).notNull().default("pending"),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    brandKitId: integer("brand_kit_id").references(() => brandKits.id, { onDelete: "set null" }),
    brief: text("brief", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    output: text("output").notNull().default(""),
    /** Guardrail notes and the sources cited. */
    notes: text("notes", { mode: "json" }).$type<string[]>().notNull().default([]),
    sourceIds: text("source_ids", { mode: "json" }).$type<number[]>().notNull().default([]),
    error: text("error"),
    characters: integer("characters").notNull().default(0),
    /** What the job produced: an article, an email sequence, a campaign… */
    resultType: text("result_type"),
    resultId: integer("result_id"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [index("generation_jobs_workspace").on(t.workspaceId, t.createdAt), index("generation_jobs_status").on(t.status, t.updatedAt)],
);

export const emailSequences = sqliteTable(
  "email_sequences",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    kind: text("kind", { enum: ["nurture", "promo"] }).notNull(),
    title: text("title").notNull(),
    brief: text("brief", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    emails: text("emails", { mode: "json" }).$type<EmailDraft[]>().notNull(),
    brandKitId: integer("brand_kit_id").references(() => brandKits.id, { onDelete: "set null" }),
    createdById: createdById(),
    ...timestamps,
  },
  (t) => [index("email_sequences_workspace").on(t.workspaceId, t.updatedAt)],
);

export const campaigns = sqliteTable(
  "campaigns",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    name: text("name").notNull(),
    brief: text("brief").notNull(),
    goal: text("goal").notNull().default(""),
    startsOn: text("starts_on"),
    endsOn: text("ends_on"),
    channels: text("channels", { mode: "json" }).$type<(typeof socialChannels)[number][]>().notNull(),
    strategy: text("strategy", { enum: contentStrategies }).notNull(),
    repurposing: text("repurposing", { enum: repurposingKinds }),
    /** The pillar for PyramidStrategy, the outline the items were cut from. */
    plan: text("plan", { mode: "json" }).$type<OutlineSection[]>().notNull().default([]),
    status: text("status", { enum: ["draft", "generating", "ready", "failed"] }).notNull().default("draft"),
    brandKitId: integer("brand_kit_id").references(() => brandKits.id, { onDelete: "set null" }),
    sourceArticleId: integer("source_article_id").references(() => articles.id, { onDelete: "set null" }),
    createdById: createdById(),
    ...timestamps,
  },
  (t) => [index("campaigns_workspace").on(t.workspaceId, t.updatedAt)],
);

export const campaignItems = sqliteTable(
  "campaign_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    /** Null for a pillar piece (a blog post) rather than a channel post. */
    channel: text("channel", { enum: socialChannels }),
    position: integer("position").notNull(),
    publishOn: text("publish_on"),
    title: text("title"),
    description: text("description"),
    body: text("body").notNull(),
    hashtags: text("hashtags", { mode: "json" }).$type<string[]>().notNull().default([]),
    imageBrief: text("image_brief").notNull().default(""),
    notes: text("notes", { mode: "json" }).$type<string[]>().notNull().default([]),
    derivedFromId: integer("derived_from_id").references((): AnySQLiteColumn => campaignItems.id, { onDelete: "set null" }),
    status: text("status", { enum: ["draft", "approved"] }).notNull().default("draft"),
    approvedById: integer("approved_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("campaign_items_campaign").on(t.campaignId, t.position)],
);

export const campaignEvents = sqliteTable(
  "campaign_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    properties: text("properties", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("campaign_events_campaign").on(t.campaignId, t.createdAt)],
);

export type BrandKit = typeof brandKits.$inferSelect;
export type KnowledgeSource = typeof knowledgeSources.$inferSelect;
export type GenerationJob = typeof generationJobs.$inferSelect;
export type Campaign = typeof campaigns.$inferSelect;
export type CampaignItem = typeof campaignItems.$inferSelect;
