import { and, asc, desc, eq, gte, inArray, lt } from "drizzle-orm";
import type { Network } from "../../../core/publishing/limits";
import type { TargetState } from "../../../core/publishing/states";
import { slotInstants } from "../../../core/publishing/time";
import type { Database } from "../../db/client";
import { campaignItems, postTargets, sandboxTimeline, scheduledPosts, socialAccounts, webhookDeliveries, webhookEndpoints, type PostingSchedule, type PostTarget } from "../../db/schema";
import { presentDelivery, presentPost, presentSandboxEntry, presentSchedule, presentWebhook } from "../../presenters/posts";

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

/** Posts with a target in [from, to) matching the filters, each with all its targets. */
export async function postsInRange(db: Database, workspaceId: number, filters: RangeFilters) {
  const postIds = db
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
  const [posts, targets] = await db.batch([
    db
      .select({ post: scheduledPosts, campaignId: campaignItems.campaignId })
      .from(scheduledPosts)
      .leftJoin(campaignItems, eq(campaignItems.id, scheduledPosts.campaignItemId))
      .where(and(eq(scheduledPosts.workspaceId, workspaceId), inArray(scheduledPosts.id, postIds), filters.campaignId ? eq(campaignItems.campaignId, filters.campaignId) : undefined))
      .orderBy(asc(scheduledPosts.publishAt))
      .limit(1000),
    db.select().from(postTargets).where(inArray(postTargets.postId, postIds)).orderBy(asc(postTargets.id)),
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
export async function sandboxEntries(db: Database, workspaceId: number, options: { accountId?: number; limit?: number } = {}) {
  const accounts = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.network, "sandbox"), options.accountId ? eq(socialAccounts.id, options.accountId) : undefined));
  if (accounts.length === 0) return { accounts, entries: [] };
  const byExternal = new Map(accounts.map((account) => [account.externalId, account]));
  const rows = await db
    .select()
    .from(sandboxTimeline)
    .where(inArray(sandboxTimeline.accountExternalId, [...byExternal.keys()]))
    .orderBy(desc(sandboxTimeline.id))
    .limit(options.limit ?? 500);
  return { accounts, entries: rows.map((row) => presentSandboxEntry(row, byExternal.get(row.accountExternalId))) };
}

/** A workspace's webhook endpoints, newest first (never their secrets). */
export async function webhookEndpointsOf(db: Database, workspaceId: number) {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, workspaceId)).orderBy(desc(webhookEndpoints.id));
  return rows.map((row) => presentWebhook(row));
}

/** An endpoint's latest deliveries, newest first. */
export async function deliveriesOf(db: Database, endpointIds: number[], limit = 100) {
  if (endpointIds.length === 0) return [];
  const rows = await db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, endpointIds)).orderBy(desc(webhookDeliveries.id)).limit(limit);
  return rows.map((row) => ({ ...presentDelivery(row), endpoint_id: row.endpointId }));
}
