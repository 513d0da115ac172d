import * as z from "zod";
import { networks, type NetworkLimits } from "../publishing/limits";
import { accountStates, errorClasses, targetStates, webhookEvents } from "../publishing/states";
import { isTimeZone, weekdays } from "../publishing/time";
import { positiveId, tooLong } from "./common";
import { listMetaOut, listQuery } from "./pagination";

/** Bodies and queries of scheduling and publishing (worker/api/posts.ts, social-accounts.ts). */

const timeZone = z.string().trim().min(1).max(64).refine(isTimeZone, "must be a time zone such as Europe/Paris");
const isoInstant = z.iso.datetime({ offset: true, error: "must be a date and time such as 2027-03-28T09:00:00Z" });
const localTime = z.iso.datetime({ local: true, error: "must be a local date and time such as 2027-03-28T09:00" });
const postText = z.string().max(70_000, tooLong(70_000));

/**
 * When a post goes out: an instant (`publish_at`, with its offset), or a wall-clock time in a
 * zone (`local_time` + `time_zone`), which the server turns into the instant with Temporal so
 * 09:00 in Paris is 09:00 in Paris on both sides of a DST change.
 */
const when = {
  publish_at: isoInstant.optional(),
  local_time: localTime.optional(),
  time_zone: timeZone.optional(),
};

const target = z.object({
  account_id: positiveId,
  /** This network's own text; omitted or null: the shared text. */
  text: postText.nullish(),
});

export const createPostSchema = z
  .object({
    text: postText.default(""),
    targets: z.array(target).min(1, "choose at least one account").max(20, "at most 20 accounts per post"),
    media: z.array(positiveId).max(35, "at most 35 files").default([]),
    ...when,
    /** Put the post in the next free slot of this schedule instead of at a time. */
    schedule_id: positiveId.optional(),
    /** Save without scheduling. */
    draft: z.boolean().default(false),
    campaign_item_id: positiveId.optional(),
    article_id: positiveId.optional(),
  })
  .superRefine((body, issues) => {
    if (body.local_time && !body.time_zone) issues.addIssue({ code: "custom", path: ["time_zone"], message: "is needed with local_time" });
    if (body.publish_at && body.local_time) issues.addIssue({ code: "custom", path: ["local_time"], message: "give publish_at or local_time, not both" });
    if (!body.draft && !body.publish_at && !body.local_time && !body.schedule_id) {
      issues.addIssue({ code: "custom", path: ["publish_at"], message: "choose when to publish (publish_at, local_time or schedule_id), or save it as a draft" });
    }
    const ids = body.targets.map((t) => t.account_id);
    if (new Set(ids).size !== ids.length) issues.addIssue({ code: "custom", path: ["targets"], message: "lists an account twice" });
  });

/** PATCH /v1/posts/:id: what changes, with the version the editor saw (a stale version is 409). */
export const updatePostSchema = z
  .object({
    version: z.number().int().positive(),
    text: postText.optional(),
    targets: z.array(target).min(1, "choose at least one account").max(20).optional(),
    media: z.array(positiveId).max(35).optional(),
    ...when,
    draft: z.boolean().optional(),
  })
  .superRefine((body, issues) => {
    if (body.local_time && !body.time_zone) issues.addIssue({ code: "custom", path: ["time_zone"], message: "is needed with local_time" });
    if (body.publish_at && body.local_time) issues.addIssue({ code: "custom", path: ["local_time"], message: "give publish_at or local_time, not both" });
    if (body.targets) {
      const ids = body.targets.map((t) => t.account_id);
      if (new Set(ids).size !== ids.length) issues.addIssue({ code: "custom", path: ["targets"], message: "lists an account twice" });
    }
  });

/**
 * `?cursor=&limit=` on scheduling's lists, which never had page numbers: without them a list
 * answers everything as before (the web app's calendar and settings read it whole).
 */
export const cursorQuery = listQuery.pick({ cursor: true, limit: true });
export type CursorQuery = z.infer<typeof cursorQuery>;

/** GET /v1/w/:ws/posts: posts with a target in [from, to), at most 100 days. */
export const listPostsQuery = cursorQuery.extend({
  from: isoInstant,
  to: isoInstant,
  state: z.enum(targetStates).optional(),
  account_id: positiveId.optional(),
  network: z.enum(networks).optional(),
  campaign_id: positiveId.optional(),
});

/** GET /v1/w/:ws/sandbox/timeline */
export const sandboxTimelineQuery = cursorQuery.extend({ account_id: positiveId.optional() });

