import { sqliteTable, integer, text, uniqueIndex, index, real, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { SerializedDocument } from "../../../core/document/types";
import type { FolderSettings } from "../../../core/contracts/folders";
import { versionKinds } from "../../../core/contracts/history";
import {
  accessLevels,
  accessTargetTypes,
  documentStatuses,
  handbookItemTypes,
  handbookSorts,
  jobStatuses,
  propertyTypes,
  membershipRoles,
} from "../../../core/enums";
import { timestamps } from "./columns";
import { users } from "./identity";
import { workspaces } from "./workspaces";
import { channels } from "./channels";

const workspaceId = () =>
  integer("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });

/**
 * Folders ("projects") nest through parentId. `key` is the stable public handle used in
 * `/folders/:folderSlug` and `/folder_:subfolderKey`. A password, when set, guards every
 * document inside (hash only).
 */
export const folders = sqliteTable(
  "folders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    parentId: integer("parent_id").references((): AnySQLiteColumn => folders.id, { onDelete: "cascade" }),
    key: text("key").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    icon: text("icon"),
    settings: text("settings", { mode: "json" }).$type<FolderSettings>().notNull().default({}),
    passwordHash: text("password_hash"),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [index("folders_workspace_parent").on(t.workspaceId, t.parentId)],
);

/**
 * Documents. `body` is the editor's serialized state; `bodyText` its plain-text projection,
 * indexed by the `articles_fts` FTS5 table (kept in step by triggers in the migration).
 * `kind` separates documents from templates; `publicVersion` is bumped on every change
 * that affects the public page, and is part of its cache key.
 */
export const articles = sqliteTable(
  "articles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    folderId: integer("folder_id").references(() => folders.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["document", "template"] }).notNull().default("document"),
    title: text("title").notNull().default("Untitled"),
    body: text("body", { mode: "json" }).$type<SerializedDocument>().notNull(),
    bodyText: text("body_text").notNull().default(""),
    status: text("status", { enum: documentStatuses }).notNull().default("draft"),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    lastEditorId: integer("last_editor_id").references(() => users.id, { onDelete: "set null" }),
    /** Set when made from a template (templates themselves have kind "template"). */
    templateId: integer("template_id"),
    isPublic: integer("is_public", { mode: "boolean" }).notNull().default(false),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    publicVersion: integer("public_version").notNull().default(1),
    passwordHash: text("password_hash"),
    /** Public-page meta: SEO title and description, social image. */
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    metaImageUrl: text("meta_image_url"),
    /** When the body was last changed (renames and moves do not count). */
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    index("articles_workspace_folder").on(t.workspaceId, t.folderId),
    index("articles_workspace_updated").on(t.workspaceId, t.updatedAt),
    index("articles_public_category").on(t.isPublic, t.categoryId),
    // What search checks for every matching document, so it never reads the rows (bodies
    // make them large): looked up by id, hence id first. Search names it with INDEXED BY.
    index("articles_search_facts").on(t.id, t.workspaceId, t.kind, t.archivedAt, t.ownerId, t.folderId, t.passwordHash),
  ],
);

/**
 * One grant of an access level on an article or a folder (exactly one of the two) to a
 * target: a user, a group, an email (a guest invitation until that person signs up), the
 * document's editors, everyone with a workspace role, everyone in the workspace (members)
 * or the company (members and guests), or anyone with the link.
 */
export const accesses = sqliteTable(
  "accesses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "cascade" }),
    folderId: integer("folder_id").references(() => folders.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: accessTargetTypes }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    channelId: integer("channel_id").references(() => channels.id, { onDelete: "cascade" }),
    email: text("email"),
    /** For AccessMemberGroup: the workspace role whose holders are granted. */
    role: text("role", { enum: membershipRoles }),
    permission: text("permission", { enum: accessLevels }).notNull(),
    /** The sharer asked the recipient to confirm they have read it. */
    readReceipt: integer("read_receipt", { mode: "boolean" }).notNull().default(false),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("accesses_article").on(t.articleId),
    index("accesses_folder").on(t.folderId),
    index("accesses_user").on(t.userId),
    index("accesses_workspace_target").on(t.workspaceId, t.targetType),
  ],
);

