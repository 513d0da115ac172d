import { sqliteTable, integer, text, uniqueIndex, index } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";
import type { ApiScope } from "../../../core/contracts/api-keys";

/** A profile's optional fields (PUT /v1/profile); validated by core/contracts/users.ts. */
export interface UserProfile {
  pronouns?: "He / Him" | "She / Her" | "They / Them" | null;
  job_title?: string | null;
  bio?: string | null;
  location?: string | null;
  timezone?: string | null;
  avatar_url?: string | null;
}

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Always stored lower-cased. */
  email: text("email").notNull().unique(),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`; null until an invited user sets one. */
  passwordHash: text("password_hash"),
  /** Platform role; workspace roles live on memberships. */
  isSuperAdmin: integer("is_super_admin", { mode: "boolean" }).notNull().default(false),
  profile: text("profile", { mode: "json" }).$type<UserProfile>().notNull().default({}),
  lastWorkspaceId: integer("last_workspace_id"),
  /** Bumped on password change/reset: sessions issued before it stop working. */
  sessionsValidAfter: integer("sessions_valid_after", { mode: "timestamp_ms" }),
  ...timestamps,
});

/** One row per issued token (its `jti`), so sign-out and password resets revoke server-side. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Set when a super_admin is acting as this user. */
    impersonatorId: integer("impersonator_id").references(() => users.id, { onDelete: "cascade" }),
    ip: text("ip"),
    userAgent: text("user_agent"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [index("sessions_user").on(t.userId)],
);

/**
 * A sign-in identity at an OAuth/OpenID provider, keyed by the provider's issuer and its
 * subject (never by email: an email is only a hint that an account may be the same person).
 */
export const oauthIdentities = sqliteTable(
  "oauth_identities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The email the provider gave when the identity was linked; informational only. */
    email: text("email"),
    ...timestamps,
  },
  (t) => [uniqueIndex("oauth_identities_issuer_subject").on(t.issuer, t.subject), index("oauth_identities_user").on(t.userId)],
);

/** Failed sign-ins per key (`email:<address>` or `ip:<address>`), for slowing and refusing. */
export const signInThrottles = sqliteTable("sign_in_throttles", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastFailureAt: integer("last_failure_at", { mode: "timestamp_ms" }).notNull(),
  lockedUntil: integer("locked_until", { mode: "timestamp_ms" }),
});

/** Single-use, expiring tokens: password resets and member invitations. Only hashes are stored. */
export const userTokens = sqliteTable(
  "user_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["password_reset", "invitation"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** For invitations: the membership the token accepts. */
    membershipId: integer("membership_id"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [index("user_tokens_user").on(t.userId, t.kind)],
);

export const follows = sqliteTable(
  "follows",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followingId: integer("following_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("follows_pair").on(t.followerId, t.followingId)],
);

/** Feature-flag enrolments: one stable variant per user and flag. */
export const userExperiments = sqliteTable(
  "user_experiments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    featureFlagName: text("feature_flag_name").notNull(),
    variant: text("variant", { enum: ["control", "treatment"] }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("user_experiments_user_flag").on(t.userId, t.featureFlagName)],
);

/** Connected third-party accounts (social, ads, CRM). Filled by the OAuth integrations issue. */
export const integrations = sqliteTable(
  "integrations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: integer("workspace_id").notNull(),
    provider: text("provider").notNull(),
    accountName: text("account_name").notNull(),
    status: text("status", { enum: ["connected", "expired", "revoked"] }).notNull().default("connected"),
    ...timestamps,
  },
  (t) => [index("integrations_user").on(t.userId)],
);

export type User = typeof users.$inferSelect;

/**
 * API keys and personal tokens, sent as `Authorization: Bearer bw_…` and stored only as the
 * SHA-256 of the secret. A workspace key (`workspaceId` set) acts as its own member of that
 * workspace: `userId` is a user made for the key, with no membership, sign-in or password,
 * whose role the key's scopes decide. A personal token (`workspaceId` null) acts as its owner
 * (`userId`) wherever they are a member, never with more than its scopes.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id"),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<ApiScope[]>().notNull(),
    /** The first characters of the secret, to tell keys apart in a list. */
    prefix: text("prefix").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [index("api_keys_workspace").on(t.workspaceId), index("api_keys_user").on(t.userId)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
