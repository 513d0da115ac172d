import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Context } from "hono";
import { idParam, workspaceParam } from "../../core/contracts/common";
import * as z from "zod";
import {
  campaignScheduledOut,
  createPostSchema,
  findSlotQuery,
  freeSlotOut,
  listPostsQuery,
  postAnswerOut,
  postAttemptOut,
  postListOut,
  postOut,
  scheduleCampaignSchema,
  updatePostSchema,
  type CampaignScheduledOut,
  type FreeSlotOut,
} from "../../core/contracts/posts";
import { publicRoute } from "../openapi/public-route";
import { localToInstant } from "../../core/publishing/time";
import { runBatch } from "../db/batching";
import { articles, campaignItems, campaigns, postAttempts, postingSchedules, postTargets, scheduledPosts, type Article, type CampaignItem, type PostTarget, type ScheduledPost } from "../db/schema";
import type { Database } from "../db/client";
import { createApp, type AppEnv } from "../lib/create-app";
import { Conflict, Invalid, NotFound, Unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize, type Action, type Actor } from "../policies";
import { presentAttempt, presentPost } from "../presenters/posts";
import { monthStart } from "../../core/billing/plans";
import { authorizeWithinPlanOf } from "../services/billing/entitlements";
import { claimAndQueue } from "../services/publishing/claim";
import { broadcast } from "../services/publishing/events";
import { accountsById, checkTargets, nextFreeSlot, publishInstant, readableMedia } from "../services/publishing/posts";
import { cursorWindow, POSTS } from "../services/publishing/keysets";
import { postsInRange } from "../services/publishing/reads";
import { publisherDeps } from "../services/publishing/queue";
import { readableArticle } from "../services/documents";
import { awaitingApproval } from "../services/reviews";
import { requestFacts } from "./articles";
import { actorForRow } from "./workspace-rows";

/**
 * Scheduled posts: compose for several accounts, reschedule, cancel, duplicate, publish now,
 * the calendar's range query and the next free slot. Every write is validated against the
 * networks' limits and quotas first and lands in one batch.
 */

/** Targets that may still change: not sent, not being sent right now. */
const CHANGEABLE = ["draft", "scheduled", "publishing", "failed", "missed", "cancelled"] as const;
const sending = (target: PostTarget) => target.state === "publishing" && target.sendAttempt === target.attempt;

/** A post and who acts on it, when they may `action` there (a key with the publish scope alone may still change it). */
async function loadPost(c: Context<AppEnv>, id: number, action: Action) {
  const db = c.get("db");
  const [post] = await db.select().from(scheduledPosts).where(eq(scheduledPosts.id, id));
  if (!post) throw new NotFound("Post not found");
  const actor = await actorForRow(c, post.workspaceId, action, "Post not found");
  const targets = await db.select().from(postTargets).where(eq(postTargets.postId, id)).orderBy(asc(postTargets.id));
  return { actor, post, targets };
}

async function presentOne(db: Database, post: ScheduledPost) {
  const targets = await db.select().from(postTargets).where(eq(postTargets.postId, post.id)).orderBy(asc(postTargets.id));
  return presentPost(post, targets);
}

const zoneOf = (actor: Actor, input: { time_zone?: string }) => input.time_zone ?? actor.workspaceSettings.preferences?.time_zone ?? "UTC";

/**
 * "Publish now": the same claim the cron makes, limited to this post's targets. Each account
 * sends this post first when it has nothing in flight; the account's earlier due posts are not
 * sent out of turn by it: those still within the late window follow, in their order, when this
 * one is done; those past it become missed (the claim's one late rule). When the account is
 * mid-send, this post takes its turn by due time after the posts already due before it.
 */
async function kick(db: Database, env: Env, targets: Pick<PostTarget, "id" | "accountId">[]) {
  const now = Date.now();
  const deps = publisherDeps(db, env);
  for (const accountId of new Set(targets.map((t) => t.accountId))) {
    await claimAndQueue(deps, now, { accountId, targetIds: targets.filter((t) => t.accountId === accountId).map((t) => t.id), limit: 1 });
  }
}

type PostSource = { article?: Pick<Article, "title" | "status">; item?: Pick<CampaignItem, "title" | "channel" | "status"> };

/**
 * The statuses tab's rules for a post that is to go out: made from a document ("scheduled
 * posts") or from a campaign piece ("campaign pieces"), it waits until that is approved.
 */