/** "Let me read/comment/edit this": accepted by an owner or editor of the article. */
export const accessRequests = sqliteTable(
  "access_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    permission: text("permission", { enum: accessLevels }).notNull(),
    message: text("message"),
    status: text("status", { enum: ["pending", "accepted", "denied"] }).notNull().default("pending"),
    decidedById: integer("decided_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("access_requests_article").on(t.articleId, t.status)],
);

/** Who has edited an article's body: the LayerEditors grant target. */
export const articleContributors = sqliteTable(
  "article_contributors",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastEditedAt: integer("last_edited_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("article_contributors_pair").on(t.articleId, t.userId)],
);

/**
 * Version snapshots of a document's body for history: recorded by live editing at most
 * every 10 minutes (services/collab.ts), and at every status change, publish, merge, restore
 * and branch start (`kind`), with the person whose change it follows. `branchId` names the
 * branch merged or started (article_branches; no foreign key, the two tables point at each other).
 */
export const articleVersions = sqliteTable(
  "article_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    body: text("body", { mode: "json" }).$type<SerializedDocument>().notNull(),
    title: text("title").notNull(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: versionKinds }).notNull().default("edit"),
    branchId: integer("branch_id"),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("article_versions_article").on(t.articleId, t.createdAt)],
);

/** A user's favourites: an article or a folder. */
export const favorites = sqliteTable(
  "favorites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "cascade" }),
    folderId: integer("folder_id").references(() => folders.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("favorites_user_article").on(t.userId, t.articleId),
    uniqueIndex("favorites_user_folder").on(t.userId, t.folderId),
  ],
);

/** Files pinned to the top of the workspace home, in `position` order. */
export const filePins = sqliteTable(
  "file_pins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "cascade" }),
    folderId: integer("folder_id").references(() => folders.id, { onDelete: "cascade" }),
    position: real("position").notNull(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("file_pins_article").on(t.workspaceId, t.articleId),
    uniqueIndex("file_pins_folder").on(t.workspaceId, t.folderId),
  ],
);

/** Categories of the public directory; `forTemplates` ones group templates. */
export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  forTemplates: integer("for_templates", { mode: "boolean" }).notNull().default(false),
  position: integer("position").notNull().default(0),
  ...timestamps,
});

/** Published articles featured in the public directory. */
export const spotlights = sqliteTable("spotlights", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  articleId: integer("article_id")
    .notNull()
    .unique()
    .references(() => articles.id, { onDelete: "cascade" }),
  headline: text("headline"),
  position: integer("position").notNull().default(0),
  ...timestamps,
});

/** Tags that job-search pages of the public directory are built from. */
export const jobSearchTags = sqliteTable("job_search_tags", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  ...timestamps,
});

export const articleTags = sqliteTable(
  "article_tags",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => jobSearchTags.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("article_tags_pair").on(t.articleId, t.tagId)],
);

/** Reactions on public pages, from members or anonymous visitors (by their uuid). */
export const articleReactions = sqliteTable(
  "article_reactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    anonymousUuid: text("anonymous_uuid"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("article_reactions_user").on(t.articleId, t.emoji, t.userId),
    uniqueIndex("article_reactions_anonymous").on(t.articleId, t.emoji, t.anonymousUuid),
  ],
);

/** A handbook: a cover document and a sidebar of sections, docs, links and nested handbooks. */
export const handbooks = sqliteTable(
  "handbooks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    key: text("key").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    coverDocId: integer("cover_doc_id").references(() => articles.id, { onDelete: "set null" }),
    sort: text("sort", { enum: handbookSorts }).notNull().default("custom"),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [index("handbooks_workspace").on(t.workspaceId)],
);

