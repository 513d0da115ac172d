import { and, eq, sql } from "drizzle-orm";
import { TODO_TEXT_MAX_LENGTH, type CreateTodoInput, type UpdateTodoInput } from "../../core/contracts/todos";
import { todoItemsOf, withTodoChecked, type TodoItem } from "../../core/document/todos";
import type { SerializedDocument } from "../../core/document/types";
import { runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { inboxItems, todos, type Article, type Todo } from "../db/schema";
import { Conflict, Unprocessable } from "../lib/errors";
import { notify, type NotifyItem } from "../services/inbox";
import { liveRoomsOf, type RoomNoticeEnv } from "../services/room-notices";
import { checkInRoom } from "../services/todo-room";
import { mayBeAssigned } from "../services/todos";
import { eventStatement, type CommandContext } from "./events";
import { bodyRewriteStatement, bodyWritten, storedBodyRewriter } from "./storedBodyRewriter";
import { assertMainEditable } from "../services/branches/lock";

type TodoEvent = "assigned" | "completed";

/** Tells the assignee they were given a todo, or its creator that it was done; never anyone of their own action. */
async function tellAbout(db: Database, context: CommandContext, article: Pick<Article, "id" | "workspaceId">, told: { todo: Todo; recipientId: number | null; event: TodoEvent }[]) {
  if (!context.inbox) return;
  const items: NotifyItem[] = told.flatMap(({ todo, recipientId, event }) =>
    recipientId === null
      ? []
      : [{ workspaceId: article.workspaceId, recipientId, actorId: context.actor.userId, type: "Todo", event, articleId: article.id, data: { todo_id: todo.id, due_on: todo.dueOn } }],
  );
  await notify(db, context.inbox.env, items, { origin: context.inbox.origin });
}

const doneFields = (done: boolean, byId: number, now: Date) => (done ? { done: true, doneAt: now, doneById: byId } : { done: false, doneAt: null, doneById: null });

/**
 * How long a tick sent to a live room outranks the room's saves that do not have it yet (the
 * room applies it within a second or two; past this, the document's word counts again).
 */
const ROOM_TICK_GRACE_MS = 60_000;

const refuseAssignee = () =>
  new Unprocessable("That person cannot open this document. Share it with them first.", { assignee_id: ["cannot open this document"] });

/**
 * Makes a check-list item a todo. The browser puts the todo id in the item's node state; the
 * room saves that a moment later, and the document's next save keeps this row in step with it.
 */
export async function todoCreator(db: Database, props: { context: CommandContext; article: Article; input: CreateTodoInput }) {
  const { context, article, input } = props;
  if (!(await mayBeAssigned(db, article, input.assignee_id))) throw refuseAssignee();
  const [existing] = await db.select({ id: todos.id }).from(todos).where(and(eq(todos.articleId, article.id), eq(todos.uuid, input.todo_id)));
  if (existing) throw new Conflict("That check-list item is already a todo");
  const actorId = context.actor.userId;
  const [[todo]] = (await db.batch([
    db
      .insert(todos)
      .values({
        uuid: input.todo_id,
        workspaceId: article.workspaceId,
        articleId: article.id,
        text: input.text,
        assigneeId: input.assignee_id,
        creatorId: actorId,
        dueOn: input.due_on,
        ...doneFields(input.done, actorId, new Date()),
      })
      .onConflictDoNothing()
      .returning(),
    eventStatement(db, context, "todos.create", { articleId: article.id, properties: { assignee_id: input.assignee_id, due_on: input.due_on } }),
  ])) as [Todo[], unknown];
  if (!todo) throw new Conflict("That check-list item is already a todo");
  await tellAbout(db, context, article, [{ todo, recipientId: todo.assigneeId, event: "assigned" }]);
  return todo;
}

/** How a todo ticked on its page reaches a live room: the room's env, and a way to run after the response. */
export interface TodoRoomAccess {
  env: RoomNoticeEnv;
  later(work: () => Promise<unknown>): void;
}

/**
 * Completes or reopens a todo, reassigns it, or moves its day. Completing checks its item's
 * box in the document: through the document's room when one is live (open editors see the
 * box tick, and the room saves it with whatever they typed), else in the stored body, in the
 * same batch as the todo.
 */
export async function todoUpdater(
  db: Database,
  props: { context: CommandContext; article: Article; todo: Todo; input: UpdateTodoInput; room: TodoRoomAccess },
): Promise<Todo> {
  const { context, article, todo, input, room } = props;
  const actorId = context.actor.userId;
  const reassigned = input.assignee_id !== undefined && input.assignee_id !== todo.assigneeId;
  if (reassigned && !(await mayBeAssigned(db, article, input.assignee_id!))) throw refuseAssignee();
  const completing = input.done !== undefined && input.done !== todo.done;
  const now = new Date();
  const set: Partial<typeof todos.$inferInsert> = {
    ...(completing ? doneFields(input.done!, actorId, now) : {}),
    ...(reassigned ? { assigneeId: input.assignee_id } : {}),
    ...(input.due_on !== undefined && input.due_on !== todo.dueOn ? { dueOn: input.due_on } : {}),
  };
  if (Object.keys(set).length === 0) return todo;
  // A tick is an edit of the body's box: not on a main body under version control.
  if (completing) assertMainEditable(context.actor, article);

  const live = completing && (await liveRoomsOf(db, { workspaceId: article.workspaceId, articleId: article.id })).length > 0;
  const body = completing && !live ? checkedBodyStatement(db, article, todo.uuid, input.done!, now) : null;
  const results = await db.batch([
    // A concurrent tick the same way wins once: nobody is told twice.
    db
      .update(todos)
      .set({ ...set, ...(live ? { roomTickUntil: new Date(now.getTime() + ROOM_TICK_GRACE_MS) } : {}) })
      .where(and(eq(todos.id, todo.id), eq(todos.done, todo.done)))
      .returning(),
    eventStatement(db, context, completing ? (input.done ? "todos.complete" : "todos.reopen") : "todos.update", {
      articleId: article.id,
      properties: { todo_id: todo.id, ...input },
    }),
    ...(body ? [body] : []),
  ]);
  const [updated] = results[0] as Todo[];
  if (!updated) return (await db.select().from(todos).where(eq(todos.id, todo.id)))[0] ?? todo;

  if (completing && live) {
    room.later(async () => {
      const answer = await checkInRoom(room.env, article.id, { kind: "todo", todo_id: todo.uuid, checked: updated.done, by: context.actor.userId || undefined });
      if (!answer?.saved) await todoBoxWriter(db, { context, articleId: article.id, todoUuid: todo.uuid, checked: updated.done });
    });
  } else if (completing) {
    const written = body && (results[2] as unknown[]).length > 0;
    // The body changed between its read and this write: write the box into the newer one.
    if (!written) await todoBoxWriter(db, { context, articleId: article.id, todoUuid: todo.uuid, checked: updated.done });
    else await bodyWritten(context, article);
  }

  await tellAbout(db, context, article, [
    ...(reassigned ? [{ todo: updated, recipientId: updated.assigneeId, event: "assigned" as const }] : []),
    ...(completing && updated.done ? [{ todo: updated, recipientId: updated.creatorId, event: "completed" as const }] : []),
  ]);
  return updated;
}

/** The stored body with a todo's box ticked or cleared, if still the one read; null when the box is already that way or absent. */
function checkedBodyStatement(db: Database, article: Article, todoUuid: string, checked: boolean, now: Date) {
  const next = withTodoChecked(article.body, todoUuid, checked);
  return next ? bodyRewriteStatement(db, article, next, now) : null;
}

/**
 * Writes a todo's box into the stored body when no room saved it: the todo was ticked while
 * no room was live and the body moved meanwhile, or the live room could not save it (nobody
 * there had edits to save it with, or it could not be reached). Reads the newest body each
 * try, and stops if the todo was ticked back meanwhile.
 */
export async function todoBoxWriter(db: Database, props: { context: CommandContext; articleId: number; todoUuid: string; checked: boolean }) {
  const { context, articleId, todoUuid, checked } = props;
  await storedBodyRewriter(db, {
    context,
    articleId,
    rewrite: async (article) => {
      const [todo] = await db.select().from(todos).where(and(eq(todos.articleId, articleId), eq(todos.uuid, todoUuid)));
      if (!todo || todo.done !== checked) return null;
      const body = withTodoChecked(article.body, todoUuid, checked);
      return body ? { body, result: null } : null;
    },
  });
}

/** Deletes a todo and the inbox items about it. Its item stays in the document as a plain check-list item. */
export async function todoDeleter(db: Database, props: { context: CommandContext; todo: Todo }) {
  const { context, todo } = props;
  await db.batch([
    db.delete(inboxItems).where(and(eq(inboxItems.type, "Todo"), eq(inboxItems.articleId, todo.articleId), eq(sql`json_extract(${inboxItems.data}, '$.todo_id')`, todo.id))),
    db.delete(todos).where(eq(todos.id, todo.id)),
    eventStatement(db, context, "todos.delete", { articleId: todo.articleId, properties: { todo_id: todo.id } }),
  ]);
}

/**
 * A saved body brought into its todos (every body write calls it: API saves, room saves,
 * imports): each check-list item holding a todo's id sets its `done` and text; a todo whose
 * item is no longer in the document is marked removed (hidden from lists, never deleted, so
 * undoing the deletion brings it back with its assignee and day). One batch; whoever the
 * save is credited to completed what it ticked, and the todos' creators are told.
 */
export async function todoSyncer(db: Database, props: { context: CommandContext; article: Pick<Article, "id" | "workspaceId">; body: SerializedDocument }) {
  const { context, article, body } = props;
  const existing = await db.select().from(todos).where(eq(todos.articleId, article.id));
  if (existing.length === 0) return;
  const items = new Map<string, TodoItem>();
  for (const item of todoItemsOf(body)) if (!items.has(item.todoId)) items.set(item.todoId, item);
  const now = new Date();
  const changes: { todo: Todo; set: Partial<typeof todos.$inferInsert> }[] = [];
  for (const todo of existing) {
    const item = items.get(todo.uuid);
    if (!item) {
      if (!todo.removedAt) changes.push({ todo, set: { removedAt: now } });
      continue;
    }
    const text = item.text.slice(0, TODO_TEXT_MAX_LENGTH);
    // A tick on its way to the live room: a save without it was made before the room heard of it.
    const tickOnItsWay = todo.roomTickUntil !== null && todo.roomTickUntil > now;
    const set: Partial<typeof todos.$inferInsert> = {
      ...(todo.removedAt ? { removedAt: null } : {}),
      ...(text !== todo.text ? { text } : {}),
      ...(item.inCheckList && item.checked !== todo.done && !tickOnItsWay ? doneFields(item.checked, context.actor.userId, now) : {}),
      // The room's save has the tick: from now on the document speaks for the box again.
      ...(todo.roomTickUntil !== null && (item.checked === todo.done || !tickOnItsWay) ? { roomTickUntil: null } : {}),
    };
    if (Object.keys(set).length > 0) changes.push({ todo, set });
  }
  if (changes.length === 0) return;
  const ticked = changes.filter(({ todo, set }) => set.done !== undefined && set.done !== todo.done);
  const results = await runBatch(db, [
    ...changes.map(({ todo, set }) => db.update(todos).set(set).where(and(eq(todos.id, todo.id), eq(todos.done, todo.done))).returning()),
    ...ticked.map(({ todo, set }) =>
      eventStatement(db, context, set.done ? "todos.complete" : "todos.reopen", { articleId: article.id, properties: { todo_id: todo.id, from: "document" } }),
    ),
  ]);
  const completed = (results.slice(0, changes.length) as Todo[][])
    .flat()
    .filter((row) => row.done && ticked.some(({ todo }) => todo.id === row.id));
  await tellAbout(db, context, article, completed.map((todo) => ({ todo, recipientId: todo.creatorId, event: "completed" as const })));
}
