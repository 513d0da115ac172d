import { eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { jwtVerify, SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ROOM_NOTICE_AUDIENCE, ROOM_NOTICE_ISSUER, ROOM_TOKEN_AUDIENCE, ROOM_TOKEN_ISSUER } from "../../core/collab";
import { document, paragraph, text } from "../../core/document/nodes";
import type { SerializedDocument } from "../../core/document/types";
import { commentMarkedDocument } from "../../core/editor/comment-marks";
import { documentToYDoc, yDocToDocument } from "../../core/editor/yjs";
import { applyCommentNotice } from "../../durable/party/worker-edits";
import { articleContributors, articles, events } from "../../worker/db/schema";
import { ROOM_PRESENCE_EVENT } from "../../worker/services/room-notices";
import { api, buildArticle, buildMember, buildWorkspace, db, grant, json } from "../factories";

const secret = new TextEncoder().encode(env.COLLAB_TOKEN_SECRET!);
const TEXT = "Our oat-milk cold brew is back in April.";
const quote = { exact: "cold brew", prefix: "Our oat-milk ", suffix: " is back" };

afterEach(() => vi.restoreAllMocks());

async function setup() {
  const { workspace } = await buildWorkspace();
  const writer = await buildMember(workspace);
  const commenter = await buildMember(workspace);
  const editor = await buildMember(workspace);
  const article = await buildArticle(workspace, writer.user, { title: "Launch post", text: TEXT });
  await grant({ article }, "User", "comment", { userId: commenter.user.id });
  await grant({ article }, "User", "edit", { userId: editor.user.id });
  return { workspace, writer, commenter, editor, article };
}

const stored = async (id: number) => (await db.select().from(articles).where(eq(articles.id, id)))[0]!;
const post = (articleId: number, token: string, body: Record<string, unknown>) => api(`/articles/${articleId}/comments`, { method: "POST", token, body });

/** Each comment mark of a body as "uuid: words", "(resolved)" when it says so. */
function marksOf(body: SerializedDocument): string[] {
  const found: string[] = [];
  const words = (node: { text?: string; children?: unknown[] }): string => (node.text ?? "") + ((node.children ?? []) as (typeof node)[]).map(words).join("");
  const walk = (node: { type?: string; uuid?: string; resolved?: boolean; children?: unknown[] }) => {
    if (node.type === "comment-mark") found.push(`${node.uuid}${node.resolved ? " (resolved)" : ""}: ${words(node)}`);
    for (const child of (node.children ?? []) as (typeof node)[]) walk(child);
  };
  walk(body.root as never);
  return found;
}

describe("a thread on text marks its words in the document", () => {
  it("places the comment mark with the thread's uuid, marks it resolved and open again, and takes it off with the thread", async () => {
    const { commenter, writer, article } = await setup();
    const thread = (await json(await post(article.id, commenter.token, { body: "Say which café first?", quote }))).data;
    const marked = await stored(article.id);
    expect(marksOf(marked.body)).toEqual([`${thread.uuid}: cold brew`]);
    // Annotating is not editing: the words, the last editor and the contributors stay as they were.
    expect(marked.bodyText).toBe(TEXT);
    expect(marked.lastEditorId).toBe(article.lastEditorId);
    expect(await db.select().from(articleContributors).where(eq(articleContributors.articleId, article.id))).toEqual([]);

    expect((await api(`/comments/${thread.id}`, { method: "PATCH", token: writer.token, body: { resolved: true } })).status).toBe(200);
    expect(marksOf((await stored(article.id)).body)).toEqual([`${thread.uuid} (resolved): cold brew`]);
    expect((await api(`/comments/${thread.id}`, { method: "PATCH", token: writer.token, body: { resolved: false } })).status).toBe(200);
    expect(marksOf((await stored(article.id)).body)).toEqual([`${thread.uuid}: cold brew`]);

    // A reply marks nothing; deleting the thread takes its mark off and leaves the words.
    await post(article.id, writer.token, { body: "Fernhill first", parent_id: thread.id });
    expect(marksOf((await stored(article.id)).body)).toHaveLength(1);
    expect((await api(`/comments/${thread.id}`, { method: "DELETE", token: commenter.token })).status).toBe(204);
    const after = await stored(article.id);
    expect(marksOf(after.body)).toEqual([]);
    expect(after.bodyText).toBe(TEXT);
  });

  it("keeps a thread whose words are not in the document (it shows as orphaned), with nothing written to the body", async () => {
    const { commenter, article } = await setup();
    const before = await stored(article.id);
    const created = await post(article.id, commenter.token, { body: "Which one?", quote: { exact: "matcha latte", prefix: "", suffix: "" } });
    expect(created.status).toBe(201);
    const after = await stored(article.id);
    expect(after.body).toEqual(before.body);
    expect(after.editedAt).toEqual(before.editedAt);
  });

  it("asks the document's live room to place the mark, for whoever commented, and leaves the stored body to the room's save", async () => {
    const { workspace, commenter, article } = await setup();
    await db.insert(events).values({ name: ROOM_PRESENCE_EVENT, workspaceId: workspace.id, userId: commenter.user.id, articleId: article.id });
    const notices: unknown[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.includes("/parties/main/")) throw new Error(`unexpected fetch ${url}`);
      const token = new Headers(init?.headers).get("authorization")!.replace("Bearer ", "");
      const { payload } = await jwtVerify(token, secret, { issuer: ROOM_NOTICE_ISSUER, audience: ROOM_NOTICE_AUDIENCE });
      expect(payload.room).toBe(`article-${article.id}`);
      notices.push(JSON.parse(String(init?.body)));
      return Response.json({ applied: true, saved: true });
    });
    const thread = (await json(await post(article.id, commenter.token, { body: "Say which café first?", quote }))).data;
    expect(notices).toEqual([{ kind: "comment", uuid: thread.uuid, action: "mark", quote, by: commenter.user.id }]);
    expect(marksOf((await stored(article.id)).body)).toEqual([]);
  });
});

