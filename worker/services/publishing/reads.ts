import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import type { Network } from "../../../core/publishing/limits";
import type { TargetState } from "../../../core/publishing/states";
import { slotInstants } from "../../../core/publishing/time";
import type { Database } from "../../db/client";
import { campaignItems, postTargets, sandboxTimeline, scheduledPosts, socialAccounts, webhookDeliveries, webhookEndpoints, type PostingSchedule, type PostTarget } from "../../db/schema";
import { presentDelivery, presentPost, presentSandboxEntry, presentSchedule, presentWebhook } from "../../presenters/posts";
import { DELIVERIES, keysetOrder, POSTS, SANDBOX_TIMELINE, WEBHOOKS, type CursorWindow } from "./keysets";

/**
 * Scheduling's reads, shared by the API routes and the Remix loaders so both answer the same
 * shapes from the same queries: the calendar's range, a schedule with its queue, the sandbox
 * timeline, the webhook endpoints and their deliveries.
 */

function byPost(targets: PostTarget[]) {
  const grouped = new Map<number, PostTarget[]>();
  for (const target of targets) {
    const list = grouped.get(target.postId);
    if (list) list.push(target);
    else grouped.set(target.postId, [target]);
  }
  return grouped;
}

export interface RangeFilters {
  from: number;
  to: number;
  state?: TargetState;
  accountId?: number;
  network?: Network;
  campaignId?: number;
}

/**
 * Posts with a target in [from, to) matching the filters, each with all its targets, in time
 * order; `window` reads one cursor page of them (the calendar reads them all, up to 1000).
 */
export async function postsInRange(db: Database, workspaceId: number, filters: RangeFilters, window: CursorWindow | null = null) {
  const inRange = db
    .selectDistinct({ id: postTargets.postId })
    .from(postTargets)
    .where(
      and(
        eq(postTargets.workspaceId, workspaceId),
        gte(postTargets.publishAt, filters.from),
        lt(postTargets.publishAt, filters.to),
        filters.state ? eq(postTargets.state, filters.state) : undefined,
        filters.accountId ? eq(postTargets.accountId, filters.accountId) : undefined,
        filters.network
          ? inArray(postTargets.accountId, db.select({ id: socialAccounts.id }).from(socialAccounts).where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.network, filters.network))))
          : undefined,
      ),
    );
  const where = and(eq(scheduledPosts.workspaceId, workspaceId), inArray(scheduledPosts.id, inRange), filters.campaignId ? eq(campaignItems.campaignId, filters.campaignId) : undefined, window?.where);
  const limit = window?.limit ?? 1000;
  // The page's ids, so the targets read are those of the posts shown.
  const pageIds = db
    .select({ id: scheduledPosts.id })
    .from(scheduledPosts)
    .leftJoin(campaignItems, eq(campaignItems.id, scheduledPosts.campaignItemId))
    .where(where)
    .orderBy(...keysetOrder(POSTS))
    .limit(limit);
  const [posts, targets] = await db.batch([
    db
      .select({ post: scheduledPosts, campaignId: campaignItems.campaignId })
      .from(scheduledPosts)
      .leftJoin(campaignItems, eq(campaignItems.id, scheduledPosts.campaignItemId))
      .where(where)
      .orderBy(...keysetOrder(POSTS))
      .limit(limit),
    db.select().from(postTargets).where(inArray(postTargets.postId, pageIds)).orderBy(asc(postTargets.id)),
  ]);
  const grouped = byPost(targets);
  return posts.map(({ post, campaignId }) => presentPost(post, grouped.get(post.id) ?? [], { campaignId }));
}

/** A schedule with its queue (posts in slot order) and its next slots. */
export async function scheduleWithQueue(db: Database, schedule: PostingSchedule, now = Date.now()) {
  const posts = await db.select().from(scheduledPosts).where(eq(scheduledPosts.scheduleId, schedule.id)).orderBy(asc(scheduledPosts.publishAt), asc(scheduledPosts.id)).limit(200);
  const targets = posts.length ? await db.select().from(postTargets).where(inArray(postTargets.postId, posts.map((p) => p.id))) : [];
  const grouped = byPost(targets);
  return {
    ...presentSchedule(schedule),
    queue: posts.map((post) => presentPost(post, grouped.get(post.id) ?? [])),
    upcoming_slots: slotInstants(schedule.slots, schedule.timeZone, now, 2)
      .slice(0, 20)
      .map((at) => new Date(at).toISOString()),
  };
}

/** What the workspace's Sandbox accounts (or one of them) "published", newest first, with the faults it answered. */
export async function sandboxEntries(db: Database, workspaceId: number, options: { accountId?: number; limit?: number; window?: CursorWindow | null } = {}) {
  const accounts = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.network, "sandbox"), options.accountId ? eq(socialAccounts.id, options.accountId) : undefined));
  if (accounts.length === 0) return { accounts, entries: [] };
  const byExternal = new Map(accounts.map((account) => [account.externalId, account]));
  const rows = await db
    .select()
    .from(sandboxTimeline)
    .where(and(inArray(sandboxTimeline.accountExternalId, [...byExternal.keys()]), options.window?.where))
    .orderBy(...keysetOrder(SANDBOX_TIMELINE))
    .limit(options.window?.limit ?? options.limit ?? 500);
  return { accounts, entries: rows.map((row) => presentSandboxEntry(row, byExternal.get(row.accountExternalId))) };
}

/** A workspace's webhook endpoints, newest first (never their secrets); all of them, or one cursor page. */
export async function webhookEndpointsOf(db: Database, workspaceId: number, window: CursorWindow | null = null) {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), window?.where))
    .orderBy(...keysetOrder(WEBHOOKS))
    .$dynamic();
  const rows = await (window ? query.limit(window.limit) : query);
  return rows.map((row) => presentWebhook(row));
}

/** Endpoints' latest deliveries, newest first: the last `limit`, or one cursor page. */
export async function deliveriesOf(db: Database, endpointIds: number[], limit = 100, window: CursorWindow | null = null) {
  if (endpointIds.length === 0) return [];
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.endpointId, endpointIds), window?.where))
    .orderBy(...keysetOrder(DELIVERIES))
    .limit(window?.limit ?? limit);
  return rows.map(presentDelivery);
}
