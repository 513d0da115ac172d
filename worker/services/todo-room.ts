import { todoNoticeAnswerSchema, type TodoNotice, type TodoNoticeAnswer } from "../../core/collab";
import { askRoom, type RoomNoticeEnv } from "./room-notices";

/**
 * Asks a document's live room to tick (or clear) a todo's box as an edit its open editors see,
 * and to save it. Null when the room could not be asked or gave no answer we read: the caller
 * then writes the stored body itself, as it does when no room is live.
 */
export function checkInRoom(env: RoomNoticeEnv, articleId: number, notice: TodoNotice): Promise<TodoNoticeAnswer | null> {
  return askRoom(env, articleId, notice, todoNoticeAnswerSchema);
}
