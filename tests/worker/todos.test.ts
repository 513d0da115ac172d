import { and, eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { jwtVerify, SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { ROOM_NOTICE_AUDIENCE, ROOM_NOTICE_ISSUER, ROOM_TOKEN_AUDIENCE, ROOM_TOKEN_ISSUER } from "../../core/collab";
import { document, list, listItem, paragraph, text } from "../../core/document/nodes";
import { todoItemsOf, withTodoChecked } from "../../core/document/todos";
import type { SerializedDocument } from "../../core/document/types";
import { todoCheckUpdate } from "../../core/editor/todos";
import { documentToYDoc, yDocToDocument } from "../../core/editor/yjs";
import { applyTodoNotice } from "../../durable/party/worker-edits";
import { hashPassword } from "../../worker/auth/password";
import { articles, events, inboxItems, todos } from "../../worker/db/schema";
import { ROOM_PRESENCE_EVENT } from "../../worker/services/room-notices";
import { api, buildArticle, buildMember, buildWorkspace, db, grant, json } from "../factories";

const secret = new TextEncoder().encode(env.COLLAB_TOKEN_SECRET!);

interface Item {
  id?: string;
  words: string;
  checked?: boolean;
}

/** A document with a paragraph and a check list; an item with an `id` holds that todo id in its node state. */
function checkListDocument(items: Item[]): SerializedDocument {
  return document([
    paragraph([text("Launch plan")]),
    list(
      "check",
      items.map((item, index) => ({ ...listItem([text(item.words)], index + 1, item.checked ?? false), ...(item.id ? { $: { todoId: item.id } } : {}) })),
    ),
  ]);
}

/** A document owned by `writer` with an editor, a reader and a colleague who cannot open it; and a stranger elsewhere. */
async function setup(overrides: Parameters<typeof buildArticle>[2] = {}) {
  const { workspace } = await buildWorkspace();
  const writer = await buildMember(workspace);
  const editor = await buildMember(workspace);
  const reader = await buildMember(workspace);
  const colleague = await buildMember(workspace);
  const stranger = await buildMember((await buildWorkspace()).workspace);
  const todoId = crypto.randomUUID();
  const body = checkListDocument([{ id: todoId, words: "Send the brief to the roaster" }, { words: "Book the photographer" }]);
  const article = await buildArticle(workspace, writer.user, { title: "Spring launch", body, bodyText: "Launch plan", ...overrides });
  await grant({ article }, "User", "edit", { userId: editor.user.id });
  await grant({ article }, "User", "read", { userId: reader.user.id });
  return { workspace, writer, editor, reader, colleague, stranger, article, todoId };
}

const create = (articleId: number, token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api(`/articles/${articleId}/todos`, { method: "POST", token, body, headers });
const update = (id: number, token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api(`/todos/${id}`, { method: "PATCH", token, body, headers });
const listed = async (workspaceId: number, token: string, filter: string) => {
  const response = await api(`/w/${workspaceId}/todos?filter=${filter}`, { token });
  expect(response.status).toBe(200);
  return json(response);
};
const todoItems = (userId: number) => db.select().from(inboxItems).where(and(eq(inboxItems.recipientId, userId), eq(inboxItems.type, "Todo")));
const storedBody = async (articleId: number) => (await db.select().from(articles).where(eq(articles.id, articleId)))[0]!.body;
const todoRow = async (id: number) => (await db.select().from(todos).where(eq(todos.id, id)))[0]!;

/** An editor gives the reader the document's todo, due on a day. */
async function withTodo(overrides: Parameters<typeof buildArticle>[2] = {}, headers: Record<string, string> = {}) {
  const context = await setup(overrides);
  const input = { todo_id: context.todoId, text: "Send the brief to the roaster", assignee_id: context.reader.user.id, due_on: "2027-03-26" };
  const response = await create(context.article.id, context.editor.token, input, headers);
  expect(response.status).toBe(201);
  return { ...context, todo: (await json(response)).data };
}

afterEach(() => vi.restoreAllMocks());

describe("making a todo of a check-list item", () => {
  it("an editor makes one; the assignee hears of it; a reader may not; a colleague without access gets 403 and a stranger 404", async () => {
    const { article, editor, reader, colleague, stranger, writer, workspace, todoId } = await setup();
    const created = await create(article.id, editor.token, { todo_id: todoId, text: "Send the brief to the roaster", assignee_id: reader.user.id, due_on: "2027-03-26" });
    expect(created.status).toBe(201);
    const todo = (await json(created)).data;
    expect(todo).toMatchObject({
      todo_id: todoId,
      text: "Send the brief to the roaster",
      done: false,
      due_on: "2027-03-26",
      assignee: { id: reader.user.id },
      creator: { id: editor.user.id },
      article: { id: article.id, title: "Spring launch" },
      policies: { "todos.complete": true, "todos.update": true, "todos.delete": true },
    });
    expect((await todoItems(reader.user.id)).map((item) => [item.event, item.articleId, item.data.todo_id])).toEqual([["assigned", article.id, todo.id]]);
    // Nobody hears about their own action: a todo made for oneself tells nobody.
    const own = crypto.randomUUID();
    expect((await create(article.id, editor.token, { todo_id: own, text: "Mine", assignee_id: editor.user.id })).status).toBe(201);
    expect(await todoItems(editor.user.id)).toHaveLength(0);

    const refused = await create(article.id, reader.token, { todo_id: crypto.randomUUID(), text: "Me too", assignee_id: reader.user.id });
    expect(refused.status).toBe(403);
    expect((await create(article.id, colleague.token, { todo_id: crypto.randomUUID(), text: "Hi", assignee_id: colleague.user.id })).status).toBe(403);
    expect((await create(article.id, stranger.token, { todo_id: crypto.randomUUID(), text: "Hi", assignee_id: stranger.user.id })).status).toBe(404);
    expect((await api(`/articles/${article.id}/todos`, { token: stranger.token })).status).toBe(404);
    expect((await api(`/articles/${article.id}/todos`, { token: colleague.token })).status).toBe(403);
    expect((await api(`/w/${workspace.id}/todos`, { token: stranger.token })).status).toBe(404);
    expect((await update(todo.id, stranger.token, { done: true })).status).toBe(404);
    expect((await update(todo.id, colleague.token, { done: true })).status).toBe(403);
    expect((await api(`/todos/${todo.id}`, { method: "DELETE", token: stranger.token })).status).toBe(404);
    // The colleague sees none of it in their lists either.
    expect((await listed(workspace.id, colleague.token, "all")).data).toEqual([]);
    expect((await json(await api(`/articles/${article.id}/todos`, { token: writer.token }))).data.map((row: { id: number }) => row.id)).toContain(todo.id);
  });

  it("refuses bad input naming the field, an assignee who cannot open the document, and the same item twice", async () => {
    const { article, editor, reader, colleague, stranger, workspace, todoId } = await setup();
    const fieldsOf = async (body: Record<string, unknown>) => {
      const response = await create(article.id, editor.token, body);
      expect(response.status).toBe(400);
      return Object.keys((await json(response)).fields);
    };
    const good = { todo_id: todoId, text: "Send it", assignee_id: reader.user.id };
    expect(await fieldsOf({ ...good, todo_id: "not-a-uuid" })).toEqual(["todo_id"]);
    expect(await fieldsOf({ ...good, due_on: "next friday" })).toEqual(["due_on"]);
    expect(await fieldsOf({ ...good, text: "   " })).toEqual(["text"]);
    expect(await fieldsOf({ ...good, assignee_id: "someone" })).toEqual(["assignee_id"]);
    for (const assignee of [colleague.user.id, stranger.user.id]) {
      const unreachable = await create(article.id, editor.token, { ...good, assignee_id: assignee });
      expect(unreachable.status).toBe(422);
      expect((await json(unreachable)).fields.assignee_id).toEqual(["cannot open this document"]);
    }
    expect((await create(article.id, editor.token, good)).status).toBe(201);
    expect((await create(article.id, editor.token, good)).status).toBe(409);
    const badFilter = await api(`/w/${workspace.id}/todos?filter=someday`, { token: editor.token });
    expect(badFilter.status).toBe(400);
    expect(Object.keys((await json(badFilter)).fields)).toEqual(["filter"]);
    const { data: todo } = await json(await api(`/articles/${article.id}/todos`, { token: editor.token }));
    const emptyPatch = await update(todo[0].id, editor.token, {});
    expect(emptyPatch.status).toBe(400);
  });

  it("offers as assignees the workspace's people who can open the document, to editors only", async () => {
    const { article, writer, editor, reader, colleague, stranger } = await setup();
    const response = await api(`/articles/${article.id}/todo_assignees`, { token: editor.token });
    expect(response.status).toBe(200);
    const ids = (await json(response)).data.map((person: { id: number }) => person.id);
    expect(ids).toEqual(expect.arrayContaining([writer.user.id, editor.user.id, reader.user.id]));
    expect(ids).not.toContain(colleague.user.id);
    expect(ids).not.toContain(stranger.user.id);
    expect((await api(`/articles/${article.id}/todo_assignees`, { token: reader.token })).status).toBe(403);
  });
});

describe("the todos page's lists", () => {
  it("lists mine, assigned by me, all and done, only on documents the viewer can read, with each tab's count", async () => {
    const { workspace, article, editor, reader, writer, todo } = await withTodo();
    // A second document the reader cannot open, with a todo for the writer.
    const hiddenId = crypto.randomUUID();
    const hidden = await buildArticle(workspace, editor.user, { body: checkListDocument([{ id: hiddenId, words: "Secret plan" }]) });
    expect((await create(hidden.id, editor.token, { todo_id: hiddenId, text: "Secret plan", assignee_id: editor.user.id })).status).toBe(201);

    const mine = await listed(workspace.id, reader.token, "mine");
    expect(mine.data.map((row: { id: number }) => row.id)).toEqual([todo.id]);
    expect(mine.data[0]).toMatchObject({ article: { id: article.id, slug: expect.stringMatching(/-\d+$/) }, locked: false, policies: { "todos.complete": true, "todos.update": false } });
    expect(mine.meta.counts).toEqual({ mine: 1, assigned_by_me: 0, all: 1, done: 0 });
    expect((await listed(workspace.id, editor.token, "assigned_by_me")).data.map((row: { id: number }) => row.id)).toEqual([todo.id]);
    expect((await listed(workspace.id, editor.token, "all")).meta.counts).toEqual({ mine: 1, assigned_by_me: 1, all: 2, done: 0 });
    expect((await listed(workspace.id, writer.token, "all")).data.map((row: { text: string }) => row.text)).toEqual(["Send the brief to the roaster"]);

    expect((await update(todo.id, reader.token, { done: true })).status).toBe(200);
    expect((await listed(workspace.id, reader.token, "mine")).data).toEqual([]);
    const done = await listed(workspace.id, reader.token, "done");
    expect(done.data).toEqual([expect.objectContaining({ id: todo.id, done: true, done_by: expect.objectContaining({ id: reader.user.id }) })]);
  });

  it("hides a todo's words on a password-locked document, and its routes ask for the password", async () => {
    const headers = { "X-Article-Password": "open sesame" };
    const { workspace, article, reader, todo } = await withTodo({ passwordHash: await hashPassword("open sesame") }, headers);
    const mine = await listed(workspace.id, reader.token, "mine");
    expect(mine.data).toEqual([expect.objectContaining({ id: todo.id, text: null, locked: true })]);
    expect(JSON.stringify(mine)).not.toContain("roaster");
    const locked = await api(`/articles/${article.id}/todos`, { token: reader.token });
    expect(locked.status).toBe(403);
    expect((await json(locked)).error).toBe("password_required");
    expect((await update(todo.id, reader.token, { done: true })).status).toBe(403);
    expect((await update(todo.id, reader.token, { done: true }, headers)).status).toBe(200);
  });
});

describe("completing, reassigning and deleting", () => {
  it("the assignee completes it from the todos page: the stored body's box is ticked when no room is open, and the creator hears of it", async () => {
    const { article, reader, editor, todo, todoId } = await withTodo();
    const done = await update(todo.id, reader.token, { done: true });
    expect(done.status).toBe(200);
    expect((await json(done)).data).toMatchObject({ done: true, done_by: { id: reader.user.id } });
    expect(todoItemsOf(await storedBody(article.id))).toEqual([{ todoId, inCheckList: true, checked: true, text: "Send the brief to the roaster" }]);
    expect((await todoItems(editor.user.id)).map((item) => item.event)).toEqual(["completed"]);
    // Ticking it is not an edit by the reader: they do not become a contributor.
    const [row] = await db.select().from(articles).where(eq(articles.id, article.id));
    expect(row!.lastEditorId).not.toBe(reader.user.id);

    expect((await update(todo.id, reader.token, { done: false })).status).toBe(200);
    expect(todoItemsOf(await storedBody(article.id))[0]!.checked).toBe(false);
    // Reopening tells nobody; the creator ticking it hears nothing of their own action.
    expect((await update(todo.id, editor.token, { done: true })).status).toBe(200);
    expect((await todoItems(editor.user.id)).map((item) => item.event)).toEqual(["completed"]);
  });

  it("only editors reassign, move the day and delete; the new assignee hears of it; deleting takes its inbox items", async () => {
    const { article, workspace, reader, editor, writer, todo } = await withTodo();
    const otherReader = await buildMember(workspace);
    expect((await update(todo.id, reader.token, { due_on: "2027-04-01" })).status).toBe(403);
    expect((await update(todo.id, reader.token, { assignee_id: writer.user.id })).status).toBe(403);
    // Someone who is neither its assignee nor its creator, with read access, may not tick it.
    await grant({ article }, "User", "read", { userId: otherReader.user.id });
    expect((await update(todo.id, otherReader.token, { done: true })).status).toBe(403);

    const moved = await update(todo.id, editor.token, { assignee_id: writer.user.id, due_on: null });
    expect(moved.status).toBe(200);
    expect((await json(moved)).data).toMatchObject({ assignee: { id: writer.user.id }, due_on: null });
    expect((await todoItems(writer.user.id)).map((item) => item.event)).toEqual(["assigned"]);
    expect((await update(todo.id, editor.token, { assignee_id: otherReader.user.id + 100000 })).status).toBe(422);

    expect((await api(`/todos/${todo.id}`, { method: "DELETE", token: reader.token })).status).toBe(403);
    expect((await api(`/todos/${todo.id}`, { method: "DELETE", token: editor.token })).status).toBe(204);
    expect(await db.select().from(todos).where(eq(todos.id, todo.id))).toHaveLength(0);
    expect(await todoItems(writer.user.id)).toHaveLength(0);
    expect(await todoItems(reader.user.id)).toHaveLength(0);
    expect((await update(todo.id, editor.token, { done: true })).status).toBe(404);
  });
});

describe("the document keeps its todos in step", () => {
  it("a body saved through the API with the item ticked completes the todo, takes its new words, and tells the creator", async () => {
    const { article, writer, editor, todo, todoId } = await withTodo();
    const body = checkListDocument([{ id: todoId, words: "Send the final brief to the roaster", checked: true }]);
    expect((await api(`/articles/${article.id}`, { method: "PUT", token: writer.token, body: { article: { body } } })).status).toBe(200);
    expect(await todoRow(todo.id)).toMatchObject({ done: true, doneById: writer.user.id, text: "Send the final brief to the roaster" });
    expect((await todoItems(editor.user.id)).map((item) => [item.event, item.actorId])).toEqual([["completed", writer.user.id]]);
  });

  it("a room's save with the item ticked completes it; an item deleted from the document hides its todo until it comes back", async () => {
    const { article, workspace, reader, editor, todo, todoId } = await withTodo();
    const save = await roomSaver(article.id, editor.user.id);
    expect((await json(await save(checkListDocument([{ id: todoId, words: "Send the brief to the roaster", checked: true }])))).data.saved).toBe(true);
    expect(await todoRow(todo.id)).toMatchObject({ done: true, doneById: editor.user.id });

    // The item is deleted: the todo leaves every list but is kept.
    await save(checkListDocument([{ words: "Book the photographer" }]));
    expect((await todoRow(todo.id)).removedAt).not.toBeNull();
    expect((await listed(workspace.id, reader.token, "done")).data).toEqual([]);
    expect((await api(`/articles/${article.id}/todos`, { token: reader.token }).then(json)).data).toEqual([]);
    expect((await update(todo.id, reader.token, { done: false })).status).toBe(404);
    // Undone in the editor: it is back, as the item now says (unticked).
    await save(checkListDocument([{ id: todoId, words: "Send the brief to the roaster" }]));
    expect(await todoRow(todo.id)).toMatchObject({ removedAt: null, done: false });
    expect((await listed(workspace.id, reader.token, "mine")).data.map((row: { id: number }) => row.id)).toEqual([todo.id]);
  });
});

/** How the live room stores its document (PartyKit's save through the Worker), credited to `editorId`. */
async function roomSaver(articleId: number, editorId: number) {
  const room = `article-${articleId}`;
  const token = await new SignJWT({ room }).setProtectedHeader({ alg: "HS256" }).setIssuer(ROOM_TOKEN_ISSUER).setAudience(ROOM_TOKEN_AUDIENCE).setExpirationTime("5m").sign(secret);
  return (body: SerializedDocument) =>
    api(`/internal/rooms/${room}/document`, { method: "PUT", headers: { Authorization: `Bearer ${token}` }, body: { body, editor_ids: [editorId] } });
}

/** Marks the document's room as live: someone connected and the room checked them with the Worker. */
async function roomIsLive(workspaceId: number, articleId: number, userId: number) {
  await db.insert(events).values({ name: ROOM_PRESENCE_EVENT, workspaceId, userId, articleId });
}

/** Stands in for PartyKit: answers each todo notice as `answer` says, and records every notice. */
function roomAnswering(answer: (notice: { kind: string; todo_id?: string; checked?: boolean }) => Promise<Response>) {
  const notices: { kind: string; room: unknown }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.includes("/parties/main/")) throw new Error(`unexpected fetch ${url}`);
    const tokenValue = new Headers(init?.headers).get("authorization")!.replace("Bearer ", "");
    const { payload } = await jwtVerify(tokenValue, secret, { issuer: ROOM_NOTICE_ISSUER, audience: ROOM_NOTICE_AUDIENCE });
    const notice = JSON.parse(String(init?.body));
    notices.push({ kind: notice.kind, room: payload.room });
    return notice.kind === "todo" ? answer(notice) : Response.json({ ok: true });
  });
  return notices;
}

describe("ticking a todo while its document's room is live", () => {
  it("asks the room to tick the box and leaves the stored body to the room's save", async () => {
    const { article, workspace, reader, editor, todo, todoId } = await withTodo();
    await roomIsLive(workspace.id, article.id, editor.user.id);
    const before = await storedBody(article.id);
    const notices = roomAnswering(async (notice) => {
      // The room credits its save to whoever ticked it (the assignee).
      expect(notice).toEqual({ kind: "todo", todo_id: todoId, checked: true, by: reader.user.id });
      return Response.json({ applied: true, saved: true });
    });
    expect((await update(todo.id, reader.token, { done: true })).status).toBe(200);
    await vi.waitFor(() => expect(notices).toEqual([{ kind: "todo", room: `article-${article.id}` }]));
    // The room saved it (here: nothing, since it is a stand-in); the Worker did not write the body over it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await storedBody(article.id)).toEqual(before);
  });

  it("writes the stored body itself when the room could not save the tick, and tells the room to load it", async () => {
    const { article, workspace, reader, editor, todo } = await withTodo();
    await roomIsLive(workspace.id, article.id, editor.user.id);
    const notices = roomAnswering(async () => Response.json({ applied: true, saved: false }));
    expect((await update(todo.id, reader.token, { done: true })).status).toBe(200);
    await vi.waitFor(async () => expect(todoItemsOf(await storedBody(article.id))[0]!.checked).toBe(true));
    await vi.waitFor(() => expect(notices.map((notice) => notice.kind)).toEqual(["todo", "document"]));
  });

  it("a save the room made before it heard of the tick does not reopen the todo; once its saves have the tick, the document speaks again", async () => {
    const { article, workspace, reader, editor, todo, todoId } = await withTodo();
    await roomIsLive(workspace.id, article.id, editor.user.id);
    const notices = roomAnswering(async () => Response.json({ applied: true, saved: true }));
    const save = await roomSaver(article.id, editor.user.id);
    expect((await update(todo.id, reader.token, { done: true })).status).toBe(200);
    await vi.waitFor(() => expect(notices).toHaveLength(1));

    // The room's debounced save of what its editors had before the tick arrived: the box unticked.
    expect((await save(checkListDocument([{ id: todoId, words: "Send the brief to the roaster" }]))).status).toBe(200);
    expect(await todoRow(todo.id)).toMatchObject({ done: true, doneById: reader.user.id });
    expect((await listed(workspace.id, reader.token, "mine")).data).toEqual([]);

    // Its next save has the tick; after that, someone clearing the box in the editor reopens it.
    await save(checkListDocument([{ id: todoId, words: "Send the brief to the roaster", checked: true }]));
    expect(await todoRow(todo.id)).toMatchObject({ done: true, roomTickUntil: null });
    await save(checkListDocument([{ id: todoId, words: "Send the brief to the roaster" }]));
    expect(await todoRow(todo.id)).toMatchObject({ done: false });
  });
});

describe("the room's side: a todo's box as a Yjs edit", () => {
  it("ticks the item in the room's document, and another replica converges on it", async () => {
    const todoId = crypto.randomUUID();
    const room = await documentToYDoc(checkListDocument([{ id: todoId, words: "Ship it" }, { words: "Other" }]));
    const replica = new Y.Doc();
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(room));
    room.on("update", (change: Uint8Array) => Y.applyUpdate(replica, change));

    let saves = 0;
    const answer = await applyTodoNotice(room, { kind: "todo", todo_id: todoId, checked: true }, async () => ++saves > 0);
    expect(answer).toEqual({ applied: true, saved: true });
    expect(todoItemsOf(await yDocToDocument(replica))).toEqual([{ todoId, inCheckList: true, checked: true, text: "Ship it" }]);
    // Already ticked: nothing to change. Unknown item: nothing applied, nothing saved.
    expect((await todoCheckUpdate(room, todoId, true)).update).toBeNull();
    expect(await applyTodoNotice(room, { kind: "todo", todo_id: crypto.randomUUID(), checked: true }, async () => true)).toEqual({ applied: false, saved: false });
    expect(saves).toBe(1);
  });

  it("reads and ticks todo items in a stored body, a pasted copy of an item counting once", () => {
    const todoId = crypto.randomUUID();
    const body = checkListDocument([{ id: todoId, words: "First" }, { id: todoId, words: "Pasted copy" }]);
    const ticked = withTodoChecked(body, todoId, true)!;
    expect(todoItemsOf(ticked).map((item) => item.checked)).toEqual([true, false]);
    expect(withTodoChecked(ticked, todoId, true)).toBeNull();
    expect(withTodoChecked(body, "missing", true)).toBeNull();
  });
});
