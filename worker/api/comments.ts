import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import * as z from "zod";
import { articleRefParam } from "../../core/contracts/articles";
import { idParam } from "../../core/contracts/common";
import { createCommentSchema, listCommentsQuery, updateCommentSchema } from "../../core/contracts/comments";
import { signScopedToken, verifyScopedToken } from "../auth/scoped-tokens";
import { commentMarker } from "../commands/commentMarker";
import type { CommandContext } from "../commands/events";
import type { CommentMarkEdit } from "../../core/editor/comment-marks";
import { commentCreator, commentDeleter, commentUpdater } from "../commands/commentCommands";
import type { Database } from "../db/client";
import { commentReads, comments, type Comment } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { HttpError, NotFound, Unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { authorize, type CommentResource } from "../policies";
import { presentThread } from "../presenters/comments";
import { findComment, peopleOf, threadOf, threadsOf } from "../services/comments";
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
  .get("/articles/:id/comments", requireSession, validate("param", articleRefParam), validate("query", listCommentsQuery), async (c) => {
    const { actor, article, level } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", { level });
    const [{ threads, people }, reads] = await Promise.all([
      threadsOf(c.get("db"), article.id, c.req.valid("query").filter),
      readMarksOn(c.get("db"), actor.userId, article.id),
    ]);
    return c.json({ data: threads.map((thread) => presentThread(actor, thread, people, { level }, reads.get(thread.root.id) ?? null)) });
  })

  .post("/articles/:id/comments", requireSession, validate("param", articleRefParam), validate("json", createCommentSchema), async (c) => {
    const doc = await loaded(c, c.req.valid("param").id);
    const { actor, article, level } = doc;
    authorize(actor, "comments.create", { level });
    if (article.kind !== "document") throw new Unprocessable("Templates take no comments", { id: ["is a template"] });
    const context = commandContext(c, actor);
    const comment = await commentCreator(c.get("db"), { context, article, input: c.req.valid("json") });
    if (comment.quote) await markThread(c, context, comment, { action: "mark", uuid: comment.uuid, quote: comment.quote });
    c.executionCtx.waitUntil(announce(c.env, article.id, comment.threadId ?? comment.id));
    return c.json({ data: await threadJson(c, comment, doc) }, 201);
  })

  .patch("/comments/:id", requireSession, validate("param", idParam), validate("json", updateCommentSchema), async (c) => {
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
  })

  .delete("/comments/:id", requireSession, validate("param", idParam), async (c) => {
    const { actor, comment, resource } = await loadComment(c, c.req.valid("param").id);
    authorize(actor, "comments.delete", resource);
    const context = commandContext(c, actor);
    await commentDeleter(c.get("db"), { context, comment });
    if (comment.threadId === null && comment.quote) await markThread(c, context, comment, { action: "remove", uuid: comment.uuid });
    c.executionCtx.waitUntil(announce(c.env, comment.articleId, comment.threadId ?? comment.id));
    return c.body(null, 204);
  })

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
