import { and, eq } from "drizzle-orm";
import type { AccessLevel } from "../../core/enums";
import { inList, runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { accesses, type Access } from "../db/schema";
import { checkGrantable } from "../services/shares";
import { accessEvent } from "./accessEvents";
import { eventTarget, grantee } from "./accessUpdater";
import type { CommandContext } from "./events";

/** Removes one grant. Nobody removes a grant above their own level (an editor cannot remove an owner). */
export async function accessRemover(db: Database, props: { context: CommandContext; access: Access; level: AccessLevel }) {
  const { access, context } = props;
  checkGrantable(props.level, access.permission, "id");
  await db.batch([
    db.delete(accesses).where(and(eq(accesses.id, access.id), eq(accesses.workspaceId, access.workspaceId))),
    accessEvent(db, context, "accesses.delete", {
      articleId: access.articleId,
      userId: grantee(access),
      properties: { ...eventTarget(access), access_id: access.id, permission: access.permission },
    }),
  ]);
  context.rooms?.accessChanged(access.workspaceId);
}

/** The caller gives up their own User grants on an article. */
export async function accessLeaver(db: Database, props: { context: CommandContext; articleId: number; grants: Access[] }) {
  const { context } = props;
  await db.batch([
    db
      .delete(accesses)
      .where(
        and(
          eq(accesses.workspaceId, context.actor.workspaceId),
          eq(accesses.articleId, props.articleId),
          eq(accesses.targetType, "User"),
          eq(accesses.userId, context.actor.userId)
        )
      ),
    accessEvent(db, context, "accesses.leave", {
      articleId: props.articleId,
      userId: context.actor.userId,
      properties: { article_id: props.articleId, access_ids: props.grants.map((grant) => grant.id) },
    }),
  ]);
  context.rooms?.accessChanged(context.actor.workspaceId);
}

/**
 * Takes a group's grants off several articles at once: the id list is bound as one
 * parameter (inList), and the delete and the event land in one batch.
 */
export async function channelAccessRemover(db: Database, props: { context: CommandContext; channelId: number; articleIds: number[] }) {
  const { context, channelId } = props;
  await runBatch(db, [
    db
      .delete(accesses)
      .where(
        and(
          eq(accesses.workspaceId, context.actor.workspaceId),
          eq(accesses.targetType, "Channel"),
          eq(accesses.channelId, channelId),
          inList(accesses.articleId, props.articleIds)
        )
      ),
    accessEvent(db, context, "accesses.remove_multi_from_channel", {
      articleId: null,
      userId: null,
      properties: { channel_id: channelId, article_ids: props.articleIds },
    }),
  ]);
  context.rooms?.accessChanged(context.actor.workspaceId);
}