export const handbookItems = sqliteTable(
  "handbook_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    handbookId: integer("handbook_id")
      .notNull()
      .references(() => handbooks.id, { onDelete: "cascade" }),
    /** Items nest under a section. */
    parentId: integer("parent_id").references((): AnySQLiteColumn => handbookItems.id, { onDelete: "cascade" }),
    type: text("type", { enum: handbookItemTypes }).notNull(),
    title: text("title").notNull().default(""),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "cascade" }),
    url: text("url"),
    nestedHandbookId: integer("nested_handbook_id").references((): AnySQLiteColumn => handbooks.id, { onDelete: "cascade" }),
    position: real("position").notNull(),
    ...timestamps,
  },
  (t) => [index("handbook_items_handbook").on(t.handbookId, t.parentId)],
);

/** A named collection of templates. */
export const templateBinders = sqliteTable(
  "template_binders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("template_binders_workspace").on(t.workspaceId)],
);

export const templateBinderItems = sqliteTable(
  "template_binder_items",
  {
    binderId: integer("binder_id")
      .notNull()
      .references(() => templateBinders.id, { onDelete: "cascade" }),
    templateId: integer("template_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    position: real("position").notNull(),
  },
  (t) => [uniqueIndex("template_binder_items_pair").on(t.binderId, t.templateId)],
);

/** Custom properties a folder defines for its documents (shown in table and board views). */
export const properties = sqliteTable(
  "properties",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    folderId: integer("folder_id")
      .notNull()
      .references(() => folders.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type", { enum: propertyTypes }).notNull(),
    /** Choices for select properties. */
    options: text("options", { mode: "json" }).$type<string[]>().notNull().default([]),
    position: real("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("properties_folder").on(t.folderId)],
);

/** A property's value on one article; person properties also carry an assignee. */
export const assignedProperties = sqliteTable(
  "assigned_properties",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    assigneeId: integer("assignee_id").references(() => users.id, { onDelete: "set null" }),
    value: text("value", { mode: "json" }).$type<string | number | boolean | string[] | null>(),
    ...timestamps,
  },
  (t) => [uniqueIndex("assigned_properties_pair").on(t.articleId, t.propertyId)],
);

/** Files stored in R2 under `r2Key`; `status` is pending until the bytes have landed. */
export const uploads = sqliteTable(
  "uploads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    r2Key: text("r2_key").notNull().unique(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    status: text("status", { enum: ["pending", "stored"] }).notNull().default("pending"),
    /** When attached to a document, readers of the document may read the file. */
    articleId: integer("article_id").references(() => articles.id, { onDelete: "set null" }),
    folderId: integer("folder_id").references(() => folders.id, { onDelete: "set null" }),
    uploadedById: integer("uploaded_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("uploads_workspace").on(t.workspaceId, t.createdAt)],
);

/** An import of markdown, zipped markdown or HTML files into a folder, run as a job. */
export const importJobs = sqliteTable(
  "import_jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: workspaceId(),
    key: text("key").notNull().unique(),
    folderId: integer("folder_id").references(() => folders.id, { onDelete: "set null" }),
    status: text("status", { enum: jobStatuses }).notNull().default("pending"),
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    /** Per-file outcome: created article id, or the error that file hit. */
    results: text("results", { mode: "json" })
      .$type<Array<{ name: string; articleId?: number; error?: string }>>()
      .notNull()
      .default([]),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("import_jobs_workspace").on(t.workspaceId)],
);

export type Folder = typeof folders.$inferSelect;
export type Article = typeof articles.$inferSelect;
export type Access = typeof accesses.$inferSelect;
export type AccessRequest = typeof accessRequests.$inferSelect;
export type Handbook = typeof handbooks.$inferSelect;
export type HandbookItem = typeof handbookItems.$inferSelect;
export type Upload = typeof uploads.$inferSelect;
export type ImportJob = typeof importJobs.$inferSelect;
