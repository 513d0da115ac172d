import * as z from "zod";
import { pageQuery } from "./pagination";
import { positiveId, tooLong } from "./common";

/** How many characters of a check-list item a todo keeps as its text. */
export const TODO_TEXT_MAX_LENGTH = 1_000;

/** The check-list item's todo id: a uuid the browser puts in the item's node state. */
export const todoUuid = z.uuid({ error: "must be a UUID" });

/** A calendar day: due on that day wherever the assignee is. */
const dueOn = z.iso.date({ error: "must be a date (YYYY-MM-DD)" });

const text = z.string().trim().min(1, "can't be blank").max(TODO_TEXT_MAX_LENGTH, tooLong(TODO_TEXT_MAX_LENGTH));

/**
 * `POST /articles/:id/todos`: make a check-list item a todo. The assignee must be in the
 * workspace and able to open the document (422 naming `assignee_id` otherwise).
 */
export const createTodoSchema = z.object({
  todo_id: todoUuid,
  text,
  assignee_id: positiveId,
  due_on: dueOn.nullable().default(null),
  /** The item's box as it is now: a todo made from a ticked item starts done. */
  done: z.boolean().default(false),
});

/** `PATCH /todos/:id`: complete or reopen it (checks its box in the document), reassign it, move its day. */
export const updateTodoSchema = z
  .object({
    done: z.boolean({ error: "must be true or false" }).optional(),
    assignee_id: positiveId.optional(),
    due_on: dueOn.nullable().optional(),
  })
  .refine((input) => Object.keys(input).length > 0, { message: "change done, assignee_id or due_on" });

/**
 * `GET /w/:ws/todos?filter=`: `mine` (open, assigned to me), `assigned_by_me` (open, that I
 * gave others), `all` (every open todo on documents I can read), `done` (completed ones).
 */
export const todoFilters = ["mine", "assigned_by_me", "all", "done"] as const;
export type TodoFilter = (typeof todoFilters)[number];
export const listTodosQuery = pageQuery.extend({
  filter: z.enum(todoFilters, { error: `must be one of ${todoFilters.join(", ")}` }).default("mine"),
});

export type CreateTodoInput = z.infer<typeof createTodoSchema>;
export type UpdateTodoInput = z.infer<typeof updateTodoSchema>;
export type ListTodosQuery = z.infer<typeof listTodosQuery>;
