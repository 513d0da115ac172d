import { and, desc, eq, inArray } from "drizzle-orm";
import * as z from "zod";
import { idParam, workspaceParam } from "../../core/contracts/common";
import { createScheduleSchema, cursorMetaOut, cursorQuery, queueReorderedOut, reorderQueueSchema, scheduleOut, scheduleWithQueueOut, updateScheduleSchema, type QueueReorderedOut } from "../../core/contracts/posts";
import { publicRoute } from "../openapi/public-route";
import { runBatch } from "../db/batching";
import { postingSchedules, postTargets, scheduledPosts } from "../db/schema";
import { createApp } from "../lib/create-app";
import { Invalid, NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentSchedule } from "../presenters/posts";
import { broadcast } from "../services/publishing/events";
import { cursorWindow, keysetOrder, SCHEDULES } from "../services/publishing/keysets";
import { accountsById } from "../services/publishing/posts";
import { scheduleWithQueue } from "../services/publishing/reads";
import { actorForRow } from "./workspace-rows";

/**
 * Posting schedules: weekly slots per account in a time zone. "Add to queue" (POST /posts
 * with schedule_id) fills the next free slot; reordering the queue hands the slots out again
 * in the new order; a paused schedule holds its posts until it is resumed.
 */

const PENDING = ["draft", "scheduled"] as const;

