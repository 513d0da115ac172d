import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { favorites } from "../db/schema";
import { eventStatement, type CommandContext } from "./events";

/** A document or a folder someone stars. */
export type FavoriteTarget = { articleId: number } | { folderId: number };

const matching = (userId: number, target: FavoriteTarget) =>
  and(
    eq(favorites.userId, userId),
    "articleId" in target ? eq(favorites.articleId, target.articleId) : eq(favorites.folderId, target.folderId),
  );

const eventFor = (target: FavoriteTarget) =>
  "articleId" in target ? { articleId: target.articleId } : { properties: { folder_id: target.folderId } };

/** Stars an item for the actor; starring it again changes nothing. Answers whether a star was added. */
export async function favoriteCreator(db: Database, { context, target }: { context: CommandContext; target: FavoriteTarget }) {
  const { actor } = context;
  const [existing] = await db.select({ id: favorites.id }).from(favorites).where(matching(actor.userId, target));
  if (existing) return { created: false };
  await db.batch([
    db
      .insert(favorites)
      .values({
        workspaceId: actor.workspaceId,
        userId: actor.userId,
        articleId: "articleId" in target ? target.articleId : null,
        folderId: "folderId" in target ? target.folderId : null,
      })
      .onConflictDoNothing(),
    eventStatement(db, context, "favorites.create", eventFor(target)),
  ]);
  return { created: true };
}

/** Removes the actor's star, if there is one. */
export async function favoriteDeleter(db: Database, { context, target }: { context: CommandContext; target: FavoriteTarget }) {
  const [existing] = await db.select({ id: favorites.id }).from(favorites).where(matching(context.actor.userId, target));
  if (!existing) return { deleted: false };
  await db.batch([
    db.delete(favorites).where(eq(favorites.id, existing.id)),
    eventStatement(db, context, "favorites.delete", eventFor(target)),
  ]);
  return { deleted: true };
}