async function holdUnapproved(db: Database, workspaceId: number, { article, item }: PostSource) {
  if (article && (await awaitingApproval(db, workspaceId, "scheduled_posts", [article])).length) {
    throw new Unprocessable(`"${article.title}" must be approved before it is scheduled (a workspace rule). Request an approval review first.`, { article_id: ["is not approved yet"] });
  }
  if (item && (await awaitingApproval(db, workspaceId, "campaign_pieces", [item])).length) {
    throw new Unprocessable(`"${item.title || item.channel}" must be approved before it is scheduled (a workspace rule). Approve the campaign piece first.`, { campaign_item_id: ["is not approved yet"] });
  }
}

/** A draft that is now leaving draft (scheduled, or sent now) meets the same rules as scheduling it. */
async function holdUnapprovedDraft(db: Database, post: ScheduledPost, targets: PostTarget[]) {
  if (!targets.every((t) => t.state === "draft")) return;
  const [article] = post.articleId
    ? await db.select({ title: articles.title, status: articles.status }).from(articles).where(and(eq(articles.id, post.articleId), eq(articles.workspaceId, post.workspaceId)))
    : [];
  const [item] = post.campaignItemId
    ? await db.select({ title: campaignItems.title, channel: campaignItems.channel, status: campaignItems.status }).from(campaignItems).where(eq(campaignItems.id, post.campaignItemId))
    : [];
  await holdUnapproved(db, post.workspaceId, { article, item });
}

