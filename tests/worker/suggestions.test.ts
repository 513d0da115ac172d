import { and, eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { jwtVerify, SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { ROOM_NOTICE_AUDIENCE, ROOM_NOTICE_ISSUER, ROOM_TOKEN_AUDIENCE, ROOM_TOKEN_ISSUER } from "../../core/collab";
import { document, paragraph, text } from "../../core/document/nodes";
import { documentToPlainText } from "../../core/document/text";
import type { SerializedDocument } from "../../core/document/types";
import { $createHeadingNode } from "@lexical/rich-text";
import { $getRoot, type ElementNode, type TextNode } from "lexical";
import { changesInDocument } from "../../core/editor/change-review";
import { createDocumentEditor, exportDocument, loadDocument, roundTripDocument } from "../../core/editor/headless";
import { $setBlocksTypeTracked, $splitTracked } from "../../core/editor/track-changes";
import { documentToYDoc, yDocToDocument } from "../../core/editor/yjs";
import { applyChangesNotice, applyRevisionNotice } from "../../durable/party/worker-edits";
import { hashPassword } from "../../worker/auth/password";
import { articleContributors, articles, articleStyles, events, inboxItems, suggestions, type Article } from "../../worker/db/schema";
import { ROOM_PRESENCE_EVENT } from "../../worker/services/room-notices";
import { api, buildArticle, buildMember, buildWorkspace, db, grant, json } from "../factories";

const secret = new TextEncoder().encode(env.COLLAB_TOKEN_SECRET!);
const ORIGINAL = "Our new cold brew is here.";

type MarkType = "insertion-mark" | "deletion-mark";
/** A tracked change as the editor stores it: a mark wrapping its words, with its uuid and author. */
const mark = (type: MarkType, uuid: string, userId: number | string, words: string) =>
  ({ type, version: 1, direction: null, format: "", indent: 0, ids: [uuid], uuid, userId: String(userId), createdAt: "2026-11-20T10:00:00.000Z", children: [text(words)] }) as unknown as ReturnType<typeof text>;

/**
 * "Our new cold brew is here." with `who` suggesting "fresh" for "new" (a deletion `del` and an
 * insertion `ins`), and optionally someone else's insertion `other` after "here.".
 */
function suggested(who: number, ids: { del: string; ins: string }, other?: { uuid: string; userId: number }): SerializedDocument {
  return document([
    paragraph([
      text("Our "),
      mark("deletion-mark", ids.del, who, "new "),
      mark("insertion-mark", ids.ins, who, "fresh "),
      text("cold brew is here."),
      ...(other ? [mark("insertion-mark", other.uuid, other.userId, " Try it iced.")] : []),
    ]),
  ]);
}

const uuid = () => crypto.randomUUID();

/** A document owned by `writer`, with an editor, a commenter, a reader, a colleague without access, and a stranger elsewhere. */
async function setup(overrides: Parameters<typeof buildArticle>[2] = {}) {
  const { workspace } = await buildWorkspace();
  const writer = await buildMember(workspace);
  const editor = await buildMember(workspace);
  const commenter = await buildMember(workspace);
  const reader = await buildMember(workspace);
  const colleague = await buildMember(workspace);
  const stranger = await buildMember((await buildWorkspace()).workspace);
  const article = await buildArticle(workspace, writer.user, { title: "Cold brew launch", text: ORIGINAL, ...overrides });
  await grant({ article }, "User", "edit", { userId: editor.user.id });
  await grant({ article }, "User", "comment", { userId: commenter.user.id });
  await grant({ article }, "User", "read", { userId: reader.user.id });
  return { workspace, writer, editor, commenter, reader, colleague, stranger, article };
}

const roomToken = (room: string) =>
  new SignJWT({ room }).setProtectedHeader({ alg: "HS256" }).setIssuer(ROOM_TOKEN_ISSUER).setAudience(ROOM_TOKEN_AUDIENCE).setExpirationTime("5m").sign(secret);

/** The document's room saves `body`, carrying edits by `userIds` (last editor last). */
async function roomSave(article: Pick<Article, "id">, userIds: number[], body: SerializedDocument) {
  const room = `article-${article.id}`;
  const response = await api(`/internal/rooms/${room}/document`, { method: "PUT", headers: { Authorization: `Bearer ${await roomToken(room)}` }, body: { body, editor_ids: userIds } });
  expect(response.status).toBe(200);
  return (await json(response)).data as { saved: boolean };
}

const stored = async (articleId: number) => (await db.select().from(articles).where(eq(articles.id, articleId)))[0]!;
const storedText = async (articleId: number) => documentToPlainText((await stored(articleId)).body).trim();
const storedChanges = async (articleId: number) => changesInDocument((await stored(articleId)).body).map((change) => change.uuid);
const suggestionRows = (articleId: number) => db.select().from(suggestions).where(eq(suggestions.articleId, articleId));
const suggestionItems = (userId: number) => db.select().from(inboxItems).where(and(eq(inboxItems.recipientId, userId), eq(inboxItems.type, "Suggestion")));
const list = (articleId: number, token: string, headers: Record<string, string> = {}) => api(`/articles/${articleId}/suggestions`, { token, headers });
const act = (id: number, verb: "merge" | "reject" | "withdraw", token: string) => api(`/suggestions/${id}/${verb}`, { method: "POST", token, body: {} });
const bulk = (verb: "accept" | "reject") => (articleId: number, token: string, body: unknown, layer = "main") =>
  api(`/articles/${articleId}/layers/${layer}/changes/bulk_${verb}`, { method: "POST", token, body });
const bulkAccept = bulk("accept");
const bulkReject = bulk("reject");

/** The commenter's suggestion, opened by a room save of their tracked changes. */
async function withSuggestion(overrides: Parameters<typeof buildArticle>[2] = {}, other?: (context: Awaited<ReturnType<typeof setup>>) => { uuid: string; userId: number }) {
  const context = await setup(overrides);
  const ids = { del: uuid(), ins: uuid() };
  const extra = other?.(context);
  // Someone else's change in the same save is theirs to credit (the room names everyone who edited).
  const savers = extra ? [context.commenter.user.id, extra.userId] : [context.commenter.user.id];
  expect(await roomSave(context.article, savers, suggested(context.commenter.user.id, ids, extra))).toMatchObject({ saved: true });
  const [row] = await suggestionRows(context.article.id);
  expect(row).toBeDefined();
  return { ...context, ids, extra, suggestion: row! };
}

afterEach(() => vi.restoreAllMocks());

describe("suggesting: a commenter's tracked changes", () => {
  it("open a suggestion when the room saves them: the owner and editors hear of it and the document's status becomes suggestions", async () => {
    const { article, writer, editor, commenter, reader, ids, suggestion } = await withSuggestion();
    expect(suggestion).toMatchObject({ kind: "suggestion", state: "open", authorId: commenter.user.id, previousStatus: "draft", workspaceId: article.workspaceId });
    expect([...suggestion.changeUuids].sort()).toEqual([ids.del, ids.ins].sort());
    expect((await stored(article.id)).status).toBe("suggestions");
    // Stored, but not as the commenter's edit: no contributor row (LayerEditors grants), no last editor.
    expect(await db.select().from(articleContributors).where(and(eq(articleContributors.articleId, article.id), eq(articleContributors.userId, commenter.user.id)))).toEqual([]);
    expect((await stored(article.id)).lastEditorId).not.toBe(commenter.user.id);

    for (const person of [writer, editor]) {
      expect(await suggestionItems(person.user.id)).toMatchObject([{ event: "suggested", actorId: commenter.user.id, articleId: article.id, data: { suggestion_id: suggestion.id } }]);
    }
    expect(await suggestionItems(commenter.user.id)).toEqual([]);
    expect(await suggestionItems(reader.user.id)).toEqual([]);
    const inbox = (await json(await api(`/w/${article.workspaceId}/inbox`, { token: writer.token }))).data.flatMap((group: { items: unknown[] }) => group.items);
    expect(inbox[0]).toMatchObject({ type: "Suggestion", text: expect.stringContaining("suggested changes to \"Cold brew launch\""), url: `/docs/cold-brew-launch-${article.id}/suggestions/${suggestion.id}/merge` });

    // Readers see it, with its changes as the body holds them.
    const listed = await list(article.id, reader.token);
    expect(listed.status).toBe(200);
    expect((await json(listed)).data).toMatchObject([
      {
        id: suggestion.id,
        kind: "suggestion",
        state: "open",
        author: { id: commenter.user.id },
        changes: [
          { uuid: ids.del, kind: "deletion", text: "new " },
          { uuid: ids.ins, kind: "insertion", text: "fresh " },
        ],
        policies: { "suggestions.merge": false, "suggestions.withdraw": false },
      },
    ]);
    expect((await json(await list(article.id, commenter.token))).data[0].policies).toEqual({ "suggestions.merge": false, "suggestions.withdraw": true });
    expect((await json(await list(article.id, editor.token))).data[0].policies).toEqual({ "suggestions.merge": true, "suggestions.withdraw": false });
  });

  it("keep one suggestion per commenter, following their changes from save to save, and tell nobody twice", async () => {
    const { article, writer, commenter, ids, suggestion } = await withSuggestion();
    const more = uuid();
    const body = document([
      paragraph([text("Our "), mark("deletion-mark", ids.del, commenter.user.id, "new "), mark("insertion-mark", ids.ins, commenter.user.id, "fresh "), text("cold brew is here."), mark("insertion-mark", more, commenter.user.id, " Now.")]),
    ]);
    expect(await roomSave(article, [commenter.user.id], body)).toMatchObject({ saved: true });
    const rows = await suggestionRows(article.id);
    expect(rows).toHaveLength(1);
    expect([...rows[0]!.changeUuids].sort()).toEqual([ids.del, ids.ins, more].sort());
    expect(rows[0]!.id).toBe(suggestion.id);
    expect(await suggestionItems(writer.user.id)).toHaveLength(1);
  });

  it("are not stored for a reader, nor when a commenter's save does more than suggest", async () => {
    const { article, reader, commenter } = await setup();
    expect(await roomSave(article, [reader.user.id], suggested(reader.user.id, { del: uuid(), ins: uuid() }))).toEqual({ saved: false });
    // Plain words changed under a commenter's name: not a suggestion, not stored.
    expect(await roomSave(article, [commenter.user.id], document([paragraph([text("Our cold brew is gone.")])]))).toEqual({ saved: false });
    // Someone else's changes put in by a commenter: not theirs to make.
    expect(await roomSave(article, [commenter.user.id], suggested(reader.user.id, { del: uuid(), ins: uuid() }))).toEqual({ saved: false });
    expect(await storedText(article.id)).toBe(ORIGINAL);
    expect(await suggestionRows(article.id)).toEqual([]);
    expect((await stored(article.id)).status).toBe("draft");
  });

  it("an editor's own tracked changes are tracked changes, not a suggestion", async () => {
    const { article, editor } = await setup();
    const body = suggested(editor.user.id, { del: uuid(), ins: uuid() });
    const saved = await api(`/articles/${article.id}`, { method: "PUT", token: editor.token, body: { article: { body } } });
    expect(saved.status).toBe(200);
    expect(await storedChanges(article.id)).toHaveLength(2);
    expect(await suggestionRows(article.id)).toEqual([]);
    expect((await stored(article.id)).status).toBe("draft");
  });

  it("an editor's save of a body holding a commenter's changes opens their suggestion too", async () => {
    const { article, editor, commenter } = await setup();
    const saved = await api(`/articles/${article.id}`, { method: "PUT", token: editor.token, body: { article: { body: suggested(commenter.user.id, { del: uuid(), ins: uuid() }) } } });
    expect(saved.status).toBe(200);
    expect((await json(saved)).data.status).toBe("suggestions");
    expect(await suggestionRows(article.id)).toMatchObject([{ state: "open", authorId: commenter.user.id }]);
  });
});

describe("POST /v1/suggestions/:id/merge, /reject, /withdraw", () => {
  it("merge by an editor accepts exactly its changes; the author hears of it and the status returns", async () => {
    const { article, editor, commenter, suggestion, extra } = await withSuggestion({}, ({ editor }) => ({ uuid: uuid(), userId: editor.user.id }));
    const response = await act(suggestion.id, "merge", editor.token);
    expect(response.status).toBe(200);
    const answer = await json(response);
    expect(answer.data).toMatchObject({ id: suggestion.id, state: "merged", settled_by: { id: editor.user.id } });
    expect([...answer.settled].sort()).toEqual([...suggestion.changeUuids].sort());
    expect(answer.status).toBe("draft");
    // Its words are in; the editor's own pending change is untouched.
    expect(await storedText(article.id)).toBe("Our fresh cold brew is here. Try it iced.");
    expect(await storedChanges(article.id)).toEqual([extra!.uuid]);
    expect((await stored(article.id)).status).toBe("draft");
    expect(await suggestionItems(commenter.user.id)).toMatchObject([{ event: "accepted", actorId: editor.user.id, data: { suggestion_id: suggestion.id } }]);
    expect((await act(suggestion.id, "merge", editor.token)).status).toBe(409);
  });

  it("reject by an editor removes its changes and puts back the status it had", async () => {
    const { article, editor, commenter, suggestion } = await withSuggestion({ status: "in_review" });
    expect(suggestion.previousStatus).toBe("in_review");
    const response = await act(suggestion.id, "reject", editor.token);
    expect(response.status).toBe(200);
    expect((await json(response)).data.state).toBe("rejected");
    expect(await storedText(article.id)).toBe(ORIGINAL);
    expect(await storedChanges(article.id)).toEqual([]);
    expect((await stored(article.id)).status).toBe("in_review");
    expect(await suggestionItems(commenter.user.id)).toMatchObject([{ event: "rejected", actorId: editor.user.id }]);
  });

  it("stays in suggestions while another commenter's suggestion is open", async () => {
    const { article, workspace, editor, suggestion, ids, commenter } = await withSuggestion();
    const second = await buildMember(workspace);
    await grant({ article }, "User", "comment", { userId: second.user.id });
    const theirs = uuid();
    const body = suggested(commenter.user.id, ids, { uuid: theirs, userId: second.user.id });
    expect(await roomSave(article, [second.user.id], body)).toMatchObject({ saved: true });
    expect(await suggestionRows(article.id)).toHaveLength(2);
    expect((await act(suggestion.id, "merge", editor.token)).status).toBe(200);
    expect((await stored(article.id)).status).toBe("suggestions");
    const [open] = (await suggestionRows(article.id)).filter((row) => row.state === "open");
    expect(open).toMatchObject({ authorId: second.user.id, changeUuids: [theirs] });
    expect((await act(open!.id, "reject", editor.token)).status).toBe(200);
    expect((await stored(article.id)).status).toBe("draft");
    expect(await storedText(article.id)).toBe("Our fresh cold brew is here.");
  });

  it("withdraw is the author's: their changes go, nobody is told", async () => {
    const { article, editor, commenter, writer, suggestion } = await withSuggestion();
    expect((await act(suggestion.id, "withdraw", editor.token)).status).toBe(403);
    const response = await act(suggestion.id, "withdraw", commenter.token);
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ state: "withdrawn", settled_by: { id: commenter.user.id } });
    expect(await storedText(article.id)).toBe(ORIGINAL);
    expect((await stored(article.id)).status).toBe("draft");
    expect(await suggestionItems(commenter.user.id)).toEqual([]);
    expect(await suggestionItems(writer.user.id)).toHaveLength(1);
  });

  it("lets only editors merge or reject; a colleague without access gets 403, a stranger 404", async () => {
    const { commenter, reader, colleague, stranger, suggestion, article } = await withSuggestion();
    for (const verb of ["merge", "reject"] as const) {
      expect((await act(suggestion.id, verb, commenter.token)).status).toBe(403);
      expect((await act(suggestion.id, verb, reader.token)).status).toBe(403);
      expect((await act(suggestion.id, verb, colleague.token)).status).toBe(403);
      expect((await act(suggestion.id, verb, stranger.token)).status).toBe(404);
    }
    expect((await act(suggestion.id, "withdraw", reader.token)).status).toBe(403);
    expect((await act(suggestion.id, "withdraw", stranger.token)).status).toBe(404);
    expect((await list(article.id, colleague.token)).status).toBe(403);
    expect((await list(article.id, stranger.token)).status).toBe(404);
    expect((await api(`/suggestions/${suggestion.id}`, { token: stranger.token })).status).toBe(404);
    expect((await act(999_999_999, "merge", commenter.token)).status).toBe(404);
    expect((await suggestionRows(article.id))[0]!.state).toBe("open");
    expect(await storedChanges(article.id)).toHaveLength(2);
  });

  it("stay behind the document's password, as its comments do", async () => {
    const { article, reader, editor, suggestion } = await withSuggestion({ passwordHash: await hashPassword("open sesame") });
    const locked = await list(article.id, reader.token);
    expect(locked.status).toBe(403);
    const lockedBody = await locked.text();
    expect(JSON.parse(lockedBody).error).toBe("password_required");
    expect(lockedBody).not.toContain("fresh");
    expect((await act(suggestion.id, "merge", editor.token)).status).toBe(403);
    const opened = await list(article.id, reader.token, { "X-Article-Password": "open sesame" });
    expect(opened.status).toBe(200);
    expect((await json(opened)).data[0].changes[1].text).toBe("fresh ");
  });
});

