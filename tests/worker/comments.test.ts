import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { comments, inboxItems } from "../../worker/db/schema";
import { hashPassword } from "../../worker/auth/password";
import { api, buildArticle, buildMember, buildWorkspace, db, grant, json } from "../factories";

/** A document owned by `writer`, with a commenter, a reader and an editor beside the owner. */
async function setup(overrides: Parameters<typeof buildArticle>[2] = {}) {
  const { workspace } = await buildWorkspace();
  const writer = await buildMember(workspace);
  const commenter = await buildMember(workspace);
  const reader = await buildMember(workspace);
  const editor = await buildMember(workspace);
  const article = await buildArticle(workspace, writer.user, { title: "Launch post", text: "Our oat-milk cold brew is back in April.", ...overrides });
  await grant({ article }, "User", "comment", { userId: commenter.user.id });
  await grant({ article }, "User", "read", { userId: reader.user.id });
  await grant({ article }, "User", "edit", { userId: editor.user.id });
  return { workspace, writer, commenter, reader, editor, article };
}

const quote = { exact: "cold brew", prefix: "Our oat-milk ", suffix: " is back" };
const post = (articleId: number, token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api(`/articles/${articleId}/comments`, { method: "POST", token, body, headers });
const itemsFor = (userId: number) => db.select().from(inboxItems).where(and(eq(inboxItems.recipientId, userId), eq(inboxItems.type, "Comment")));

describe("comments on a document", () => {
  it("a commenter comments on quoted text; a reader may read it but not comment; a stranger sees nothing", async () => {
    const { commenter, reader, article, writer, workspace } = await setup();
    const created = await post(article.id, commenter.token, { body: "Say which café first?", quote });
    expect(created.status).toBe(201);
    const thread = (await json(created)).data;
    expect(thread).toMatchObject({ body: "Say which café first?", quote, pinned: false, resolved_at: null, replies: [], author: { id: commenter.user.id } });
    expect(thread.uuid).toMatch(/^[0-9a-f-]{36}$/);

    const listed = await json(await api(`/articles/${article.id}/comments`, { token: reader.token }));
    expect(listed.data).toEqual([expect.objectContaining({ id: thread.id, quote, thread_policies: { "comments.resolve": false } })]);
    const refused = await post(article.id, reader.token, { body: "Me too" });
    expect(refused.status).toBe(403);

    const stranger = await buildMember((await buildWorkspace()).workspace);
    expect((await api(`/articles/${article.id}/comments`, { token: stranger.token })).status).toBe(404);
    expect((await post(article.id, stranger.token, { body: "Hello" })).status).toBe(404);
    // A colleague in the same workspace without access to this private document is refused
    // as on the document itself (403: they may ask for access).
    const colleague = await buildMember(workspace);
    expect((await api(`/articles/${article.id}/comments`, { token: colleague.token })).status).toBe(403);
    expect((await post(article.id, colleague.token, { body: "Hi" })).status).toBe(403);
    expect((await itemsFor(writer.user.id)).map((item) => item.event)).toEqual(["commented"]);
  });

  it("refuses a blank comment, a reply with its own quote, and a reply to another document's comment, naming the field", async () => {
    const { commenter, article, writer, workspace } = await setup();
    const blank = await post(article.id, commenter.token, { body: "   " });
    expect(blank.status).toBe(400);
    expect((await json(blank)).fields.body).toEqual(["can't be blank"]);
    const root = (await json(await post(article.id, commenter.token, { body: "First" }))).data;
    const quoted = await post(article.id, commenter.token, { body: "Reply", parent_id: root.id, quote });
    expect((await json(quoted)).fields.quote).toEqual(["a reply belongs to its thread's text"]);
    const other = await buildArticle(workspace, writer.user);
    await grant({ article: other }, "User", "comment", { userId: commenter.user.id });
    const elsewhere = await post(other.id, commenter.token, { body: "Reply", parent_id: root.id });
    expect(elsewhere.status).toBe(422);
    expect((await json(elsewhere)).fields.parent_id).toBeDefined();
    expect(await db.select().from(comments).where(eq(comments.articleId, other.id))).toHaveLength(0);
  });

  it("tells the people it names, the thread's earlier voices, and nobody about their own words", async () => {
    const { commenter, reader, editor, article, writer } = await setup();
    const root = (await json(await post(article.id, commenter.token, { body: "@Reader have a look", mention_ids: [reader.user.id] }))).data;
    expect((await itemsFor(reader.user.id)).map((item) => [item.event, item.commentId])).toEqual([["mentioned", root.id]]);
    await post(article.id, editor.token, { body: "Agreed", parent_id: root.id });
    expect((await itemsFor(commenter.user.id)).map((item) => item.event)).toEqual(["replied"]);
    expect(await itemsFor(editor.user.id)).toHaveLength(0);
    // The owner heard of the new thread once, not of the reply.
    expect((await itemsFor(writer.user.id)).map((item) => item.event)).toEqual(["commented"]);

    const outsider = await buildMember((await buildWorkspace()).workspace);
    const unreachable = await post(article.id, commenter.token, { body: "Ping", mention_ids: [outsider.user.id] });
    expect(unreachable.status).toBe(422);
    expect((await json(unreachable)).fields.mention_ids).toEqual([`user ${outsider.user.id} cannot open this document`]);
  });

  it("resolves, reopens and pins a thread (commenters), edits only your own words, and deletes as the author or an editor", async () => {
    const { commenter, reader, editor, article } = await setup();
    const root = (await json(await post(article.id, commenter.token, { body: "Fix the date", quote }))).data;
    const reply = (await json(await post(article.id, editor.token, { body: "Done", parent_id: root.id }))).data.replies[0];

    expect((await api(`/comments/${root.id}`, { method: "PATCH", token: reader.token, body: { resolved: true } })).status).toBe(403);
    const resolved = await json(await api(`/comments/${root.id}`, { method: "PATCH", token: editor.token, body: { resolved: true, pinned: true } }));
    expect(resolved.data).toMatchObject({ pinned: true, resolved_by: { id: editor.user.id } });
    expect(resolved.data.resolved_at).not.toBeNull();
    const replyResolve = await api(`/comments/${reply.id}`, { method: "PATCH", token: editor.token, body: { resolved: true } });
    expect(replyResolve.status).toBe(422);
    const open = await json(await api(`/articles/${article.id}/comments?filter=open`, { token: reader.token }));
    expect(open.data).toEqual([]);
    await api(`/comments/${root.id}`, { method: "PATCH", token: commenter.token, body: { resolved: false } });
    expect((await json(await api(`/articles/${article.id}/comments?filter=open`, { token: reader.token }))).data).toHaveLength(1);

    expect((await api(`/comments/${root.id}`, { method: "PATCH", token: editor.token, body: { body: "Not mine" } })).status).toBe(403);
    const edited = await json(await api(`/comments/${root.id}`, { method: "PATCH", token: commenter.token, body: { body: "Fix the date: April 3" } }));
    expect(edited.data).toMatchObject({ body: "Fix the date: April 3" });
    expect(edited.data.edited_at).not.toBeNull();

    // A reply leaves its thread; the thread's first comment takes the thread with it.
    expect((await api(`/comments/${reply.id}`, { method: "DELETE", token: commenter.token })).status).toBe(403);
    expect((await api(`/comments/${reply.id}`, { method: "DELETE", token: editor.token })).status).toBe(204);
    expect((await json(await api(`/articles/${article.id}/comments`, { token: reader.token }))).data[0].replies).toEqual([]);
    await post(article.id, editor.token, { body: "Another", parent_id: root.id });
    expect((await api(`/comments/${root.id}`, { method: "DELETE", token: editor.token })).status).toBe(204);
    expect(await db.select().from(comments).where(eq(comments.articleId, article.id))).toHaveLength(0);
    expect((await api(`/comments/${root.id}`, { method: "PATCH", token: editor.token, body: { pinned: false } })).status).toBe(404);
  });

  it("deleting a reply takes the inbox items about it along and keeps the thread's others, each linking to the thread", async () => {
    const { commenter, reader, editor, article, writer, workspace } = await setup();
    const root = (await json(await post(article.id, commenter.token, { body: "@Reader have a look", mention_ids: [reader.user.id] }))).data;
    const reply = (await json(await post(article.id, editor.token, { body: "@Reader see my fix", parent_id: root.id, mention_ids: [reader.user.id] }))).data.replies[0];
    const replied = await itemsFor(commenter.user.id);
    expect(replied.map((item) => [item.event, item.commentId, item.data.comment])).toEqual([["replied", reply.id, "@Reader see my fix"]]);
    const inbox = await json(await api(`/w/${workspace.id}/inbox`, { token: commenter.token }));
    expect(inbox.data[0].items[0]).toMatchObject({ comment_id: reply.id, url: `/docs/launch-post-${article.id}?comment=${root.id}` });

    expect((await api(`/comments/${reply.id}`, { method: "DELETE", token: editor.token })).status).toBe(204);
    expect(await itemsFor(commenter.user.id)).toHaveLength(0);
    expect((await itemsFor(reader.user.id)).map((item) => [item.event, item.commentId])).toEqual([["mentioned", root.id]]);
    expect((await itemsFor(writer.user.id)).map((item) => [item.event, item.commentId])).toEqual([["commented", root.id]]);
  });

  it("stay behind the document's password, quotes and all", async () => {
    const { commenter, article } = await setup({ passwordHash: await hashPassword("open sesame") });
    const headers = { "X-Article-Password": "open sesame" };
    expect((await post(article.id, commenter.token, { body: "Secret launch", quote }, headers)).status).toBe(201);
    const locked = await api(`/articles/${article.id}/comments`, { token: commenter.token });
    expect(locked.status).toBe(403);
    const lockedBody = await locked.text();
    expect(JSON.parse(lockedBody).error).toBe("password_required");
    expect(lockedBody).not.toContain("cold brew");
    const opened = await json(await api(`/articles/${article.id}/comments`, { token: commenter.token, headers }));
    expect(opened.data[0].quote.exact).toBe("cold brew");
  });

  it("opens the document's live channel only with a ticket for that document", async () => {
    const { reader, article, writer, workspace } = await setup();
    const ticket = await api(`/articles/${article.id}/live_ticket`, { method: "POST", token: reader.token });
    expect(ticket.status).toBe(200);
    const other = await buildArticle(workspace, writer.user);
    const { data } = await json(ticket);
    const wrongDoc = await api(`/articles/${other.id}/live?ticket=${encodeURIComponent(data.ticket)}`, { headers: { Upgrade: "websocket" } });
    expect(wrongDoc.status).toBe(404);
    // A document the reader may not open gives no ticket (403, as the document itself answers them).
    expect((await api(`/articles/${other.id}/live_ticket`, { method: "POST", token: reader.token })).status).toBe(403);
  });
});
