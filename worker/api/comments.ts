import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import * as z from "zod";
import { articleRefParam } from "../../core/contracts/articles";
import { idParam } from "../../core/contracts/common";
import { commentThreadListOut, commentThreadOut, createCommentSchema, listCommentsQuery, updateCommentSchema } from "../../core/contracts/comments";
import { DEFAULT_PER_PAGE } from "../../core/contracts/pagination";
import { pagesByCursor } from "../lib/cursor";
import { publicRoute } from "../openapi/public-route";
import { pagedList, wholeList } from "../lib/list-page";
import type { SQL } from "drizzle-orm";
import { signScopedToken, verifyScopedToken } from "../auth/scoped-tokens";
import { commentMarker } from "../commands/commentMarker";
import type { CommandContext } from "../commands/events";
import type { CommentMarkEdit } from "../../core/editor/comment-marks";
import { commentCreator, commentDeleter, commentUpdater } from "../commands/commentCommands";
import type { Database } from "../db/client";
import { commentReads, comments, type Comment, type User } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { HttpError, NotFound, Unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { authorize, type CommentResource } from "../policies";
import { presentThread } from "../presenters/comments";
import { findComment, peopleOf, THREAD_KEYSET, threadKeyOf, threadOf, threadsOf } from "../services/comments";
import type { LoadedArticle } from "../services/documents";
import { liveChannel, publishLive } from "../services/live";
import { commandContext, loaded } from "./articles";

/** Tells everyone with the document open that its comments changed (they re-read them through the read check). */
const announce = (env: Env, articleId: number, threadId: number) =>
  publishLive(env, `article:${articleId}`, { type: "comments.changed", article_id: articleId, thread_id: threadId });

/** A comment and its document, for someone who may read that document (else the document's 404/403). */
async function loadComment(c: Context<AppEnv>, id: number) {
  const comment = await findComment(c.get("db"), id);
  const doc = await loaded(c, comment.articleId);
  const resource: CommentResource = { level: doc.level, isAuthor: comment.authorId === doc.actor.userId };
  return { ...doc, comment, resource };
}

/** When someone last marked each thread of a document read, by thread id (threads never marked are absent). */
async function readMarksOn(db: Database, userId: number, articleId: number) {
  const rows = await db
    .select({ threadId: commentReads.threadId, readAt: commentReads.readAt })
    .from(commentReads)
    .innerJoin(comments, eq(comments.id, commentReads.threadId))
    .where(and(eq(commentReads.userId, userId), eq(comments.articleId, articleId)));
  return new Map(rows.map((row) => [row.threadId, row.readAt]));
}

/** When someone last marked one thread read, or null. */
async function readMarkOf(db: Database, userId: number, threadId: number) {
  const [mark] = await db
    .select({ readAt: commentReads.readAt })
    .from(commentReads)
    .where(and(eq(commentReads.threadId, threadId), eq(commentReads.userId, userId)));
  return mark?.readAt ?? null;
}

/**
 * Places, resolves or removes a thread's comment mark in the document. The thread in D1 is
 * what counts and is already written: a mark that could not be written is logged, and the
 * thread keeps finding its text by its quote.
 */
async function markThread(c: Context<AppEnv>, context: CommandContext, thread: Comment, edit: CommentMarkEdit) {
  try {
    await commentMarker(c.get("db"), { context, article: { id: thread.articleId, workspaceId: thread.workspaceId }, edit, env: c.env });
  } catch (error) {
    console.warn(`comment ${thread.id}: its mark could not be written: ${String(error)}`);
  }
}

/** The thread a comment belongs to, as the API answers it (for the actor and level already loaded). */
async function threadJson(c: Context<AppEnv>, comment: Comment, { actor, level }: Pick<LoadedArticle, "actor" | "level">) {
  const db = c.get("db");
  const [thread, readAt] = await Promise.all([threadOf(db, comment), readMarkOf(db, actor.userId, comment.threadId ?? comment.id)]);
  return presentThread(actor, thread, await peopleOf(db, [thread.root, ...thread.replies]), { level }, readAt);
}

/**
 * Comments on documents: `GET /articles/:id/comments` (threads, behind the document's read
 * check and its password), `POST` a thread or a reply (comment access and above),
 * `PATCH /comments/:id` (your words; resolve, reopen, pin; mark read or unread, for yourself),
 * `DELETE` (yours, or any as an editor). Everyone with the document open hears of each change
 * on its live channel. Each thread says whether the caller has read it; writing in a thread
 * marks it read for its author.
 */
export const commentsApi = createApp()
  .get(
    "/articles/:id/comments",
    publicRoute({
      scope: "read",
      tag: "Comments",
      summary: "List a document's comments",
      description:
        "Its threads (open, resolved or all), pinned first, then oldest first, each with its replies. Without `limit` or `cursor` all come at once; with them, a page of threads at a time.",
      response: commentThreadListOut,
      errors: [404],
      example: { params: { id: "$article" }, query: { filter: "open", limit: "20" } },
    }),
    requireSession,
    validate("param", articleRefParam),
    validate("query", listCommentsQuery),
    async (c) => {
    const db = c.get("db");
    const { actor, article, level } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", { level });
    const query = c.req.valid("query");
    const reads = readMarksOn(db, actor.userId, article.id);
    let people = new Map<number, User>();
    const fetch = async (window: { limit?: number; after?: SQL }) => {
      const found = await threadsOf(db, article.id, query.filter, window);
      people = found.people;
      return { rows: found.threads, total: found.total };
    };
    const { rows, meta } = pagesByCursor(query)
      ? await pagedList({ ...query, page: 1, per_page: DEFAULT_PER_PAGE }, { tag: `comments:${query.filter}`, keyset: THREAD_KEYSET, keyOf: threadKeyOf }, fetch)
      : wholeList((await fetch({})).rows);
    const marks = await reads;
    return c.json({ data: rows.map((thread) => presentThread(actor, thread, people, { level }, marks.get(thread.root.id) ?? null)), meta });
    },
  )

  .post(
    "/articles/:id/comments",
    publicRoute({
      scope: "write",
      tag: "Comments",
      summary: "Comment on a document",
      description:
        "A new thread, on the whole document or on some of its text (`quote`: the exact words, with a little context either side), or a reply in a thread (`parent_id`). People named in `mention_ids` are told in their inbox. Answers the whole thread.",
      response: z.object({ data: commentThreadOut }),
      status: 201,
      errors: [404, 422],
      example: { params: { id: "$article" }, body: { body: "Can we add the vegan option here?" } },
    }),
    requireSession,
    validate("param", articleRefParam),
    validate("json", createCommentSchema),
    async (c) => {
    const doc = await loaded(c, c.req.valid("param").id);
    const { actor, article, level } = doc;
    authorize(actor, "comments.create", { level });
    if (article.kind !== "document") throw new Unprocessable("Templates take no comments", { id: ["is a template"] });
    const context = commandContext(c, actor);
    const comment = await commentCreator(c.get("db"), { context, article, input: c.req.valid("json") });
    if (comment.quote) await markThread(c, context, comment, { action: "mark", uuid: comment.uuid, quote: comment.quote });
    c.executionCtx.waitUntil(announce(c.env, article.id, comment.threadId ?? comment.id));
    return c.json({ data: await threadJson(c, comment, doc) }, 201);
    },
  )

  .patch(
    "/comments/:id",
    publicRoute({
      scope: "write",
      tag: "Comments",
      summary: "Update a comment",
      description:
        "Edit your own words (`body`); resolve, reopen or pin a thread (`resolved`, `pinned`, through its first comment); mark a thread read or unread for yourself (`read`). Answers the whole thread.",
      response: z.object({ data: commentThreadOut }),
      errors: [404, 422],
      example: { params: { id: "$comment" }, body: { resolved: true } },
    }),
    requireSession,
    validate("param", idParam),
    validate("json", updateCommentSchema),
    async (c) => {
    const loadedComment = await loadComment(c, c.req.valid("param").id);
    const { actor, comment, resource } = loadedComment;
    const input = c.req.valid("json");
    if (input.body !== undefined) authorize(actor, "comments.update", resource);
    if (input.resolved !== undefined || input.pinned !== undefined) {
      authorize(actor, "comments.resolve", resource);
      if (comment.threadId !== null) throw new Unprocessable("Resolve or pin the thread, through its first comment", { id: ["is a reply"] });
    }
    if (input.read !== undefined) {
      authorize(actor, "comments.read", resource);
      // Read state is the thread's, like resolving: marked through its first comment.
      if (comment.threadId !== null) throw new Unprocessable("Mark the thread read, through its first comment", { id: ["is a reply"] });
    }
    const context = commandContext(c, actor);
    await commentUpdater(c.get("db"), { context, comment, input });
    if (input.resolved !== undefined && comment.quote) await markThread(c, context, comment, { action: "resolve", uuid: comment.uuid, resolved: input.resolved });
    // Only the caller's own read mark changed: nobody else's view of the comments did.
    const othersSee = input.body !== undefined || input.resolved !== undefined || input.pinned !== undefined;
    if (othersSee) c.executionCtx.waitUntil(announce(c.env, comment.articleId, comment.threadId ?? comment.id));
    return c.json({ data: await threadJson(c, comment, loadedComment) });
    },
  )

  .delete(
    "/comments/:id",
    publicRoute({
      scope: "write",
      tag: "Comments",
      summary: "Delete a comment",
      description: "Your own comment, or any as an editor of the document. Deleting a thread's first comment deletes its replies too.",
      response: null,
      status: 204,
      errors: [404],
      example: { params: { id: "$comment" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const { actor, comment, resource } = await loadComment(c, c.req.valid("param").id);
    authorize(actor, "comments.delete", resource);
    const context = commandContext(c, actor);
    await commentDeleter(c.get("db"), { context, comment });
    if (comment.threadId === null && comment.quote) await markThread(c, context, comment, { action: "remove", uuid: comment.uuid });
    c.executionCtx.waitUntil(announce(c.env, comment.articleId, comment.threadId ?? comment.id));
    return c.body(null, 204);
    },
  )

  // The document's live channel: a one-minute ticket for someone who may read it, then the socket.
  .post("/articles/:id/live_ticket", requireSession, validate("param", articleRefParam), async (c) => {
    const { actor, article, level } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", { level });
    const ticket = await signScopedToken(c.env, "live", { subject: String(actor.userId), claims: { art: article.id }, ttlSeconds: 60 });
    return c.json({ data: { ticket: ticket.token, expires_at: ticket.expiresAt.toISOString() } });
  })

  .get("/articles/:id/live", validate("param", articleRefParam), validate("query", z.object({ ticket: z.string().min(1).max(2000) })), async (c) => {
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") throw new HttpError(426, "Open this with a WebSocket", "upgrade_required");
    const payload = await verifyScopedToken(c.env, "live", c.req.valid("query").ticket);
    const { id } = c.req.valid("param");
    if (payload.art !== id) throw new NotFound("Document not found");
    return liveChannel(c.env, `article:${id}`).fetch(c.req.raw);
  });