export const schedulesApi = createApp()
  .get(
    "/w/:ws/schedules",
    publicRoute({
      scope: "read",
      tag: "Schedules",
      summary: "List posting schedules",
      description: "The workspace's posting schedules by name. Without `cursor` or `limit`, all of them; with them, pages of `limit` (50 by default).",
      response: z.object({ data: z.array(scheduleOut), meta: cursorMetaOut }),
      example: { params: { ws: "$workspace" }, query: { limit: "20" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", cursorQuery),
    async (c) => {
    const actor = c.get("actor");
    authorize(actor, "posts.read");
    const { window, page } = cursorWindow(SCHEDULES, c.req.valid("query"));
    const query = c
      .get("db")
      .select()
      .from(postingSchedules)
      .where(and(eq(postingSchedules.workspaceId, actor.workspaceId), window?.where))
      .orderBy(...keysetOrder(SCHEDULES))
      .$dynamic();
    const rows = await (window ? query.limit(window.limit) : query);
    return c.json(page(rows.map(presentSchedule)));
    },
  )

  .post(
    "/w/:ws/schedules",
    publicRoute({
      scope: "publish",
      tag: "Schedules",
      summary: "Create a posting schedule",
      description: "Weekly slots (day and local time) for one account in a time zone. A post scheduled with `schedule_id` takes the next slot no other post holds; a paused schedule fills no slots.",
      response: z.object({ data: scheduleOut }),
      status: 201,
      errors: [404],
      example: { params: { ws: "$workspace" }, body: { account_id: "$account", name: "Weekday mornings", slots: [{ day: "mon", time: "09:00" }, { day: "thu", time: "09:00" }], time_zone: "Europe/Paris" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("json", createScheduleSchema),
    async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "posts.schedule");
    const input = c.req.valid("json");
    await accountsById(db, actor.workspaceId, [input.account_id]);
    const [schedule] = await db
      .insert(postingSchedules)
      .values({ workspaceId: actor.workspaceId, accountId: input.account_id, name: input.name, slots: input.slots, timeZone: input.time_zone, paused: input.paused })
      .returning();
    return c.json({ data: presentSchedule(schedule!) }, 201);
    },
  )

  .get(
    "/schedules/:id",
    publicRoute({
      scope: "read",
      tag: "Schedules",
      summary: "Get a posting schedule",
      description: "The schedule with its queue (its posts in slot order, at most 200) and its next slots.",
      response: z.object({ data: scheduleWithQueueOut }),
      errors: [404],
      example: { params: { id: "$schedule" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const db = c.get("db");
    const [schedule] = await db.select().from(postingSchedules).where(eq(postingSchedules.id, c.req.valid("param").id));
    if (!schedule) throw new NotFound("Schedule not found");
    await actorForRow(c, schedule.workspaceId, "posts.read", "Schedule not found");
    return c.json({ data: await scheduleWithQueue(db, schedule) });
    },
  )

  .patch(
    "/schedules/:id",
    publicRoute({
      scope: "publish",
      tag: "Schedules",
      summary: "Change a posting schedule",
      description: "Renames it, replaces its slots, changes its time zone, or pauses or resumes it. Posts already in its queue keep their times.",
      response: z.object({ data: scheduleOut }),
      errors: [404],
      example: { params: { id: "$schedule" }, body: { slots: [{ day: "tue", time: "08:30" }, { day: "fri", time: "16:00" }], paused: false } },
    }),
    requireSession,
    validate("param", idParam),
    validate("json", updateScheduleSchema),
    async (c) => {
    const db = c.get("db");
    const [schedule] = await db.select().from(postingSchedules).where(eq(postingSchedules.id, c.req.valid("param").id));
    if (!schedule) throw new NotFound("Schedule not found");
    await actorForRow(c, schedule.workspaceId, "posts.schedule", "Schedule not found");
    const input = c.req.valid("json");
    const [updated] = await db
      .update(postingSchedules)
      .set({ name: input.name, slots: input.slots, timeZone: input.time_zone, paused: input.paused, updatedAt: new Date() })
      .where(eq(postingSchedules.id, schedule.id))
      .returning();
    await broadcast(c.env, schedule.workspaceId, { type: "post.updated" });
    return c.json({ data: presentSchedule(updated!) });
    },
  )

  .delete(
    "/schedules/:id",
    publicRoute({
      scope: "publish",
      tag: "Schedules",
      summary: "Delete a posting schedule",
      description: "Its posts keep their times; they just leave the queue.",
      response: null,
      status: 204,
      errors: [404],
      example: { params: { id: "$schedule" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const db = c.get("db");
    const [schedule] = await db.select().from(postingSchedules).where(eq(postingSchedules.id, c.req.valid("param").id));
    if (!schedule) throw new NotFound("Schedule not found");
    await actorForRow(c, schedule.workspaceId, "posts.schedule", "Schedule not found");
    // Its posts keep their times; they just leave the queue.
    await runBatch(db, [db.update(scheduledPosts).set({ scheduleId: null }).where(eq(scheduledPosts.scheduleId, schedule.id)), db.delete(postingSchedules).where(eq(postingSchedules.id, schedule.id))]);
    return c.body(null, 204);
    },
  )

  .put(
    "/schedules/:id/queue",
    publicRoute({
      scope: "publish",
      tag: "Schedules",
      summary: "Reorder a schedule's queue",
      description: "`post_ids` lists every waiting post of the queue once, in the new order; they take the queue's slots, earliest first, in that order.",
      response: z.object({ data: queueReorderedOut }),
      errors: [404],
      example: { params: { id: "$schedule" }, body: { post_ids: ["$post"] } },
    }),
    requireSession,
    validate("param", idParam),
    validate("json", reorderQueueSchema),
    async (c) => {
    const db = c.get("db");
    const [schedule] = await db.select().from(postingSchedules).where(eq(postingSchedules.id, c.req.valid("param").id));
    if (!schedule) throw new NotFound("Schedule not found");
    await actorForRow(c, schedule.workspaceId, "posts.schedule", "Schedule not found");
    const { post_ids } = c.req.valid("json");
    const queued = await db
      .select({ post: scheduledPosts, state: postTargets.state })
      .from(scheduledPosts)
      .innerJoin(postTargets, and(eq(postTargets.postId, scheduledPosts.id), eq(postTargets.accountId, schedule.accountId)))
      .where(and(eq(scheduledPosts.scheduleId, schedule.id), inArray(postTargets.state, [...PENDING])))
      .orderBy(desc(scheduledPosts.id));
    const ids = new Set(queued.map((row) => row.post.id));
    if (post_ids.length !== ids.size || post_ids.some((id) => !ids.has(id))) {
      throw new Invalid("post_ids must list every waiting post of this queue once", { post_ids: ["must list every waiting post of this queue once"] });
    }
    // The queue's slots, earliest first, handed out in the new order.
    const slots = [...new Set([...queued.map((row) => row.post.publishAt)])].sort((a, b) => a - b);
    await runBatch(
      db,
      post_ids.flatMap((postId, index) => {
        const at = slots[index]!;
        const post = queued.find((row) => row.post.id === postId)!.post;
        return [
          db.update(scheduledPosts).set({ publishAt: at, queuePosition: index, version: post.version + 1, updatedAt: new Date() }).where(eq(scheduledPosts.id, postId)),
          db.update(postTargets).set({ publishAt: at, nextAttemptAt: null }).where(and(eq(postTargets.postId, postId), inArray(postTargets.state, [...PENDING]))),
        ];
      }),
    );
    await broadcast(c.env, schedule.workspaceId, { type: "post.updated" });
    const data: QueueReorderedOut = { reordered: post_ids.length };
    return c.json({ data });
    },
  );