export const findSlotQuery = z.object({
  account_id: positiveId,
  after: isoInstant.optional(),
});

export const connectAccountSchema = z.object({
  network: z.enum(networks),
  display_name: z.string().trim().min(1, "can't be blank").max(60, tooLong(60)),
});

const slot = z.object({
  day: z.enum(weekdays),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time such as 09:30"),
});

export const createScheduleSchema = z.object({
  account_id: positiveId,
  name: z.string().trim().min(1, "can't be blank").max(80),
  slots: z.array(slot).max(100).default([]),
  time_zone: timeZone,
  paused: z.boolean().default(false),
});

export const updateScheduleSchema = createScheduleSchema.omit({ account_id: true }).partial();

/** PUT /v1/schedules/:id/queue: the queue's posts in their new order (they take the slots in turn). */
export const reorderQueueSchema = z.object({ post_ids: z.array(positiveId).min(1).max(500) });

export const scheduleCampaignSchema = z.object({
  /** Which account posts each channel's pieces, e.g. { "twitter": 3, "linkedin": 5 }. */
  accounts: z.record(z.string(), positiveId).refine((map) => Object.keys(map).length > 0, "choose an account for at least one channel"),
  /** The local time of day each piece goes out on its date. */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time such as 09:30").default("09:00"),
  time_zone: timeZone,
});

export const createWebhookSchema = z.object({
  url: z.url({ protocol: /^https$/, error: "must be an https URL" }).max(2000),
  events: z.array(z.enum(webhookEvents)).min(1, "choose at least one event"),
});

export type CreatePostInput = z.infer<typeof createPostSchema>;
export type UpdatePostInput = z.infer<typeof updatePostSchema>;

// What the API answers (the presenters in worker/presenters/posts.ts are typed by these, so
// the OpenAPI document and the JSON cannot drift apart).

const isoOrNull = z.string().nullable();

export const postTargetOut = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  text: z.string().nullable(),
  state: z.enum(targetStates),
  publish_at: isoOrNull,
  next_attempt_at: isoOrNull,
  attempts: z.number().int(),
  outcome_unknown: z.boolean(),
  network_post_id: z.string().nullable(),
  network_url: z.string().nullable(),
  published_at: isoOrNull,
  error_class: z.enum(errorClasses).nullable(),
  error_message: z.string().nullable(),
  error_hint: z.string().nullable(),
});
export type PostTargetOut = z.infer<typeof postTargetOut>;

export const postOut = z.object({
  id: z.number().int(),
  text: z.string(),
  /** Upload ids. */
  media: z.array(z.number().int()),
  publish_at: isoOrNull,
  time_zone: z.string().nullable(),
  version: z.number().int(),
  state: z.enum(targetStates).meta({ description: "The post's overall state, from its targets' (failed first, then missed, publishing, scheduled, draft, published, cancelled)" }),
  author_id: z.number().int().nullable(),
  campaign_item_id: z.number().int().nullable(),
  campaign_id: z.number().int().nullable(),
  article_id: z.number().int().nullable(),
  schedule_id: z.number().int().nullable(),
  targets: z.array(postTargetOut),
  updated_at: z.string(),
});
export type PostOut = z.infer<typeof postOut>;

export const postAttemptOut = z.object({
  target_id: z.number().int(),
  attempt: z.number().int(),
  outcome: z.enum(["published", "verified", "retry", "refresh_token", "bad_body", "disconnect", "unknown", "skipped", "missed", "quota"]),
  message: z.string().nullable(),
  at: isoOrNull,
});
export type PostAttemptOut = z.infer<typeof postAttemptOut>;

/** `meta` of a list that pages only by cursor. */
export const cursorMetaOut = listMetaOut.pick({ next_cursor: true });
export type CursorMeta = z.infer<typeof cursorMetaOut>;

export const postAnswerOut = z.object({ data: postOut });
export const postListOut = z.object({ data: z.array(postOut), meta: cursorMetaOut });

export const freeSlotOut = z.object({
  /** The earliest free slot of the account's active schedules; null when none has one in twelve weeks. */
  slot: isoOrNull,
  schedule_id: z.number().int().nullable(),
});
export type FreeSlotOut = z.infer<typeof freeSlotOut>;

export const campaignScheduledOut = z.object({
  /** Posts made, one per piece. */
  scheduled: z.number().int(),
  /** Pieces left as they were: no date, no account for their channel, or scheduled before. */
  skipped: z.number().int(),
  /** Of the skipped, those waiting for approval (a workspace rule). */
  awaiting_approval: z.number().int(),
});
export type CampaignScheduledOut = z.infer<typeof campaignScheduledOut>;

