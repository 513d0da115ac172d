import { todoNoticeAnswerSchema, type TodoNotice, type TodoNoticeAnswer } from "../../core/collab";
import { roomFor } from "./collab";
import { postRoomNotice, type RoomNoticeEnv } from "./room-notices";

/** The room applies the edit and saves back to the Worker before it answers: more than a plain notice's 5 s. */
const ROOM_SAVE_TIMEOUT_MS = 15_000;

/**
 * Asks a document's live room to tick (or clear) a todo's box as an edit its open editors see,
 * and to save it. Null when the room could not be asked or gave no answer we read: the caller
 * then writes the stored body itself, as it does when no room is live.
 */
export async function checkInRoom(env: RoomNoticeEnv, articleId: number, notice: TodoNotice): Promise<TodoNoticeAnswer | null> {
  const room = roomFor(articleId);
  try {
    const response = await postRoomNotice(env, room, notice, ROOM_SAVE_TIMEOUT_MS);
    if (!response?.ok) return null;
    const answer = todoNoticeAnswerSchema.safeParse(await response.json().catch(() => null));
    return answer.success ? answer.data : null;
  } catch (error) {
    console.warn(`room ${room} could not tick todo ${notice.todo_id}: ${String(error)}`);
    return null;
  }
}