describe("suggestions settled in the editor", () => {
  it("a save without its changes ends it: accepted or rejected by whoever saved, withdrawn by its author", async () => {
    const accepted = await withSuggestion();
    await api(`/articles/${accepted.article.id}`, { method: "PUT", token: accepted.editor.token, body: { article: { body: document([paragraph([text("Our fresh cold brew is here.")])]) } } });
    expect((await suggestionRows(accepted.article.id))[0]).toMatchObject({ state: "merged", settledById: accepted.editor.user.id });
    expect((await stored(accepted.article.id)).status).toBe("draft");
    expect(await suggestionItems(accepted.commenter.user.id)).toMatchObject([{ event: "accepted" }]);

    const rejected = await withSuggestion();
    await roomSave(rejected.article, [rejected.editor.user.id], document([paragraph([text(ORIGINAL)])]));
    expect((await suggestionRows(rejected.article.id))[0]).toMatchObject({ state: "rejected", settledById: rejected.editor.user.id });

    const withdrawn = await withSuggestion();
    expect(await roomSave(withdrawn.article, [withdrawn.commenter.user.id], document([paragraph([text(ORIGINAL)])]))).toMatchObject({ saved: true });
    expect((await suggestionRows(withdrawn.article.id))[0]).toMatchObject({ state: "withdrawn", settledById: withdrawn.commenter.user.id });
    expect((await stored(withdrawn.article.id)).status).toBe("draft");
  });
});

