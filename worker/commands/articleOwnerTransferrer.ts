import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { accesses, articles, type Article } from "../db/schema";
import { notify } from "../services/inbox";
import { bumpPublicVersion } from "../services/public-cache";
import { eventStatement, type CommandContext } from "./events";

/** Hands a document to another member; the former owner keeps edit access through a grant. */
export async function articleOwnerTransferrer(
  db: Database,
  { context, article, newOwnerId }: { context: CommandContext; article: Article; newOwnerId: number },
) {
  await db.batch([
    db.update(articles).set({ ownerId: newOwnerId }).where(eq(articles.id, article.id)),
    // The public page names the owner as its author.
    bumpPublicVersion(db, article.id),
    ...(article.ownerId && article.ownerId !== newOwnerId
      ? [
          db.insert(accesses).values({
            workspaceId: article.workspaceId,
            articleId: article.id,
            targetType: "User" as const,
            userId: article.ownerId,
            permission: "edit" as const,
            createdById: context.actor.userId,
          }),
        ]
      : []),
    eventStatement(db, context, "articles.transfer_ownership", {
      articleId: article.id,
      properties: { from_user_id: article.ownerId, to_user_id: newOwnerId },
    }),
  ]);
  await context.publicPages?.purge([article.id]);
  if (context.inbox) {
    await notify(
      db,
      context.inbox.env,
      [
        {
          workspaceId: article.workspaceId,
          recipientId: newOwnerId,
          actorId: context.actor.userId,
          type: "OwnershipTransfer",
          event: "transferred",
          articleId: article.id,
          data: { from_user_id: article.ownerId },
        },
      ],
      { origin: context.inbox.origin },
    );
  }
}
