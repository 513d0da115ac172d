import { and, eq, sql } from "drizzle-orm";
import { reactionEmojis, type ReactionEmoji } from "../../core/contracts/publishing";
import type { Database } from "../db/client";
import { articleReactions } from "../db/schema";

// Reactions never touch the article row or its public version: they must not empty the
// public page's cache, so pages load the counts from the API in the browser.

/** Who reacts: a signed-in user, or an anonymous visitor by the uuid their browser keeps. */
export type Reactor = { userId: number; anonymousUuid?: undefined } | { userId?: undefined; anonymousUuid: string };

const byReactor = (reactor: Reactor) =>
  reactor.userId !== undefined
    ? eq(articleReactions.userId, reactor.userId)
    : eq(articleReactions.anonymousUuid, reactor.anonymousUuid);

export interface ReactionCount {
  emoji: ReactionEmoji;
  count: number;
  /** This reader gave it. */
  reacted: boolean;
}

/** Every allowed emoji with its count and whether this reader gave it. */
export async function reactionSummary(db: Database, articleId: number, reactor: Reactor | null): Promise<ReactionCount[]> {
  const mine = reactor
    ? reactor.userId !== undefined
      ? sql`MAX(${articleReactions.userId} = ${reactor.userId})`
      : sql`MAX(${articleReactions.anonymousUuid} = ${reactor.anonymousUuid})`
    : sql`0`;
  const rows = await db
    .select({ emoji: articleReactions.emoji, count: sql<number>`COUNT(*)`, reacted: sql<number | null>`${mine}` })
    .from(articleReactions)
    .where(eq(articleReactions.articleId, articleId))
    .groupBy(articleReactions.emoji);
  return reactionEmojis.map((emoji) => {
    const row = rows.find((r) => r.emoji === emoji);
    return { emoji, count: row?.count ?? 0, reacted: Boolean(row?.reacted) };
  });
}

/** Adds a reaction; giving the same one twice changes nothing. */
export async function addReaction(db: Database, articleId: number, emoji: ReactionEmoji, reactor: Reactor) {
  await db
    .insert(articleReactions)
    .values({ articleId, emoji, userId: reactor.userId ?? null, anonymousUuid: reactor.anonymousUuid ?? null })
    .onConflictDoNothing();
}

export async function removeReaction(db: Database, articleId: number, emoji: ReactionEmoji, reactor: Reactor) {
  await db
    .delete(articleReactions)
    .where(and(eq(articleReactions.articleId, articleId), eq(articleReactions.emoji, emoji), byReactor(reactor)));
}
