import { and, desc, eq, gte, sql } from "drizzle-orm";
import { BEST_POSTS_DAYS, BEST_POSTS_PER_CHANNEL, channelNetwork, describeShape, shapeOf, type BestPost } from "../../../core/content/best-posts";
import { CHANNEL_LABELS, type SocialChannel } from "../../../core/content/channels";
import { NETWORK_LIMITS, type Network } from "../../../core/publishing/limits";
import type { Database } from "../../db/client";
import { postMetrics, postTargets, scheduledPosts } from "../../db/schema";

/**
 * The workspace's best posts per channel, for a generation that asks to write "like our best
 * posts": its own published posts on the channel's network in the last 90 days, with at least
 * one impression, by engagement rate. A workspace that publishes only to the Sandbox (no network
 * connected yet) learns from its Sandbox posts, and the notes say so.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function bestOn(db: Database, workspaceId: number, network: Network, since: number) {
  const rate = sql<number>`CAST(${postMetrics.engagements} AS REAL) / ${postMetrics.impressions}`.mapWith(Number);
  return db
    .select({ text: sql<string>`coalesce(${postTargets.text}, ${scheduledPosts.text}, '')`, impressions: sql<number>`${postMetrics.impressions}`.mapWith(Number), engagements: postMetrics.engagements, rate })
    .from(postMetrics)
    .innerJoin(postTargets, eq(postTargets.id, postMetrics.targetId))
    .innerJoin(scheduledPosts, eq(scheduledPosts.id, postTargets.postId))
    .where(
      and(
        eq(postMetrics.workspaceId, workspaceId),
        eq(postTargets.workspaceId, workspaceId),
        eq(postTargets.state, "published"),
        eq(postMetrics.network, network),
        gte(postMetrics.publishedAt, since),
        gte(postMetrics.impressions, 1),
      ),
    )
    .orderBy(desc(rate), desc(postMetrics.engagements), desc(postMetrics.publishedAt))
    .limit(BEST_POSTS_PER_CHANNEL);
}

export interface ChannelExamples {
  channel: SocialChannel;
  /** Where the examples came from (the Sandbox when the channel's network had none). */
  network: Network | null;
  posts: BestPost[];
}

export async function bestPostsFor(db: Database, workspaceId: number, channels: readonly SocialChannel[], now: number): Promise<ChannelExamples[]> {
  const since = now - BEST_POSTS_DAYS * DAY_MS;
  const wanted = [...new Set(channels.map((channel) => channelNetwork[channel]).filter((network): network is Network => network !== null)), "sandbox" as const];
  const found = await db.batch(wanted.map((network) => bestOn(db, workspaceId, network, since)) as [ReturnType<typeof bestOn>, ...ReturnType<typeof bestOn>[]]);
  const byNetwork = new Map(wanted.map((network, index) => [network, found[index]!]));
  return channels.map((channel) => {
    const own = channelNetwork[channel];
    if (own === null) return { channel, network: null, posts: [] };
    const rows = byNetwork.get(own)!.length ? byNetwork.get(own)! : byNetwork.get("sandbox")!;
    const network = byNetwork.get(own)!.length ? own : rows.length ? "sandbox" : own;
    return { channel, network, posts: rows.map((row) => ({ channel, network, text: row.text, impressions: row.impressions, engagements: row.engagements, engagementRate: row.rate })) };
  });
}

/** The job's notes: which channels were modelled on which posts, and which had none to learn from. */
export function bestPostNotes(examples: readonly ChannelExamples[]): string[] {
  return examples.map(({ channel, network, posts }) => {
    if (network === null) return `${channel}: ${CHANNEL_LABELS[channel]} is not a network we publish to, so it has no best posts to model on.`;
    const where = NETWORK_LIMITS[network].label;
    const shape = shapeOf(posts);
    if (!shape) return `${channel}: No published ${where} posts with figures in the last ${BEST_POSTS_DAYS} days to model on.`;
    const rates = posts.map((post) => `${(post.engagementRate * 100).toFixed(1)} %`).join(", ");
    return `${channel}: Modelled on ${posts.length} of your best posts on ${where} (engagement ${rates}; ${describeShape(shape)}).`;
  });
}
