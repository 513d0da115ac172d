import type { Context } from "hono";
import { articleRefParam } from "../../core/contracts/articles";
import { idParam, workspaceParam } from "../../core/contracts/common";
import { pageMeta } from "../../core/contracts/pagination";
import { createTodoSchema, listTodosQuery, updateTodoSchema } from "../../core/contracts/todos";
import { todoCreator, todoDeleter, todoUpdater, type TodoRoomAccess } from "../commands/todoCommands";
import { createApp, type AppEnv } from "../lib/create-app";
import { Unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentTodo, todoResource } from "../presenters/todos";
import { presentUserCard } from "../presenters/users";
import { viewerFor } from "../services/access";
import { assignableOn, findTodo, listTodos, peopleOfTodos, todosOfArticle } from "../services/todos";
import { commandContext, loaded } from "./articles";

/** A todo and its document, for someone who may read that document (else the document's 404/403, password and all). */
async function loadTodo(c: Context<AppEnv>, id: number, options?: { removedToo?: boolean }) {
  const todo = await findTodo(c.get("db"), id, options);
  const doc = await loaded(c, todo.articleId);
  authorize(doc.actor, "articles.read", doc.resource);
  return { ...doc, todo, resource: todoResource(doc.actor, todo, doc.resource) };
}

/** The room a ticked todo reaches, after the response (its answer may take the room's save). */
const roomAccess = (c: Context<AppEnv>): TodoRoomAccess => ({
  env: c.env,
  later: (work) => c.executionCtx.waitUntil(work().catch((error: unknown) => console.warn(`todo box not written: ${String(error)}`))),
});

/**
 * Todos: check-list items given to someone, with a day. `GET /w/:ws/todos?filter=` lists them
 * across the documents the viewer can read (mine, assigned by me, all, done);
 * `GET /articles/:id/todos` a document's (for its editor); `POST` makes one (edit access);
 * `PATCH /todos/:id` completes or reopens it (its document's box follows), reassigns it or
 * moves its day; `DELETE` removes it. Every route goes through the document's read check.
 */
export const todosApi = createApp()
  .get("/w/:ws/todos", requireWorkspace, validate("param", workspaceParam), validate("query", listTodosQuery), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "content.list");
    const query = c.req.valid("query");
    const { entries, people, total, counts } = await listTodos(c.get("db"), { ...viewerFor(actor), userId: actor.userId }, query);
    return c.json({
      data: entries.map(({ todo, doc }) => presentTodo(actor, todo, people, { article: doc.article, level: doc.level, locked: doc.locked })),
      meta: { ...pageMeta(query, total), filter: query.filter, counts },
    });
  })

  .get("/articles/:id/todos", requireSession, validate("param", articleRefParam), async (c) => {
    const { actor, article, level, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", resource);
    const rows = await todosOfArticle(c.get("db"), article.id);
    const people = await peopleOfTodos(c.get("db"), rows);
    return c.json({ data: rows.map((todo) => presentTodo(actor, todo, people, { article, level })) });
  })

  // Who a todo on this document may be given to: its workspace's people who can open it.
  .get("/articles/:id/todo_assignees", requireSession, validate("param", articleRefParam), async (c) => {
    const { actor, article, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "todos.create", resource);
    const people = await assignableOn(c.get("db"), article);
    return c.json({ data: people.map(({ user, level }) => ({ ...presentUserCard(user), access_level: level })) });
  })

  .post("/articles/:id/todos", requireSession, validate("param", articleRefParam), validate("json", createTodoSchema), async (c) => {
    const { actor, article, level, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "todos.create", resource);
    if (article.kind !== "document") throw new Unprocessable("Templates take no todos", { id: ["is a template"] });
    if (article.archivedAt) throw new Unprocessable("This document is archived: restore it to add todos", { id: ["is archived"] });
    const todo = await todoCreator(c.get("db"), { context: commandContext(c, actor), article, input: c.req.valid("json") });
    return c.json({ data: presentTodo(actor, todo, await peopleOfTodos(c.get("db"), [todo]), { article, level }) }, 201);
  })

  .patch("/todos/:id", requireSession, validate("param", idParam), validate("json", updateTodoSchema), async (c) => {
    const { actor, article, level, todo, resource } = await loadTodo(c, c.req.valid("param").id);
    const input = c.req.valid("json");
    if (input.done !== undefined) authorize(actor, "todos.complete", resource);
    if (input.assignee_id !== undefined || input.due_on !== undefined) authorize(actor, "todos.update", resource);
    if (input.done !== undefined && article.archivedAt) throw new Unprocessable("This document is archived: restore it to tick its todos", { done: ["its document is archived"] });
    const updated = await todoUpdater(c.get("db"), { context: commandContext(c, actor), article, todo, input, room: roomAccess(c) });
    return c.json({ data: presentTodo(actor, updated, await peopleOfTodos(c.get("db"), [updated]), { article, level }) });
  })

  .delete("/todos/:id", requireSession, validate("param", idParam), async (c) => {
    const { actor, todo, resource } = await loadTodo(c, c.req.valid("param").id, { removedToo: true });
    authorize(actor, "todos.delete", resource);
    await todoDeleter(c.get("db"), { context: commandContext(c, actor), todo });
    return c.body(null, 204);
  });
