import { sqliteTable, integer, text, uniqueIndex, index } from "drizzle-orm/sqlite-core";
import type { WorkspaceSettings } from "../../../core/contracts/workspaces";
import { timestamps } from "./columns";
import { users } from "./identity";

export const workspaces = sqliteTable("workspaces", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  key: text("key").notNull().unique(),
  name: text("name").notNull(),
  companySize: text("company_size"),
  teamType: text("team_type"),
  logoUrl: text("logo_url"),
  isFreemium: integer("is_freemium", { mode: "boolean" }).notNull().default(true),
  isVirtualMarketer: integer("is_virtual_marketer", { mode: "boolean" }).notNull().default(false),
  paying: integer("paying", { mode: "boolean" }).notNull().default(false),
  isNew: integer("is_new", { mode: "boolean" }).notNull().default(true),
  /** Secret part of the workspace's join link; regenerating it kills the old link. */
  invitationToken: text("invitation_token").notNull().unique(),
  /** Per-tab settings (general extras, sidebar, preferences, branding, custom url, publish, statuses). */
  settings: text("settings", { mode: "json" }).$type<WorkspaceSettings>().notNull().default({}),
  homepageDocId: integer("homepage_doc_id"),
  createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
  deactivatedAt: integer("deactivated_at", { mode: "timestamp_ms" }),
  ...timestamps,
});

export const memberships = sqliteTable(
  "memberships",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin", "member", "guest"] }).notNull().default("member"),
    status: text("status", { enum: ["active", "invited", "deactivated"] }).notNull().default("active"),
    invitedById: integer("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    invitationMessage: text("invitation_message"),
    inviteReason: text("invite_reason"),
    invitedAt: integer("invited_at", { mode: "timestamp_ms" }),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    deactivatedAt: integer("deactivated_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("memberships_workspace_user").on(t.workspaceId, t.userId),
    index("memberships_user").on(t.userId),
  ],
);

/** SCIM bearer tokens for an identity provider; only a hash is stored, the token is shown once. */
export const scimTokens = sqliteTable(
  "scim_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [index("scim_tokens_workspace").on(t.workspaceId)],
);

export type Workspace = typeof workspaces.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
