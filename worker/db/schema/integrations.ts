import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";
import { articles } from "./documents";
import { emailSequences } from "./content";
import { users } from "./identity";
import { workspaces } from "./workspaces";

/**
 * Connections to services other than the social networks' publishing accounts (those are
 * `social_accounts`): a site builder, an email-marketing service, a CRM, a search console.
 * Credentials are sealed exactly as an account's (services/publishing/credentials.ts), bound to
 * the row's workspace, kind and external id. `GET /users/:id/third_party_integrations` lists
 * these and the social accounts the user connected.
 */
export const integrationKinds = ["site_builder", "email_marketing", "crm", "search_console"] as const;
export type IntegrationKind = (typeof integrationKinds)[number];

export const thirdPartyIntegrations = sqliteTable(
  "third_party_integrations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Who connected it; the listing is per user. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: integrationKinds }).notNull(),
    /** The service: wordpress, webflow, mailchimp, hubspot, google_search_console… */
    provider: text("provider").notNull(),
    /** The service's id for what was connected (a site, an audience, a portal, a property). */
    externalId: text("external_id").notNull(),
    displayName: text("display_name").notNull(),
    /** Where it lives (a site's URL), shown to the user. */
    url: text("url"),
    credentials: text("credentials").notNull(),
    tokenExpiresAt: integer("token_expires_at", { mode: "number" }),
    state: text("state", { enum: ["active", "needs_reauth", "disconnected"] }).notNull().default("active"),
    stateReason: text("state_reason"),
    /** What the service needs remembered besides credentials (a collection id, a list id). */
    settings: text("settings", { mode: "json" }).$type<Record<string, string>>().notNull().default({}),
    /** The service's id for the person who connected it, for its deauthorize callback. */
    ownerExternalId: text("owner_external_id"),
    ...timestamps,
  },
  (t) => [uniqueIndex("third_party_integrations_external").on(t.workspaceId, t.provider, t.externalId), index("third_party_integrations_user").on(t.userId)],
);

/**
 * Apps this deployment registered with a server a person chose (a Mastodon instance registers
 * clients per instance, through POST /api/v1/apps): remembered so each instance is asked once.
 */
export const oauthClients = sqliteTable(
  "oauth_clients",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    network: text("network").notNull(),
    /** The instance's origin, e.g. https://mastodon.social. */
    instance: text("instance").notNull(),
    /** The redirect URI it was registered with; a deployment on another origin registers again. */
    redirectUri: text("redirect_uri").notNull(),
    clientId: text("client_id").notNull(),
    /** Sealed like account credentials. */
    clientSecret: text("client_secret").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("oauth_clients_instance").on(t.network, t.instance, t.redirectUri)],
);

/**
 * A sign-in that brought several accounts to choose from (a person's profile and the pages
 * they manage): kept sealed for ten minutes, for the person who connected, until they choose.
 */
export const pendingConnections = sqliteTable(
  "pending_connections",
  {
    id: text("id").primaryKey(),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    network: text("network").notNull(),
    /** The ConnectedAccount list, sealed. */
    accounts: text("accounts").notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    ...timestamps,
  },
  (t) => [index("pending_connections_expiry").on(t.expiresAt)],
);

/**
 * A document published to a connected site (a WordPress post, a Webflow CMS item): the remote
 * id republishing updates, its link, and when it last went out. One per document and site.
 */
export const sitePosts = sqliteTable(
  "site_posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    integrationId: integer("integration_id")
      .notNull()
      .references(() => thirdPartyIntegrations.id, { onDelete: "cascade" }),
    remoteId: text("remote_id"),
    url: text("url"),
    /** What the person chose: published, or kept as a draft on the site. */
    status: text("status", { enum: ["publish", "draft"] }).notNull().default("publish"),
    publishedAt: integer("published_at", { mode: "number" }),
    publishedById: integer("published_by_id").references(() => users.id, { onDelete: "set null" }),
    /** The last attempt's failure in words; cleared by the next success. */
    lastError: text("last_error"),
    /**
     * A create got no answer at this time (epoch ms): the post may exist, so the next publish
     * looks for it on the site (by the document's slug) before creating, never blindly again.
     */
    unknownSince: integer("unknown_since", { mode: "number" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("site_posts_article_integration").on(t.articleId, t.integrationId), index("site_posts_integration").on(t.integrationId)],
);

/**
 * An email of a sequence pushed to an email-marketing service as a campaign draft (one
 * Mailchimp campaign per email): the campaign id a second push updates, and its link.
 */
export const emailCampaignDrafts = sqliteTable(
  "email_campaign_drafts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    sequenceId: integer("sequence_id")
      .notNull()
      .references(() => emailSequences.id, { onDelete: "cascade" }),
    integrationId: integer("integration_id")
      .notNull()
      .references(() => thirdPartyIntegrations.id, { onDelete: "cascade" }),
    /** The email's place in the sequence (0-based). */
    position: integer("position").notNull(),
    /** Null while a create that got no answer is unresolved (see unknownSince). */
    remoteId: text("remote_id"),
    url: text("url"),
    pushedAt: integer("pushed_at", { mode: "number" }).notNull(),
    /** A create got no answer at this time (epoch ms): the next push looks for the campaign before making one. */
    unknownSince: integer("unknown_since", { mode: "number" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("email_campaign_drafts_email").on(t.sequenceId, t.integrationId, t.position)],
);

export type ThirdPartyIntegration = typeof thirdPartyIntegrations.$inferSelect;
export type SitePost = typeof sitePosts.$inferSelect;
export type EmailCampaignDraft = typeof emailCampaignDrafts.$inferSelect;

/**
 * A network asked us to delete what we hold for one of its users (Meta's data-deletion
 * callback): what was erased and when, shown at `/integrations/<network>/deletion/<code>`.
 */
export const dataDeletionRequests = sqliteTable("data_deletion_requests", {
  /** The confirmation code the network shows the person. */
  code: text("code").primaryKey(),
  network: text("network").notNull(),
  ownerExternalId: text("owner_external_id").notNull(),
  /** How many connected accounts and integrations had their credentials erased. */
  accounts: integer("accounts").notNull(),
  deletedAt: integer("deleted_at", { mode: "number" }).notNull(),
  ...timestamps,
});

export type PendingConnection = typeof pendingConnections.$inferSelect;
