import { sqliteTable, integer, text, index, primaryKey, uniqueIndex } from "drizzle-orm/sqlite-core";
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
  (t) => [
    index("events_workspace_name").on(t.workspaceId, t.name),
    index("events_user").on(t.userId),
    // A document's timeline and insights read its events newest first.
    index("events_article_created").on(t.articleId, t.createdAt),
  ],
);

/**
 * Idempotency-Key claims (middleware/idempotency): the first POST with a key claims it (the
 * unique index lets only one insert win), runs, and stores its answer here; a retry with the
 * same key and request gets that answer back. `status` is null while the first is running.
 * Pruned by cron after 24 hours.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Who called: `api_key:<id>` or `user:<id>`, so two callers never share a key. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the method, path, workspace and body: the same key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    /** Random per claim, so only the call that claimed the row completes or releases it. */
    claim: text("claim").notNull(),
    status: integer("status"),
    body: text("body"),
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("idempotency_keys_scope_key").on(t.scope, t.key), index("idempotency_keys_claimed").on(t.claimedAt)],
);
