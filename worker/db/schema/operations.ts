import { sqliteTable, integer, text, index, primaryKey } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";

/** One row per Cron Trigger run: what ran, when, and how it ended. */
export const cronRuns = sqliteTable(
  "cron_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    cron: text("cron").notNull(),
    scheduledAt: integer("scheduled_at", { mode: "timestamp_ms" }).notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    status: text("status", { enum: ["running", "succeeded", "failed"] }).notNull(),
    error: text("error"),
  },
  (t) => [index("cron_runs_started").on(t.startedAt)],
);

/** Every email the app sends. With no provider configured this is the outbox itself
 * (shown at /dev/outbox outside production); with one, it is the delivery log. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    kind: text("kind").notNull(),
    transport: text("transport", { enum: ["outbox", "resend"] }).notNull(),
    status: text("status", { enum: ["stored", "sent", "failed"] }).notNull(),
    error: text("error"),
    ...timestamps,
  },
  (t) => [index("mail_outbox_to").on(t.to)],
);

/**
 * Outbound mail counted per key ("user:12", "workspace:3", "reset:ip:…") and hour: what
 * services/mail-quota checks before a request may send mail. Pruned by cron after a day.
 */
export const mailQuotas = sqliteTable(
  "mail_quotas",
  {
    key: text("key").notNull(),
    /** Start of the hour counted, epoch ms. */
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("mail_quotas_window").on(t.windowStart)],
);

/** Product events: views, impersonations, campaign events. Feeds activity and analytics. */
export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    workspaceId: integer("workspace_id"),
    userId: integer("user_id"),
    actorId: integer("actor_id"),
    articleId: integer("article_id"),
    sessionUuid: text("session_uuid"),
    ip: text("ip"),
    properties: text("properties", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index("events_workspace_name").on(t.workspaceId, t.name), index("events_user").on(t.userId)],
);