export const scheduleOut = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  slots: z.array(slot),
  time_zone: z.string(),
  paused: z.boolean(),
  updated_at: z.string(),
});
export type ScheduleOut = z.infer<typeof scheduleOut>;

export const scheduleWithQueueOut = scheduleOut.extend({
  /** Its waiting and sent posts in slot order. */
  queue: z.array(postOut),
  /** Its next slots (two weeks, at most 20). */
  upcoming_slots: z.array(z.string()),
});
export type ScheduleWithQueueOut = z.infer<typeof scheduleWithQueueOut>;

export const queueReorderedOut = z.object({ reordered: z.number().int() });
export type QueueReorderedOut = z.infer<typeof queueReorderedOut>;

const mediaLimitsOut = z.object({
  images: z.number().int(),
  videos: z.number().int(),
  maxImageBytes: z.number().int(),
  maxVideoBytes: z.number().int(),
  aspectRatio: z.tuple([z.number(), z.number()]).nullable(),
  videoSeconds: z.tuple([z.number(), z.number()]).nullable(),
  mixed: z.boolean(),
});
const quotaOut = z.object({ posts: z.number().int(), windowMinutes: z.number().int() }).nullable();
const countOut = z.enum(["utf16", "graphemes", "x_weighted"]);

/** A network's limits as the connect dialog reads them (core/publishing/limits.ts). */
export const networkLimitsOut = z.object({
  label: z.string(),
  characters: z.number().int(),
  count: countOut,
  threadPosts: z.number().int(),
  hashtags: z.number().int().nullable(),
  mentions: z.number().int().nullable(),
  media: mediaLimitsOut,
  quota: quotaOut,
  source: z.string(),
}) satisfies z.ZodType<NetworkLimits>;

export const accountOut = z.object({
  id: z.number().int(),
  network: z.enum(networks),
  network_label: z.string(),
  display_name: z.string(),
  handle: z.string(),
  avatar_url: z.string().nullable(),
  external_id: z.string(),
  state: z.enum(accountStates),
  state_reason: z.string().nullable(),
  token_expires_at: isoOrNull,
  is_sandbox: z.boolean(),
  limits: z.object({
    characters: z.number().int(),
    count: countOut,
    thread_posts: z.number().int(),
    hashtags: z.number().int().nullable(),
    mentions: z.number().int().nullable(),
    quota: quotaOut,
    media: mediaLimitsOut,
    source: z.string(),
  }),
});
export type AccountOut = z.infer<typeof accountOut>;

const formFieldOut = z.object({ name: z.string(), label: z.string(), type: z.enum(["text", "password", "url"]), placeholder: z.string().nullable(), help: z.string().nullable() });

/** A network that can be connected here, and how (the connect dialog's buttons and forms). */
export const networkOut = z.object({
  network: z.enum(networks),
  label: z.string(),
  limits: networkLimitsOut,
  connectors: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      kind: z.enum(["local", "oauth", "form"]),
      /** Whether this deployment has the network's app keys. */
      configured: z.boolean(),
      fields: z.array(formFieldOut),
      instance_field: formFieldOut.nullable(),
      note: z.string().nullable(),
    }),
  ),
});
export type NetworkOut = z.infer<typeof networkOut>;

export const accountListOut = z.object({ data: z.array(accountOut), networks: z.array(networkOut), meta: cursorMetaOut });

export const sandboxEntryOut = z.object({
  id: z.number().int(),
  kind: z.enum(["post", "fault"]),
  account_id: z.number().int().nullable(),
  account_name: z.string().nullable(),
  handle: z.string().nullable(),
  external_id: z.string().nullable(),
  idempotency_key: z.string().nullable(),
  text: z.string(),
  media: z.array(z.string()),
  fault: z.string().nullable(),
  at: isoOrNull,
});
export type SandboxEntryOut = z.infer<typeof sandboxEntryOut>;

export const webhookOut = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  active: z.boolean(),
  /** The signing secret: only in the answer that creates the endpoint. */
  secret: z.string().optional(),
  created_at: z.string(),
});
export type WebhookOut = z.infer<typeof webhookOut>;

export const deliveryOut = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  event: z.enum(webhookEvents),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  error: z.string().nullable(),
  next_attempt_at: isoOrNull,
  delivered_at: isoOrNull,
  created_at: z.string(),
});
export type DeliveryOut = z.infer<typeof deliveryOut>;
