import { sqliteTable, integer, text, uniqueIndex, index } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";
import { users } from "./identity";
import { workspaces } from "./workspaces";

/** Groups ("channels"). public: anyone in the workspace may join; closed: join by request;
 * private: by invitation only, hidden from non-members; shared: visible to guests too. */
export const channels = sqliteTable(
  "channels",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    visibility: text("visibility", { enum: ["private", "public", "shared", "closed"] }).notNull().default("public"),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("channels_workspace").on(t.workspaceId)],
);

export const channelMemberships = sqliteTable(
  "channel_memberships",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "member"] }).notNull().default("member"),
    ...timestamps,
  },
  (t) => [uniqueIndex("channel_memberships_pair").on(t.channelId, t.userId), index("channel_memberships_user").on(t.userId)],
);

export const channelJoinRequests = sqliteTable(
  "channel_join_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Hash of the token sent to the group's owners; accepting requires it. */
    tokenHash: text("token_hash").notNull(),
    status: text("status", { enum: ["pending", "accepted", "denied"] }).notNull().default("pending"),
    decidedById: integer("decided_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("channel_join_requests_channel").on(t.channelId, t.status)],
);

export type Channel = typeof channels.$inferSelect;
