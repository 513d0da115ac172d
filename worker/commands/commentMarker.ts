import type { CommentNotice } from "../../core/collab";
import { commentMarkedDocument, type CommentMarkEdit } from "../../core/editor/comment-marks";
import type { Database } from "../db/client";
import type { Article } from "../db/schema";
import type { RoomNoticeEnv } from "../services/room-notices";
import type { CommandContext } from "./events";
import { roomOrStoredEdit } from "./storedBodyRewriter";

const actionOf = (edit: CommentMarkEdit): CommentNotice["action"] => (edit.action === "resolve" ? (edit.resolved ? "resolve" : "reopen") : edit.action);

/**
 * Places, resolves or removes a thread's comment mark wherever the document lives now: in its
 * live room when one is open (one edit everyone with it open sees, saved as an annotation),
 * else, or when the room could not save it, in the stored body. Not an edit by the person who
 * commented: no contributor row, no last editor. Answers whether the mark's text was found
 * (a thread whose words are gone keeps its quote and shows as orphaned).
 */
export function commentMarker(
  db: Database,
  props: { context: CommandContext; article: Pick<Article, "id" | "workspaceId">; edit: CommentMarkEdit; env: RoomNoticeEnv },
): Promise<boolean> {
  const { context, article, edit, env } = props;
  const notice: CommentNotice = { kind: "comment", uuid: edit.uuid, action: actionOf(edit), quote: edit.action === "mark" ? edit.quote : undefined, by: context.actor.userId || undefined };
  return roomOrStoredEdit(db, { context, article, notice, edit: (body) => commentMarkedDocument(body, edit), env });
}
