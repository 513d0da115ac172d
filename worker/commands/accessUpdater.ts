import { and, eq } from "drizzle-orm";
import { LINK_ACCESS_CAP } from "../../core/contracts/accesses";
import type { AccessLevel } from "../../core/enums";
import type { Database } from "../db/client";
import { accesses, type Access } from "../db/schema";
import { Invalid } from "../lib/errors";
import { LEVEL_RANK } from "../services/access";
import { checkGrantable } from "../services/shares";
import { accessEvent } from "./accessEvents";
import type { CommandContext } from "./events";

export const eventTarget = (access: Access) => ({
  target: { type: access.targetType, user_id: access.userId, channel_id: access.channelId, email: access.email, role: access.role },
  article_id: access.articleId,
  folder_id: access.folderId,
});

/** Who an access event concerns: the grantee when the grant names one person. */
export const grantee = (access: Access) => (access.targetType === "User" ? access.userId : null);

/**
 * Changes one grant's level or read-receipt request. The sharer's own level bounds both the
 * grant as it is and as it becomes; anyone-with-the-link stays at most comment.
 */
export async function accessUpdater(
  db: Database,
  props: { context: CommandContext; access: Access; level: AccessLevel; permission?: AccessLevel; readReceipt?: boolean }
): Promise<Access> {
  const { access, context } = props;
  const permission = props.permission ?? access.permission;
  const readReceipt = props.readReceipt ?? access.readReceipt;
  checkGrantable(props.level, access.permission, "permission");
  checkGrantable(props.level, permission, "permission");
  if (access.targetType === "UnauthUser" && LEVEL_RANK[permission] > LEVEL_RANK[LINK_ACCESS_CAP]) {
    throw new Invalid("Anyone with the link can get at most comment access", {
      permission: ["anyone with the link can get at most comment access"],
    });
  }
  if (permission === access.permission && readReceipt === access.readReceipt) return access;
  const [, , [updated]] = await db.batch([
    db
      .update(accesses)
      .set({ permission, readReceipt, ...(readReceipt && !access.readReceipt ? { readAt: null } : {}) })
      .where(and(eq(accesses.id, access.id), eq(accesses.workspaceId, access.workspaceId))),
    accessEvent(db, context, "accesses.update", {
      articleId: access.articleId,
      userId: grantee(access),
      properties: {
        inbox_type: "AccessGrant",
        ...eventTarget(access),
        access_id: access.id,
        permission,
        previous_permission: access.permission,
        read_receipt: readReceipt,
      },
    }),
    db.select().from(accesses).where(eq(accesses.id, access.id)),
  ]);
  context.rooms?.accessChanged(access.workspaceId);
  return updated!;
}

/** Takes back the request to confirm reading; the grant stays. */
export async function readReceiptRemover(db: Database, props: { context: CommandContext; access: Access }): Promise<Access> {
  const { access, context } = props;
  const [, , [updated]] = await db.batch([
    db
      .update(accesses)
      .set({ readReceipt: false })
      .where(and(eq(accesses.id, access.id), eq(accesses.workspaceId, access.workspaceId))),
    accessEvent(db, context, "accesses.remove_read_receipt", {
      articleId: access.articleId,
      userId: grantee(access),
      properties: { inbox_type: "ReadReceiptRequest", ...eventTarget(access), access_id: access.id },
    }),
    db.select().from(accesses).where(eq(accesses.id, access.id)),
  ]);
  return updated!;
}
