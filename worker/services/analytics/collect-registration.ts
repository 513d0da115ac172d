import { eq, sql } from "drizzle-orm";
import { contentTypeOf, METRICS_WINDOW_DAYS, type ContentType } from "../../../core/analytics/metrics";
import { inList, runBatch } from "../../db/batching";
import type { Database } from "../../db/client";
import { postMetrics, postTargets, scheduledPosts, uploads } from "../../db/schema";

/**
 * Every published target gets its post_metrics row here, in the collector, whatever path
 * published it (the cron, "publish now", a verify that found it), so none can be missed. One
 * bounded INSERT … SELECT copies what analytics filters by, then a second pass sets each new
 * row's content type with the one rule in core/analytics/metrics.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Rows registered per statement: a tick stays short whatever the backlog. */
export const REGISTER_BATCH = 500;
/**
 * `publish_at` bounds the scan to the targets index (state, publish_at): a target is published
 * at or after it, late by its window or retries, never by a month more.
 */
const PUBLISH_AT_SLACK_MS = 30 * DAY_MS;

export interface RegisterOptions {
  workspaceId?: number;
  limit?: number;
}

/** Registers published targets of the last 30 days that have no row yet; answers the new rows' target ids. */
export async function registerPublished(db: Database, now: number, options: RegisterOptions = {}): Promise<number[]> {
  const since = now - METRICS_WINDOW_DAYS * DAY_MS;
  const workspaceFilter = options.workspaceId === undefined ? sql`` : sql`AND t.workspace_id = ${options.workspaceId}`;
  const rows = await db.all<{ target_id: number }>(sql`
    INSERT INTO post_metrics (target_id, workspace_id, account_id, network, campaign_id, content_type, published_at, next_fetch_at)
    SELECT t.id, t.workspace_id, t.account_id, a.network, ci.campaign_id, 'text', t.published_at, max(t.published_at + ${HOUR_MS}, ${now})
    FROM post_targets t
    JOIN social_accounts a ON a.id = t.account_id
    JOIN scheduled_posts p ON p.id = t.post_id
    LEFT JOIN campaign_items ci ON ci.id = p.campaign_item_id
    WHERE t.state = 'published'
      AND t.publish_at >= ${since - PUBLISH_AT_SLACK_MS}
      AND t.published_at >= ${since}
      AND NOT EXISTS (SELECT 1 FROM post_metrics m WHERE m.target_id = t.id)
      ${workspaceFilter}
    LIMIT ${options.limit ?? REGISTER_BATCH}
    RETURNING target_id
  `);
  const ids = rows.map((row) => row.target_id);
  if (ids.length) await setContentTypes(db, ids);
  return ids;
}

/** The second pass: each new row's content type from its post's media and text. */
async function setContentTypes(db: Database, targetIds: number[]) {
  const posts = await db
    .select({ targetId: postTargets.id, workspaceId: postTargets.workspaceId, text: sql<string>`coalesce(${postTargets.text}, ${scheduledPosts.text})`, media: scheduledPosts.media })
    .from(postTargets)
    .innerJoin(scheduledPosts, eq(scheduledPosts.id, postTargets.postId))
    .where(inList(postTargets.id, targetIds));
  const uploadIds = [...new Set(posts.flatMap((post) => post.media))];
  const types = uploadIds.length
    ? await db.select({ id: uploads.id, workspaceId: uploads.workspaceId, contentType: uploads.contentType }).from(uploads).where(inList(uploads.id, uploadIds))
    : [];
  // Only the post's own workspace's uploads count, as the publisher reads them.
  const typeOf = new Map(types.map((upload) => [`${upload.workspaceId}:${upload.id}`, upload.contentType]));
  const byType = new Map<ContentType, number[]>();
  for (const post of posts) {
    const media = post.media.map((id) => typeOf.get(`${post.workspaceId}:${id}`)).filter((type): type is string => Boolean(type));
    const type = contentTypeOf(media, post.text);
    if (type !== "text") byType.set(type, [...(byType.get(type) ?? []), post.targetId]);
  }
  await runBatch(
    db,
    [...byType].map(([type, ids]) => db.update(postMetrics).set({ contentType: type }).where(inList(postMetrics.targetId, ids))),
  );
}