describe("POST /v1/articles/:id/layers/:layer/changes/bulk_accept", () => {
  it("accepts only the changes named; a suggestion partly accepted keeps the rest, one wholly accepted is merged", async () => {
    const { article, editor, commenter, ids, extra, suggestion } = await withSuggestion({}, ({ editor }) => ({ uuid: uuid(), userId: editor.user.id }));
    const first = await bulkAccept(article.id, editor.token, { uuids: [ids.ins, extra!.uuid, "not-here"] });
    expect(first.status).toBe(200);
    expect((await json(first)).data).toMatchObject({ accepted: [ids.ins, extra!.uuid], not_found: ["not-here"], merged_suggestion_ids: [] });
    // The deletion of "new " is still pending; "fresh " and the editor's sentence are in.
    expect(await storedChanges(article.id)).toEqual([ids.del]);
    expect(await storedText(article.id)).toBe("Our new fresh cold brew is here. Try it iced.");
    expect((await suggestionRows(article.id))[0]).toMatchObject({ state: "open", changeUuids: [ids.del] });
    expect((await stored(article.id)).status).toBe("suggestions");

    const second = await bulkAccept(article.id, editor.token, { uuids: [ids.del] });
    expect((await json(second)).data).toMatchObject({ accepted: [ids.del], not_found: [], merged_suggestion_ids: [suggestion.id], status: "draft" });
    expect(await storedText(article.id)).toBe("Our fresh cold brew is here. Try it iced.");
    expect((await suggestionRows(article.id))[0]).toMatchObject({ state: "merged", settledById: editor.user.id });
    expect(await suggestionItems(commenter.user.id)).toMatchObject([{ event: "accepted" }]);
  });

  it("knows only the main layer, validates its body, and is for editors", async () => {
    const { article, editor, commenter, reader, colleague, stranger, ids } = await withSuggestion();
    const other = await bulkAccept(article.id, editor.token, { uuids: [ids.ins] }, "draft-2");
    expect(other.status).toBe(404);
    expect((await json(other)).message).toMatch(/No such layer/);
    const empty = await bulkAccept(article.id, editor.token, { uuids: [] });
    expect(empty.status).toBe(400);
    expect((await json(empty)).fields).toHaveProperty("uuids");
    const missing = await bulkAccept(article.id, editor.token, {});
    expect(missing.status).toBe(400);
    expect((await json(missing)).fields).toHaveProperty("uuids");
    expect((await bulkAccept(article.id, editor.token, { uuids: [42] })).status).toBe(400);
    expect((await bulkAccept(article.id, commenter.token, { uuids: [ids.ins] })).status).toBe(403);
    expect((await bulkAccept(article.id, reader.token, { uuids: [ids.ins] })).status).toBe(403);
    expect((await bulkAccept(article.id, colleague.token, { uuids: [ids.ins] })).status).toBe(403);
    expect((await bulkAccept(article.id, stranger.token, { uuids: [ids.ins] })).status).toBe(404);
    expect(await storedChanges(article.id)).toHaveLength(2);
  });
});