describe("the room's side: comment marks as a Yjs edit, saved as an annotation", () => {
  const roomToken = (room: string) => new SignJWT({ room }).setProtectedHeader({ alg: "HS256" }).setIssuer(ROOM_TOKEN_ISSUER).setAudience(ROOM_TOKEN_AUDIENCE).setExpirationTime("5m").sign(secret);
  const push = async (articleId: number, body: Record<string, unknown>) =>
    json(await api(`/internal/rooms/article-${articleId}/document`, { method: "PUT", headers: { Authorization: `Bearer ${await roomToken(`article-${articleId}`)}` }, body }));

  it("marks the quoted words in the room's document and saves with the commenter as the one who asked", async () => {
    const room = await documentToYDoc(document([paragraph([text(TEXT)])]));
    let saves = 0;
    const answer = await applyCommentNotice(room, { kind: "comment", uuid: "t1", action: "mark", quote, by: 7 }, async () => ++saves > 0);
    expect(answer).toEqual({ applied: true, saved: true });
    expect(marksOf(await yDocToDocument(room))).toEqual(["t1: cold brew"]);
    // Words that are not there: nothing applied, nothing saved.
    expect(await applyCommentNotice(room, { kind: "comment", uuid: "t2", action: "mark", quote: { exact: "matcha", prefix: "", suffix: "" }, by: 7 }, async () => ++saves > 0)).toEqual({ applied: false, saved: false });
    expect(saves).toBe(1);
    await applyCommentNotice(room, { kind: "comment", uuid: "t1", action: "resolve", by: 7 }, async () => true);
    expect(marksOf(await yDocToDocument(room))).toEqual(["t1 (resolved): cold brew"]);
  });

  it("stores a push that only places comment marks under nobody's name, and refuses one that also changes words", async () => {
    const { commenter, article } = await setup();
    const before = await stored(article.id);
    const marked = commentMarkedDocument(before.body, { action: "mark", uuid: "t3", quote })!;
    const saved = await push(article.id, { body: marked, editor_ids: [], annotated_by: commenter.user.id });
    expect(saved.data).toMatchObject({ saved: true });
    const after = await stored(article.id);
    expect(marksOf(after.body)).toEqual(["t3: cold brew"]);
    expect(after.lastEditorId).toBe(before.lastEditorId);
    expect(saved.data.revision).toBe(after.editedAt!.getTime());

    const sneaky = commentMarkedDocument(document([paragraph([text("Our oat-milk cold brew is gone.")])]), { action: "mark", uuid: "t4", quote })!;
    const refused = await push(article.id, { body: sneaky, editor_ids: [], annotated_by: commenter.user.id, base_revision: saved.data.revision });
    expect(refused.data).toEqual({ saved: false });
    expect((await stored(article.id)).bodyText).toBe(TEXT);
  });

  it("stores the room's own export of a document it marked (a real body, through Yjs and back)", async () => {
    const { workspace, writer, commenter } = await setup();
    const markdown = "## Launch\n\nOur **oat-milk** cold brew is back in April.\n\n- Two cafés\n- One van\n\n| Coffee | Price |\n| --- | --- |\n| Guji | £27.00 |";
    const created = await api(`/w/${workspace.id}/articles`, { method: "POST", token: writer.token, body: { article: { title: "Launch", markdown } } });
    expect(created.status).toBe(201);
    const article = await stored((await json(created)).data.id);
    await grant({ article }, "User", "comment", { userId: commenter.user.id });
    const room = await documentToYDoc(article.body);
    const answer = await applyCommentNotice(room, { kind: "comment", uuid: "t6", action: "mark", quote: { exact: "£27.00", prefix: "Guji", suffix: "" }, by: commenter.user.id }, async () => {
      const pushed = await push(article.id, { body: await yDocToDocument(room), editor_ids: [], annotated_by: commenter.user.id, base_revision: article.editedAt?.getTime() ?? article.createdAt.getTime() });
      return pushed.data.saved;
    });
    expect(answer).toEqual({ applied: true, saved: true });
    expect(marksOf((await stored(article.id)).body)).toEqual(["t6: £27.00"]);
  });

  it("still stores a commenter's suggestion saved together with a comment mark", async () => {
    const { commenter, article } = await setup();
    const marked = commentMarkedDocument((await stored(article.id)).body, { action: "mark", uuid: "t5", quote })!;
    const insertion = { type: "insertion-mark", version: 1, direction: null, format: "", indent: 0, ids: ["s1"], uuid: "s1", userId: String(commenter.user.id), createdAt: "2026-11-20T10:00:00.000Z", children: [text(" Iced too.")] };
    const withSuggestion = { ...marked, root: { ...marked.root, children: [{ ...marked.root.children[0]!, children: [...(marked.root.children[0] as { children: unknown[] }).children, insertion] }] } } as unknown as SerializedDocument;
    const saved = await push(article.id, { body: withSuggestion, editor_ids: [commenter.user.id] });
    expect(saved.data).toMatchObject({ saved: true });
    expect((await stored(article.id)).bodyText).toContain("Iced too.");
  });
});
