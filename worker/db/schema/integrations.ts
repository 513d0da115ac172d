import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";
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

export type ThirdPartyIntegration = typeof thirdPartyIntegrations.$inferSelect;

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
