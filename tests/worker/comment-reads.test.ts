import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { commentReads } from "../../worker/db/schema";
import { api, buildArticle, buildMember, buildWorkspace, db, grant, json } from "../factories";

/** A document owned by `writer`, with a commenter and a reader beside the owner. */
async function setup() {
  const { workspace } = await buildWorkspace();
  const writer = await buildMember(workspace);
  const commenter = await buildMember(workspace);
  const reader = await buildMember(workspace);
  const article = await buildArticle(workspace, writer.user, { title: "Launch post", text: "Our oat-milk cold brew is back in April." });
  await grant({ article }, "User", "comment", { userId: commenter.user.id });
  await grant({ article }, "User", "read", { userId: reader.user.id });
  return { workspace, writer, commenter, reader, article };
}

const post = (articleId: number, token: string, body: Record<string, unknown>) => api(`/articles/${articleId}/comments`, { method: "POST", token, body });
const mark = (commentId: number, token: string, body: unknown) => api(`/comments/${commentId}`, { method: "PATCH", token, body });
/** Whether each listed thread is read, for whoever `token` is. */
const readState = async (articleId: number, token: string) =>
  ((await json(await api(`/articles/${articleId}/comments`, { token }))).data as { id: number; read: boolean }[]).map(({ id, read }) => [id, read]);
/**
 * Read marks and comments are stamped to the millisecond by the same clock; a comment in the very
 * millisecond of a mark counts as read. The steps below wait that out, as people always do.
 */
const aMomentLater = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("read state of comment threads", () => {
  it("a thread someone else starts is unread for you; it is read for whoever wrote it", async () => {
    const { writer, commenter, article } = await setup();
    const created = await json(await post(article.id, commenter.token, { body: "Say which café first?" }));
    expect(created.data.read).toBe(true);
    expect(await readState(article.id, writer.token)).toEqual([[created.data.id, false]]);
    expect(await readState(article.id, commenter.token)).toEqual([[created.data.id, true]]);
  });

  it("marking read reads it; a reply by someone else makes it unread again; your own reply leaves it read", async () => {
    const { writer, commenter, article } = await setup();
    const root = (await json(await post(article.id, commenter.token, { body: "Fix the date" }))).data;
    await aMomentLater();
    const marked = await mark(root.id, writer.token, { read: true });
    expect(marked.status).toBe(200);
    expect((await json(marked)).data).toMatchObject({ id: root.id, read: true });
    expect(await readState(article.id, writer.token)).toEqual([[root.id, true]]);

    await aMomentLater();
    await post(article.id, commenter.token, { body: "And the price", parent_id: root.id });
    expect(await readState(article.id, writer.token)).toEqual([[root.id, false]]);
    // The commenter's own reply changed nothing for them.
    expect(await readState(article.id, commenter.token)).toEqual([[root.id, true]]);

    // Replying is reading: the writer's reply reads the thread for them, and leaves it read.
    await aMomentLater();
    const replied = await json(await post(article.id, writer.token, { body: "Done", parent_id: root.id }));
    expect(replied.data.read).toBe(true);
    expect(await readState(article.id, writer.token)).toEqual([[root.id, true]]);
    // ...and makes it unread for the commenter.
    expect(await readState(article.id, commenter.token)).toEqual([[root.id, false]]);
  });

  it("marks a thread unread again, for that person only; a thread of only your own words stays read", async () => {
    const { writer, commenter, reader, article } = await setup();
    const root = (await json(await post(article.id, commenter.token, { body: "Fix the date" }))).data;
    await aMomentLater();
    await mark(root.id, writer.token, { read: true });
    await mark(root.id, reader.token, { read: true });
    const unmarked = await mark(root.id, writer.token, { read: false });
    expect(unmarked.status).toBe(200);
    expect((await json(unmarked)).data.read).toBe(false);
    expect(await readState(article.id, writer.token)).toEqual([[root.id, false]]);
    expect(await readState(article.id, reader.token)).toEqual([[root.id, true]]);
    // Marking unread twice is no error.
    expect((await mark(root.id, writer.token, { read: false })).status).toBe(200);

    // Own words never make a thread unread, marked or not.
    expect((await json(await mark(root.id, commenter.token, { read: false }))).data.read).toBe(true);
  });

  it("lets a reader (read access) mark read; a stranger gets the document's 404, a colleague without access its 403", async () => {
    const { workspace, commenter, reader, article } = await setup();
    const root = (await json(await post(article.id, commenter.token, { body: "Fix the date" }))).data;
    await aMomentLater();
    expect(await readState(article.id, reader.token)).toEqual([[root.id, false]]);
    const marked = await mark(root.id, reader.token, { read: true });
    expect(marked.status).toBe(200);
    expect(await readState(article.id, reader.token)).toEqual([[root.id, true]]);

    const stranger = await buildMember((await buildWorkspace()).workspace);
    expect((await api(`/articles/${article.id}`, { token: stranger.token })).status).toBe(404);
    expect((await mark(root.id, stranger.token, { read: true })).status).toBe(404);
    const colleague = await buildMember(workspace);
    expect((await api(`/articles/${article.id}`, { token: colleague.token })).status).toBe(403);
    expect((await mark(root.id, colleague.token, { read: true })).status).toBe(403);
    // Neither left a mark.
    const marks = await db.select().from(commentReads).where(eq(commentReads.threadId, root.id));
    expect(marks.map((row) => row.userId).sort()).toEqual([commenter.user.id, reader.user.id].sort());
  });

  it("marks a thread through its first comment (a reply is 422 naming id) and refuses a read that is not true or false with 400", async () => {
    const { writer, commenter, article } = await setup();
    const root = (await json(await post(article.id, commenter.token, { body: "Fix the date" }))).data;
    const reply = (await json(await post(article.id, commenter.token, { body: "Also the price", parent_id: root.id }))).data.replies[0];
    const onReply = await mark(reply.id, writer.token, { read: true });
    expect(onReply.status).toBe(422);
    expect((await json(onReply)).fields.id).toEqual(["is a reply"]);

    const bad = await mark(root.id, writer.token, { read: "yes" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).fields.read).toEqual(["must be true or false"]);
    expect(await readState(article.id, writer.token)).toEqual([[root.id, false]]);
  });

  it("takes a thread's read marks with it when the thread is deleted", async () => {
    const { writer, commenter, article } = await setup();
    const root = (await json(await post(article.id, commenter.token, { body: "Fix the date" }))).data;
    await mark(root.id, writer.token, { read: true });
    expect(await db.select().from(commentReads).where(eq(commentReads.threadId, root.id))).toHaveLength(2);
    expect((await api(`/comments/${root.id}`, { method: "DELETE", token: commenter.token })).status).toBe(204);
    expect(await db.select().from(commentReads).where(eq(commentReads.threadId, root.id))).toHaveLength(0);
  });
});
