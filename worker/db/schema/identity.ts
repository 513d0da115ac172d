import { sqliteTable, integer, text, uniqueIndex, index } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`; see worker/auth/password.ts. */
  passwordHash: text("password_hash"),
  /** Platform role; workspace roles live on memberships. */
  isSuperAdmin: integer("is_super_admin", { mode: "boolean" }).notNull().default(false),
  ...timestamps,
});

export const workspaces = sqliteTable("workspaces", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  key: text("key").notNull().unique(),
  name: text("name").notNull(),
  companySize: text("company_size"),
  teamType: text("team_type"),
  logoUrl: text("logo_url"),
  isFreemium: integer("is_freemium", { mode: "boolean" }).notNull().default(true),
  isVirtualMarketer: integer("is_virtual_marketer", { mode: "boolean" }).notNull().default(false),
  isNew: integer("is_new", { mode: "boolean" }).notNull().default(true),
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
    ...timestamps,
  },
  (t) => [
    uniqueIndex("memberships_workspace_user").on(t.workspaceId, t.userId),
    index("memberships_user").on(t.userId),
  ],
);