describe("POST /v1/articles/:id/layers/:layer/changes/bulk_reject", () => {
  it("rejects only the changes named; the suggestion ends rejected once its last change is, and its author hears of it", async () => {
    const { article, editor, commenter, ids, suggestion } = await withSuggestion();
    const first = await bulkReject(article.id, editor.token, { uuids: [ids.ins, "not-here"] });
    expect(first.status).toBe(200);
    expect((await json(first)).data).toMatchObject({ rejected: [ids.ins], not_found: ["not-here"], rejected_suggestion_ids: [] });
    // "fresh " is gone; the deletion of "new " still waits.
    expect(await storedChanges(article.id)).toEqual([ids.del]);
    expect(await storedText(article.id)).toBe("Our new cold brew is here.");
    expect((await suggestionRows(article.id))[0]).toMatchObject({ state: "open", changeUuids: [ids.del] });

    const second = await bulkReject(article.id, editor.token, { uuids: [ids.del] });
    expect((await json(second)).data).toMatchObject({ rejected: [ids.del], rejected_suggestion_ids: [suggestion.id], status: "draft" });
    expect(await storedText(article.id)).toBe("Our new cold brew is here.");
    expect((await suggestionRows(article.id))[0]).toMatchObject({ state: "rejected", settledById: editor.user.id });
    expect(await suggestionItems(commenter.user.id)).toMatchObject([{ event: "rejected" }]);
  });

  it("is for editors, on the main layer only", async () => {
    const { article, commenter, editor, ids } = await withSuggestion();
    expect((await bulkReject(article.id, editor.token, { uuids: [ids.ins] }, "draft-2")).status).toBe(404);
    expect((await bulkReject(article.id, commenter.token, { uuids: [ids.ins] })).status).toBe(403);
    expect((await json(await bulkReject(article.id, editor.token, { uuids: "all" }))).fields).toHaveProperty("uuids");
    expect(await storedChanges(article.id)).toHaveLength(2);
  });
});

