import { SANDBOX_HISTORY_DAYS } from "../../../core/contracts/analytics-collect";
import { runBatch } from "../../db/batching";
import { postTargets, sandboxTimeline, scheduledPosts, type SocialAccount } from "../../db/schema";
import { Invalid } from "../../lib/errors";
import { sandboxPostUrl } from "../publishing/providers/sandbox";
import { collectAccountMetrics, collectDue, collectWorkspaceNow, type CollectorDeps, type MetricsMessage } from "./collect";

/**
 * The Sandbox's past. The Sandbox is our own simulated network, so its history can be simulated
 * too: posts are recorded as published on a Sandbox account at past moments (on its timeline
 * then, and as published targets here), and the collector replays the days since, with its
 * `now` at each of them, so the figures, samples and daily followers are what the collector
 * would have written. Analytics then has a history before any real network is connected (the
 * demo uses it). A real network's past is its own: Sandbox accounts only.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface PastPost {
  text: string;
  publishedAt: number;
}

export async function recordSandboxHistory(deps: CollectorDeps, input: { account: SocialAccount; authorId: number; posts: PastPost[] }, now: number) {
  const { db } = deps;
  const { account, posts } = input;
  if (account.network !== "sandbox") throw new Invalid("Only a Sandbox account's past can be simulated.", { account_id: ["must be a Sandbox account"] });
  posts.forEach((post, i) => {
    if (post.publishedAt > now - HOUR_MS || post.publishedAt < now - SANDBOX_HISTORY_DAYS * DAY_MS) {
      throw new Invalid("A past post must be from the last two weeks, an hour ago or earlier.", { [`posts.${i}.published_at`]: [`must be between ${SANDBOX_HISTORY_DAYS} days and an hour ago`] });
    }
  });

  const created = await runBatch(
    db,
    posts.map((post) =>
      db
        .insert(scheduledPosts)
        .values({ workspaceId: account.workspaceId, authorId: input.authorId, text: post.text, publishAt: post.publishedAt })
        .returning({ id: scheduledPosts.id }),
    ),
  );
  await runBatch(
    db,
    posts.flatMap((post, i) => {
      const postId = (created[i] as { id: number }[])[0]!.id;
      // The id the Sandbox gives a post, made at the moment it was published.
      const networkPostId = `${post.publishedAt.toString(36)}${crypto.randomUUID().slice(0, 6)}`;
      const key = crypto.randomUUID();
      return [
        db.insert(postTargets).values({
          postId,
          workspaceId: account.workspaceId,
          accountId: account.id,
          idempotencyKey: key,
          publishAt: post.publishedAt,
          state: "published",
          attempt: 1,
          publishedAt: post.publishedAt,
          networkPostId,
          networkUrl: sandboxPostUrl(account.handle, networkPostId),
        }),
        db.insert(sandboxTimeline).values({ accountExternalId: account.externalId, kind: "post", externalId: networkPostId, idempotencyKey: key, text: post.text, at: post.publishedAt }),
      ];
    }),
  );

  // The collector, a day at a time from the first post (bounded: two weeks of days), then as
  // "Refresh figures" does now, so the latest figures are today's.
  const first = Math.min(...posts.map((post) => post.publishedAt));
  const inline = (at: number) => async (messages: MetricsMessage[]) => {
    for (const message of messages) await collectAccountMetrics({ ...deps, now: () => at }, message);
  };
  for (let at = first + HOUR_MS; at < now; at += DAY_MS) await collectDue(db, at, inline(at), { workspaceId: account.workspaceId });
  await collectWorkspaceNow(db, account.workspaceId, now, inline(now));
  return { posts: posts.length };
}