export const postsApi = createApp()
  .get(
    "/w/:ws/posts",
    publicRoute({
      scope: "read",
      tag: "Posts",
      summary: "List posts in a time range",
      description:
        "Posts with a target due in [from, to) (at most 100 days), in time order, each with all its targets. Filters narrow by a target's state, account or network, or by campaign. Without `cursor` or `limit` the whole range is answered (up to 1000 posts); with them, pages of `limit` (50 by default).",
      response: postListOut,
      example: { params: { ws: "$workspace" }, query: { from: "2026-01-01T00:00:00Z", to: "2026-04-01T00:00:00Z", limit: "20" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", listPostsQuery),
    async (c) => {
      const db = c.get("db");
      const actor = c.get("actor");
      authorize(actor, "posts.read");
      const query = c.req.valid("query");
      const from = Date.parse(query.from);
      const to = Date.parse(query.to);
      if (to <= from) throw new Invalid("to must be after from", { to: ["must be after from"] });
      if (to - from > 100 * 24 * 60 * 60 * 1000) throw new Invalid("The range is too long (at most 100 days)", { to: ["is more than 100 days after from"] });
      const { window, page } = cursorWindow(POSTS, query);
      const posts = await postsInRange(db, actor.workspaceId, { from, to, state: query.state, accountId: query.account_id, network: query.network, campaignId: query.campaign_id }, window);
      return c.json(page(posts));
    },
  )

  .get(
    "/w/:ws/posts/find_slot",
    publicRoute({
      scope: "read",
      tag: "Posts",
      summary: "Find the next free slot",
      description: "The earliest slot of the account's active posting schedules that no waiting or sent post holds, after `after` (default: now); null when none has one in the next twelve weeks.",
      response: z.object({ data: freeSlotOut }),
      errors: [404],
      example: { params: { ws: "$workspace" }, query: { account_id: "$account" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", findSlotQuery),
    async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "posts.read");
    const query = c.req.valid("query");
    await accountsById(db, actor.workspaceId, [query.account_id]);
    const after = Math.max(Date.now(), query.after ? Date.parse(query.after) : 0);
    const schedules = await db
      .select()
      .from(postingSchedules)
      .where(and(eq(postingSchedules.workspaceId, actor.workspaceId), eq(postingSchedules.accountId, query.account_id), eq(postingSchedules.paused, false)));
    let best: { at: number; scheduleId: number } | null = null;
    for (const schedule of schedules) {
      const at = await nextFreeSlot(db, schedule, after);
      if (at !== null && (!best || at < best.at)) best = { at, scheduleId: schedule.id };
    }
    const data: FreeSlotOut = best ? { slot: new Date(best.at).toISOString(), schedule_id: best.scheduleId } : { slot: null, schedule_id: null };
    return c.json({ data });
    },
  )

  .post(
    "/w/:ws/posts",
    publicRoute({
      scope: "publish",
      tag: "Posts",
      summary: "Schedule a post",
      description:
        "One post for one or more accounts (`targets`, each with its own text if it differs), at an instant (`publish_at`), at a wall-clock time in a zone (`local_time` + `time_zone`), in the next free slot of a posting schedule (`schedule_id`), or saved as a draft. Each target is checked against its network's limits, the account's state and its rolling quota before anything is written; a refusal names the field and the rule. A post made from a document or a campaign piece waits for its approval when the workspace requires one (422). The post's author is the key's user.",
      response: postAnswerOut,
      status: 201,
      errors: [402, 404, 422],
      example: { params: { ws: "$workspace" }, body: { text: "Our spring menu is out: seasonal greens, new desserts.", targets: [{ account_id: "$account" }], publish_at: "2030-03-28T09:00:00Z" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("json", createPostSchema),
    async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "posts.schedule");
    const input = c.req.valid("json");
    const accounts = await accountsById(db, actor.workspaceId, input.targets.map((t) => t.account_id));
    const media = await readableMedia(db, actor, input.media);
    const zone = zoneOf(actor, input);
    let publishAt = publishInstant(input);
    let scheduleId: number | null = null;
    if (input.schedule_id) {
      // "Add to queue": the schedule's next free slot.
      const [schedule] = await db.select().from(postingSchedules).where(and(eq(postingSchedules.id, input.schedule_id), eq(postingSchedules.workspaceId, actor.workspaceId)));
      if (!schedule) throw new NotFound("Schedule not found");
      if (!accounts.has(schedule.accountId)) throw new Invalid("The schedule belongs to an account this post does not target", { schedule_id: ["is for another account"] });
      publishAt = await nextFreeSlot(db, schedule, Math.max(Date.now(), publishAt ?? 0));
      if (publishAt === null) throw new Invalid("The schedule has no free slot in the next twelve weeks: add slots first", { schedule_id: ["has no free slot"] });
      scheduleId = schedule.id;
    }
    if (input.article_id) {
      // A document named in the body passes the same read check as opening it, and the
      // workspace's approval rule for scheduled posts.
      const { article } = await readableArticle(db, actor, input.article_id, requestFacts(c));
      if (!input.draft) await holdUnapproved(db, actor.workspaceId, { article });
    }
    if (input.campaign_item_id) {
      const [item] = await db
        .select({ id: campaignItems.id, title: campaignItems.title, channel: campaignItems.channel, status: campaignItems.status })
        .from(campaignItems)
        .innerJoin(campaigns, eq(campaigns.id, campaignItems.campaignId))
        .where(and(eq(campaignItems.id, input.campaign_item_id), eq(campaigns.workspaceId, actor.workspaceId)));
      if (!item) throw new NotFound("Campaign item not found");
      if (!input.draft) await holdUnapproved(db, actor.workspaceId, { item });
    }
    const at = publishAt ?? Date.now();
    await checkTargets(db, c.env, { text: input.text, targets: input.targets, media, publishAt, accounts, scheduling: !input.draft, timeZone: zone, now: Date.now() });
    // Each network a scheduled post goes to counts against the plan's scheduled posts; a draft does not.
    await authorizeWithinPlanOf(db, c.env, actor, "scheduled_posts", input.draft ? 0 : input.targets.length);
    const newPostId = sql`(SELECT max(id) FROM scheduled_posts WHERE workspace_id = ${actor.workspaceId})`;
    await runBatch(db, [
      db.insert(scheduledPosts).values({
        workspaceId: actor.workspaceId,
        authorId: actor.userId,
        text: input.text,
        media: input.media,
        publishAt: at,
        timeZone: zone,
        scheduleId,
        campaignItemId: input.campaign_item_id ?? null,
        articleId: input.article_id ?? null,
      }),
      ...input.targets.map((target) =>
        db.insert(postTargets).values({
          postId: newPostId as unknown as number,
          workspaceId: actor.workspaceId,
          accountId: target.account_id,
          text: target.text ?? null,
          state: input.draft ? "draft" : "scheduled",
          idempotencyKey: crypto.randomUUID(),
          publishAt: at,
        }),
      ),
    ]);
    const [post] = await db.select().from(scheduledPosts).where(and(eq(scheduledPosts.workspaceId, actor.workspaceId), eq(scheduledPosts.authorId, actor.userId))).orderBy(desc(scheduledPosts.id)).limit(1);
    await broadcast(c.env, actor.workspaceId, { type: "post.updated", post_id: post!.id });
    return c.json({ data: await presentOne(db, post!) }, 201);
    },
  )

  .get(
    "/posts/:id",
    publicRoute({
      scope: "read",
      tag: "Posts",
      summary: "Get a post",
      description: "A scheduled post with its targets (one per account) and the latest send attempts.",
      response: z.object({ data: postOut.extend({ attempts: z.array(postAttemptOut) }) }),
      errors: [404],
      example: { params: { id: "$post" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const { post, targets } = await loadPost(c, c.req.valid("param").id, "posts.read");
    const attempts = targets.length
      ? await c.get("db").select().from(postAttempts).where(inArray(postAttempts.targetId, targets.map((t) => t.id))).orderBy(asc(postAttempts.id)).limit(200)
      : [];
    return c.json({ data: { ...presentPost(post, targets), attempts: attempts.map(presentAttempt) } });
    },
  )

  .patch(
    "/posts/:id",
    publicRoute({
      scope: "publish",
      tag: "Posts",
      summary: "Change or reschedule a post",
      description:
        "Changes the text, accounts, media or time of a post that has not gone out everywhere (targets already published stay as they went out), or turns a draft into a scheduled post (`draft: false`). Send the `version` you read: if the post changed since, the answer is 409. A post being sent right now is 409 too.",
      response: postAnswerOut,
      errors: [402, 404, 409, 422],
      example: { params: { id: "$post" }, body: { version: 1, publish_at: "2030-04-02T10:30:00Z" } },
    }),
    requireSession,
    validate("param", idParam),
    validate("json", updatePostSchema),
    async (c) => {
    const db = c.get("db");
    const { actor, post, targets } = await loadPost(c, c.req.valid("param").id, "posts.schedule");
    authorize(actor, "posts.schedule");
    const input = c.req.valid("json");
    if (input.version !== post.version) throw new Conflict("Someone changed this post since you opened it. Reload it to see their changes.");
    const busy = targets.find(sending);
    if (busy) throw new Conflict("This post is being published right now. Edit it once it is done.");
    const wanted = input.targets ?? targets.map((t) => ({ account_id: t.accountId, text: t.text }));
    const accounts = await accountsById(db, post.workspaceId, wanted.map((t) => t.account_id));
    const mediaIds = input.media ?? post.media;
    const media = await readableMedia(db, actor, mediaIds);
    const zone = input.time_zone ?? post.timeZone;
    const publishAt = publishInstant(input) ?? post.publishAt;
    const text = input.text ?? post.text;
    const draft = input.draft ?? targets.every((t) => t.state === "draft");
    if (!draft) await holdUnapprovedDraft(db, post, targets);
    const published = new Map(targets.filter((t) => t.state === "published").map((t) => [t.accountId, t]));
    // Published targets are history: their text and time stay as they went out.
    const open = wanted.filter((t) => !published.has(t.account_id));
    await checkTargets(db, c.env, { text, targets: open, media, publishAt, accounts, scheduling: !draft, excludePostId: post.id, timeZone: zone, now: Date.now() });
    const existing = new Map(targets.map((t) => [t.accountId, t]));
    const removed = targets.filter((t) => t.state !== "published" && !wanted.some((w) => w.account_id === t.accountId));
    const state = draft ? ("draft" as const) : ("scheduled" as const);
    if (!draft) {
      // Scheduling a network not counted yet (new here, or a draft until now) adds to the month's
      // scheduled posts; dropping one counted this month makes room for it.
      const since = monthStart(new Date()).getTime();
      const adding = open.filter((target) => (existing.get(target.account_id)?.state ?? "draft") === "draft").length;
      const freed = removed.filter((target) => target.state !== "draft" && target.createdAt.getTime() >= since).length;
      await authorizeWithinPlanOf(db, c.env, actor, "scheduled_posts", adding - freed);
    }
    const [updated] = await runBatch(db, [
      db
        .update(scheduledPosts)
        .set({ text, media: mediaIds, publishAt, timeZone: zone, version: post.version + 1, updatedAt: new Date() })
        .where(and(eq(scheduledPosts.id, post.id), eq(scheduledPosts.version, post.version)))
        .returning({ id: scheduledPosts.id }),
      ...(removed.length ? [db.delete(postTargets).where(and(inArray(postTargets.id, removed.map((t) => t.id)), or(ne(postTargets.state, "publishing"), isNull(postTargets.sendAttempt), ne(postTargets.sendAttempt, postTargets.attempt))))] : []),
      ...open.map((target) => {
        const before = existing.get(target.account_id);
        if (!before) {
          return db.insert(postTargets).values({ postId: post.id, workspaceId: post.workspaceId, accountId: target.account_id, text: target.text ?? null, state, idempotencyKey: crypto.randomUUID(), publishAt });
        }
        // Back to waiting, with a clean slate; the conditions keep a send in flight untouched.
        return db
          .update(postTargets)
          .set({ text: target.text ?? null, state, publishAt, nextAttemptAt: null, leaseUntil: null, attemptFloor: sql`${postTargets.attempt}`, errorClass: null, errorMessage: null, errorHint: null, updatedAt: new Date() })
          .where(and(eq(postTargets.id, before.id), inArray(postTargets.state, [...CHANGEABLE]), or(ne(postTargets.state, "publishing"), isNull(postTargets.sendAttempt), ne(postTargets.sendAttempt, postTargets.attempt))));
      }),
    ]);
    if ((updated as unknown[]).length === 0) throw new Conflict("Someone changed this post since you opened it. Reload it to see their changes.");
    const [fresh] = await db.select().from(scheduledPosts).where(eq(scheduledPosts.id, post.id));
    await broadcast(c.env, post.workspaceId, { type: "post.updated", post_id: post.id });
    return c.json({ data: await presentOne(db, fresh!) });
    },
  )

  .post(
    "/posts/:id/cancel",
    publicRoute({
      scope: "publish",
      tag: "Posts",
      summary: "Cancel a post",
      description: "Cancels every target that has not gone out; published ones stay published. A cancelled post can be rescheduled with a PATCH. A post being sent right now is 409.",
      response: postAnswerOut,
      errors: [404, 409],
      example: { params: { id: "$post" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const db = c.get("db");
    const { actor, post, targets } = await loadPost(c, c.req.valid("param").id, "posts.schedule");
    authorize(actor, "posts.schedule");
    if (targets.some(sending)) throw new Conflict("This post is being published right now; it can no longer be cancelled.");
    await runBatch(db, [
      db
        .update(postTargets)
        .set({ state: "cancelled", leaseUntil: null, updatedAt: new Date() })
        .where(and(eq(postTargets.postId, post.id), inArray(postTargets.state, ["draft", "scheduled", "publishing", "failed", "missed"]), or(ne(postTargets.state, "publishing"), isNull(postTargets.sendAttempt), ne(postTargets.sendAttempt, postTargets.attempt)))),
      db.update(scheduledPosts).set({ version: post.version + 1, updatedAt: new Date() }).where(eq(scheduledPosts.id, post.id)),
    ]);
    const [fresh] = await db.select().from(scheduledPosts).where(eq(scheduledPosts.id, post.id));
    await broadcast(c.env, post.workspaceId, { type: "post.updated", post_id: post.id });
    return c.json({ data: await presentOne(db, fresh!) });
    },
  )

  .delete(
    "/posts/:id",
    publicRoute({
      scope: "publish",
      tag: "Posts",
      summary: "Delete a post",
      description: "Deletes the post and its targets (what already went out stays on the networks). A post being sent right now is 409.",
      response: null,
      status: 204,
      errors: [404, 409],
      example: { params: { id: "$post" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const db = c.get("db");
    const { actor, post, targets } = await loadPost(c, c.req.valid("param").id, "posts.schedule");
    authorize(actor, "posts.schedule");
    if (targets.some(sending)) throw new Conflict("This post is being published right now. Delete it once it is done.");
    // The publisher re-reads before sending: a deleted post is simply not found.
    await db.delete(scheduledPosts).where(eq(scheduledPosts.id, post.id));
    await broadcast(c.env, post.workspaceId, { type: "post.deleted", post_id: post.id });
    return c.body(null, 204);
    },
  )

  .post(
    "/posts/:id/duplicate",
    publicRoute({
      scope: "publish",
      tag: "Posts",
      summary: "Duplicate a post",
      description: "A copy of the post (text, media, accounts, time) as a draft, authored by the caller; schedule it with a PATCH (`draft: false`).",
      response: postAnswerOut,
      status: 201,
      errors: [404],
      example: { params: { id: "$post" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const db = c.get("db");
    const { actor, post, targets } = await loadPost(c, c.req.valid("param").id, "posts.schedule");
    authorize(actor, "posts.schedule");
    const newPostId = sql`(SELECT max(id) FROM scheduled_posts WHERE workspace_id = ${post.workspaceId})`;
    await runBatch(db, [
      db.insert(scheduledPosts).values({ workspaceId: post.workspaceId, authorId: actor.userId, text: post.text, media: post.media, publishAt: post.publishAt, timeZone: post.timeZone, campaignItemId: post.campaignItemId, articleId: post.articleId }),
      ...targets.map((target) =>
        db.insert(postTargets).values({ postId: newPostId as unknown as number, workspaceId: post.workspaceId, accountId: target.accountId, text: target.text, state: "draft", idempotencyKey: crypto.randomUUID(), publishAt: post.publishAt }),
      ),
    ]);
    const [copy] = await db.select().from(scheduledPosts).where(eq(scheduledPosts.workspaceId, post.workspaceId)).orderBy(desc(scheduledPosts.id)).limit(1);
    await broadcast(c.env, post.workspaceId, { type: "post.updated", post_id: copy!.id });
    return c.json({ data: await presentOne(db, copy!) }, 201);
    },
  )

  .post(
    "/posts/:id/publish_now",
    publicRoute({
      scope: "publish",
      tag: "Posts",
      summary: "Publish a post now",
      description:
        "Sends the post's waiting, failed or missed targets now, through the same queue as scheduled sends (each account sends one post at a time). The answer is 202: the targets are `scheduled` or `publishing`; read the post again, or listen for the `post.published` webhook, to learn the outcome. 409 when nothing is left to send.",
      response: postAnswerOut,
      status: 202,
      errors: [402, 404, 409, 422],
      example: { params: { id: "$post" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const db = c.get("db");
    const { actor, post, targets } = await loadPost(c, c.req.valid("param").id, "posts.publish_now");
    authorize(actor, "posts.publish_now");
    const waiting = targets.filter((t) => ["draft", "scheduled", "failed", "missed"].includes(t.state));
    if (waiting.length === 0) throw new Conflict("Nothing left to publish: every account has it already, or it is on its way.");
    await holdUnapprovedDraft(db, post, targets);
    const accounts = await accountsById(db, post.workspaceId, waiting.map((t) => t.accountId));
    const media = await readableMedia(db, actor, post.media);
    const now = Date.now();
    await checkTargets(db, c.env, { text: post.text, targets: waiting.map((t) => ({ account_id: t.accountId, text: t.text })), media, publishAt: now, accounts, scheduling: true, excludePostId: post.id, timeZone: post.timeZone });
    // A draft sent now is scheduled for the first time: it counts like any scheduled post.
    await authorizeWithinPlanOf(db, c.env, actor, "scheduled_posts", waiting.filter((t) => t.state === "draft").length);
    await runBatch(db, [
      db
        .update(postTargets)
        .set({ state: "scheduled", publishAt: now, nextAttemptAt: null, leaseUntil: null, attemptFloor: sql`${postTargets.attempt}`, errorClass: null, errorMessage: null, errorHint: null, updatedAt: new Date() })
        .where(and(inArray(postTargets.id, waiting.map((t) => t.id)), inArray(postTargets.state, ["draft", "scheduled", "failed", "missed"]))),
      db.update(scheduledPosts).set({ publishAt: now, updatedAt: new Date() }).where(eq(scheduledPosts.id, post.id)),
    ]);
    // The same path as the cron: claim, queue, publish. No second way to send.
    await kick(db, c.env, waiting);
    const [fresh] = await db.select().from(scheduledPosts).where(eq(scheduledPosts.id, post.id));
    await broadcast(c.env, post.workspaceId, { type: "post.updated", post_id: post.id });
    return c.json({ data: await presentOne(db, fresh!) }, 202);
    },
  )

  .post(
    "/campaigns/:id/schedule",
    publicRoute({
      scope: "publish",
      tag: "Posts",
      summary: "Schedule a campaign's pieces",
      description:
        "One post per campaign piece that has a date and a channel you chose an account for (`accounts`: channel to account id), at `time` on the piece's date in `time_zone`, skipping pieces scheduled before. Pieces waiting for approval (a workspace rule) are counted in `awaiting_approval`; when all of them wait, the answer is 422.",
      response: z.object({ data: campaignScheduledOut }),
      errors: [402, 404, 422],
      status: 201,
      example: { params: { id: "$campaign" }, body: { accounts: { linkedin: "$account", facebook: "$account", instagram: "$account", twitter: "$account" }, time: "09:30", time_zone: "Europe/Paris" } },
    }),
    requireSession,
    validate("param", idParam),
    validate("json", scheduleCampaignSchema),
    async (c) => {
    const db = c.get("db");
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, c.req.valid("param").id));
    if (!campaign) throw new NotFound("Campaign not found");
    const actor = await actorForRow(c, campaign.workspaceId, "posts.schedule", "Campaign not found");
    const input = c.req.valid("json");
    const accounts = await accountsById(db, campaign.workspaceId, Object.values(input.accounts));
    const items = await db.select().from(campaignItems).where(eq(campaignItems.campaignId, campaign.id)).orderBy(asc(campaignItems.position));
    const already = new Set(
      (await db.select({ itemId: scheduledPosts.campaignItemId }).from(scheduledPosts).where(inArray(scheduledPosts.campaignItemId, items.map((i) => i.id).concat(0)))).map((row) => row.itemId),
    );
    // Pieces with a date, for a channel that has an account, not scheduled before; of those, the
    // workspace's statuses tab may hold back the unapproved ones ("campaign pieces").
    const waiting = items.filter((item) => item.publishOn && item.channel && input.accounts[item.channel] && !already.has(item.id));
    if (waiting.length === 0) {
      throw new Invalid("No pieces are waiting to be scheduled for the channels you chose.", { accounts: ["no unscheduled piece for these channels"] });
    }
    const held = new Set(await awaitingApproval(db, campaign.workspaceId, "campaign_pieces", waiting));
    const chosen = waiting.filter((item) => !held.has(item));
    if (chosen.length === 0) {
      throw new Unprocessable(
        `The pieces of "${campaign.name}" for these channels must be approved before they are scheduled (a workspace rule). Approve them first.`,
        Object.fromEntries([...held].map((item) => [`items.${item.id}.status`, ["is not approved yet"]])),
      );
    }
    const now = Date.now();
    const planned = chosen.map((item) => {
      const text = [item.body, item.hashtags.length ? item.hashtags.map((tag) => (tag.startsWith("#") ? tag : `#${tag}`)).join(" ") : ""].filter(Boolean).join("\n\n");
      return { item, accountId: input.accounts[item.channel!]!, text, publishAt: Math.max(now + 60_000, localToInstant(`${item.publishOn}T${input.time}`, input.time_zone)) };
    });
    for (const plan of planned) {
      await checkTargets(db, c.env, { text: plan.text, targets: [{ account_id: plan.accountId }], media: [], publishAt: plan.publishAt, accounts, scheduling: true, timeZone: input.time_zone }).catch((error: unknown) => {
        if (error instanceof Invalid) throw new Invalid(`"${plan.item.title || plan.item.channel}" (${plan.item.publishOn}): ${error.message}`, { [`items.${plan.item.id}`]: [error.message] });
        throw error;
      });
    }
    await authorizeWithinPlanOf(db, c.env, actor, "scheduled_posts", planned.length);
    await runBatch(
      db,
      planned.flatMap((plan) => {
        const postId = sql`(SELECT id FROM scheduled_posts WHERE campaign_item_id = ${plan.item.id} ORDER BY id DESC LIMIT 1)`;
        return [
          db.insert(scheduledPosts).values({ workspaceId: campaign.workspaceId, authorId: actor.userId, text: plan.text, publishAt: plan.publishAt, timeZone: input.time_zone, campaignItemId: plan.item.id }),
          db.insert(postTargets).values({ postId: postId as unknown as number, workspaceId: campaign.workspaceId, accountId: plan.accountId, state: "scheduled", idempotencyKey: crypto.randomUUID(), publishAt: plan.publishAt }),
        ];
      }),
    );
    await broadcast(c.env, campaign.workspaceId, { type: "post.updated" });
    const data: CampaignScheduledOut = { scheduled: planned.length, skipped: items.length - planned.length, awaiting_approval: held.size };
    return c.json({ data }, 201);
    },
  );