describe("reviews while suggestions are open", () => {
  it("a review that finishes changes the status the document returns to, not the suggestions status", async () => {
    const { article, writer, editor, suggestion } = await withSuggestion();
    const asked = await api(`/articles/${article.id}/reviews`, { method: "POST", token: writer.token, body: { kind: "approval", user_ids: [editor.user.id] } });
    expect(asked.status).toBe(201);
    expect((await stored(article.id)).status).toBe("suggestions");
    expect((await suggestionRows(article.id))[0]!.previousStatus).toBe("in_review");
    expect((await act(suggestion.id, "merge", editor.token)).status).toBe(200);
    expect((await stored(article.id)).status).toBe("in_review");
  });
});

/** Marks the document's room as live: someone connected and the room checked them with the Worker. */
async function roomIsLive(workspaceId: number, articleId: number, userId: number) {
  await db.insert(events).values({ name: ROOM_PRESENCE_EVENT, workspaceId, userId, articleId });
}

/** Stands in for PartyKit: answers each changes notice as `answer` says, and records every notice. */
function roomAnswering(answer: (notice: { kind: string; verdict?: string; uuids?: string[] }) => Promise<Response>) {
  const notices: { kind: string; room: unknown }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.includes("/parties/main/")) throw new Error(`unexpected fetch ${url}`);
    const token = new Headers(init?.headers).get("authorization")!.replace("Bearer ", "");
    const { payload } = await jwtVerify(token, secret, { issuer: ROOM_NOTICE_ISSUER, audience: ROOM_NOTICE_AUDIENCE });
    const notice = JSON.parse(String(init?.body));
    notices.push({ kind: notice.kind, room: payload.room });
    return notice.kind === "changes" ? answer(notice) : Response.json({ ok: true });
  });
  return notices;
}

describe("settling while the document's room is live", () => {
  it("asks the room to settle the changes and leaves the stored body to the room's save", async () => {
    const { article, workspace, editor, suggestion } = await withSuggestion();
    await roomIsLive(workspace.id, article.id, editor.user.id);
    const before = (await stored(article.id)).body;
    const notices = roomAnswering(async (notice) => {
      // The room credits its save to the editor who merged (words accepted before the room saved them are theirs).
      expect(notice).toEqual({ kind: "changes", verdict: "accept", uuids: suggestion.changeUuids, by: editor.user.id });
      return Response.json({ settled: suggestion.changeUuids, saved: true });
    });
    const response = await act(suggestion.id, "merge", editor.token);
    expect(response.status).toBe(200);
    expect((await json(response)).settled).toEqual(suggestion.changeUuids);
    expect(notices).toEqual([{ kind: "changes", room: `article-${article.id}` }]);
    expect((await stored(article.id)).body).toEqual(before);
    expect((await suggestionRows(article.id))[0]!.state).toBe("merged");
  });

  it("settles the stored body itself when the room could not save, and tells the room to load it", async () => {
    const { article, workspace, editor, suggestion } = await withSuggestion();
    await roomIsLive(workspace.id, article.id, editor.user.id);
    const notices = roomAnswering(async () => Response.json({ settled: suggestion.changeUuids, saved: false }));
    expect((await act(suggestion.id, "reject", editor.token)).status).toBe(200);
    expect(await storedText(article.id)).toBe(ORIGINAL);
    await vi.waitFor(() => expect(notices.map((notice) => notice.kind)).toEqual(["changes", "document"]));
  });
});

describe("the room's side: settling changes as a Yjs edit", () => {
  it("accepts the named changes in the room's document, another replica converges, and the room saves once", async () => {
    const ids = { del: uuid(), ins: uuid() };
    const room = await documentToYDoc(suggested(7, ids));
    const replica = new Y.Doc();
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(room));
    room.on("update", (change: Uint8Array) => Y.applyUpdate(replica, change));
    let saves = 0;
    const answer = await applyChangesNotice(room, { kind: "changes", verdict: "accept", uuids: [ids.ins] }, async () => ++saves > 0);
    expect(answer).toEqual({ settled: [ids.ins], saved: true });
    const now = await yDocToDocument(replica);
    expect(documentToPlainText(now).trim()).toBe("Our new fresh cold brew is here.");
    expect(changesInDocument(now).map((change) => change.uuid)).toEqual([ids.del]);
    // Unknown changes: nothing applied, nothing saved.
    expect(await applyChangesNotice(room, { kind: "changes", verdict: "reject", uuids: ["gone"] }, async () => true)).toEqual({ settled: [], saved: false });
    expect(saves).toBe(1);
  });
});

describe("POST /v1/articles/:id/ai_revisions", () => {
  const revise = (articleId: number, token: string, body: unknown) => api(`/articles/${articleId}/ai_revisions`, { method: "POST", token, body });

  /** A document in a workspace whose house style prefers "customers" to "users". */
  async function inVoice() {
    const context = await setup({ text: "Our users love it. Ask for a sample." });
    await db.insert(articleStyles).values({ workspaceId: context.workspace.id, preferWords: ["customers instead of users"] });
    return context;
  }

  it("rewrites the words in the brand voice as an AI-revision suggestion, never an overwrite; merging puts the rewrite in", async () => {
    const { article, writer, editor, commenter } = await inVoice();
    const response = await revise(article.id, commenter.token, { text: "Our users love it." });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data).toMatchObject({ kind: "ai_revision", state: "open", author: null, author_name: "AI writer", requested_by: { id: commenter.user.id } });
    expect(data.changes).toMatchObject([
      { kind: "deletion", text: "Our users love it." },
      { kind: "insertion", text: "Our customers love it." },
    ]);
    // The old words are still there, marked, beside the new ones; the status follows.
    const body = (await stored(article.id)).body;
    expect(changesInDocument(body).map((change) => [change.kind, change.userId, change.text])).toEqual([
      ["deletion", "ai", "Our users love it."],
      ["insertion", "ai", "Our customers love it."],
    ]);
    expect((await stored(article.id)).status).toBe("suggestions");
    expect(await suggestionItems(writer.user.id)).toMatchObject([{ event: "suggested", actorId: commenter.user.id, data: { kind: "ai_revision" } }]);
    expect(await suggestionItems(commenter.user.id)).toEqual([]);

    // A later save keeps it; an editor merges it; the one who asked hears of it.
    await api(`/articles/${article.id}`, { method: "PUT", token: editor.token, body: { article: { body, title: "Renamed" } } });
    expect((await suggestionRows(article.id))[0]!.state).toBe("open");
    expect((await act(data.id, "merge", editor.token)).status).toBe(200);
    expect(await storedText(article.id)).toBe("Our customers love it. Ask for a sample.");
    expect((await stored(article.id)).status).toBe("draft");
    expect(await suggestionItems(commenter.user.id)).toMatchObject([{ event: "accepted", actorId: editor.user.id }]);
  });

  it("whoever asked for it may withdraw it while it is open, and is told so; nobody else may", async () => {
    const { article, editor, commenter, writer } = await inVoice();
    const response = await revise(article.id, commenter.token, { text: "Our users love it." });
    const { data } = await json(response);
    expect(data.policies).toMatchObject({ "suggestions.withdraw": true, "suggestions.merge": false });
    expect((await json(await list(article.id, editor.token))).data[0].policies).toMatchObject({ "suggestions.withdraw": false });

    for (const other of [editor, writer]) {
      const refused = await act(data.id, "withdraw", other.token);
      expect(refused.status).toBe(403);
      expect((await json(refused)).message).toBe("Only whoever made this suggestion, or asked the AI writer for it, may withdraw it");
    }
    const withdrawn = await act(data.id, "withdraw", commenter.token);
    expect(withdrawn.status).toBe(200);
    expect((await json(withdrawn)).data).toMatchObject({ state: "withdrawn", settled_by: { id: commenter.user.id } });
    // The document is as it was before the revision, and it cannot be withdrawn twice.
    expect(await storedText(article.id)).toBe("Our users love it. Ask for a sample.");
    expect(changesInDocument((await stored(article.id)).body)).toEqual([]);
    expect((await act(data.id, "withdraw", commenter.token)).status).toBe(409);
  });

  it("says what is wrong: words not in the document, nothing to change, a bad body", async () => {
    const { article, editor } = await inVoice();
    const missing = await revise(article.id, editor.token, { text: "Our fans love it." });
    expect(missing.status).toBe(422);
    expect((await json(missing)).fields).toEqual({ text: ["is not in the document"] });
    const unchanged = await revise(article.id, editor.token, { text: "Ask for a sample." });
    expect(unchanged.status).toBe(422);
    expect((await json(unchanged)).fields).toEqual({ text: ["has nothing to change"] });
    const blank = await revise(article.id, editor.token, { text: " " });
    expect(blank.status).toBe(400);
    expect((await json(blank)).fields).toHaveProperty("text");
    expect(await suggestionRows(article.id)).toEqual([]);
    expect(await storedText(article.id)).toBe("Our users love it. Ask for a sample.");
  });

  it("is for members who may suggest: a reader gets 403, a colleague without access 403, a stranger 404", async () => {
    const { article, reader, colleague, stranger } = await inVoice();
    expect((await revise(article.id, reader.token, { text: "Our users love it." })).status).toBe(403);
    expect((await revise(article.id, colleague.token, { text: "Our users love it." })).status).toBe(403);
    expect((await revise(article.id, stranger.token, { text: "Our users love it." })).status).toBe(404);
    expect(await suggestionRows(article.id)).toEqual([]);
  });

  it("in a live room, the room puts the revision in and saves it", async () => {
    const { article, workspace, editor } = await inVoice();
    await roomIsLive(workspace.id, article.id, editor.user.id);
    const before = (await stored(article.id)).body;
    const seen: Record<string, unknown>[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      seen.push(JSON.parse(String(init?.body)));
      return Response.json({ applied: true, saved: true });
    });
    expect((await revise(article.id, editor.token, { text: "Our users love it." })).status).toBe(201);
    expect(seen).toMatchObject([{ kind: "revision", exact: "Our users love it.", replacement: "Our customers love it." }]);
    expect((await stored(article.id)).body).toEqual(before);
    const [row] = await suggestionRows(article.id);
    expect(row!.changeUuids).toEqual([seen[0]!.deletion_uuid, seen[0]!.insertion_uuid]);
  });

  it("the room's side: the revision as one Yjs edit by the AI writer", async () => {
    const room = await documentToYDoc(document([paragraph([text("Our users love it.")])]));
    const notice = { kind: "revision" as const, exact: "users", replacement: "customers", deletion_uuid: uuid(), insertion_uuid: uuid() };
    expect(await applyRevisionNotice(room, notice, async () => true)).toEqual({ applied: true, saved: true });
    expect(changesInDocument(await yDocToDocument(room)).map((change) => [change.uuid, change.kind, change.text])).toEqual([
      [notice.deletion_uuid, "deletion", "users"],
      [notice.insertion_uuid, "insertion", "customers"],
    ]);
    expect(await applyRevisionNotice(room, { ...notice, exact: "fans" }, async () => true)).toEqual({ applied: false, saved: false });
  });
});

describe("suggesting a block type change", () => {
  /** `body` with its first paragraph made a heading, as `userId`'s tracked change. */
  function retyped(body: SerializedDocument, userId: number, changeUuid: string): SerializedDocument {
    const editor = createDocumentEditor();
    loadDocument(editor, body);
    editor.update(() => $setBlocksTypeTracked($getRoot().getFirstChildOrThrow<ElementNode>().selectStart(), () => $createHeadingNode("h2"), { userId: String(userId), uuid: changeUuid }), { discrete: true });
    return exportDocument(editor);
  }

  it("a commenter's paragraph made a heading opens a suggestion, and rejecting it gives the paragraph back", async () => {
    const { article, editor, commenter } = await setup();
    const before = roundTripDocument((await stored(article.id)).body);
    const change = uuid();
    expect(await roomSave(article, [commenter.user.id], retyped(before, commenter.user.id, change))).toMatchObject({ saved: true });
    const [suggestion] = await suggestionRows(article.id);
    expect(suggestion).toMatchObject({ authorId: commenter.user.id, state: "open", changeUuids: [change] });
    expect((await json(await list(article.id, editor.token))).data[0].changes).toMatchObject([{ uuid: change, kind: "node_type_change", text: ORIGINAL }]);

    expect((await act(suggestion!.id, "reject", editor.token)).status).toBe(200);
    expect(roundTripDocument((await stored(article.id)).body)).toEqual(before);
  });

  it("a commenter's new paragraph is a suggestion too, listed as a split; merging it keeps the two paragraphs", async () => {
    const { article, editor, commenter } = await setup();
    const loaded = createDocumentEditor();
    loadDocument(loaded, (await stored(article.id)).body);
    const change = uuid();
    // Enter after "Our new ": the rest becomes a paragraph of its own.
    loaded.update(() => void $splitTracked($getRoot().getFirstChildOrThrow<ElementNode>().getFirstDescendant<TextNode>()!.select(8, 8), { userId: String(commenter.user.id), uuid: change }), { discrete: true });
    expect(await roomSave(article, [commenter.user.id], exportDocument(loaded))).toMatchObject({ saved: true });
    const [suggestion] = await suggestionRows(article.id);
    expect(suggestion).toMatchObject({ authorId: commenter.user.id, state: "open", changeUuids: [change] });
    expect((await json(await list(article.id, editor.token))).data[0].changes).toMatchObject([{ uuid: change, kind: "insertion", detail: "split", text: "cold brew is here." }]);

    expect((await act(suggestion!.id, "merge", editor.token)).status).toBe(200);
    const paragraphs = (await stored(article.id)).body.root.children.map((block) => documentToPlainText(document([block])).trim());
    expect(paragraphs).toEqual(["Our new", "cold brew is here."]);
    expect(await storedChanges(article.id)).toEqual([]);
  });
});
