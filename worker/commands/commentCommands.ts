import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { CreateCommentInput, UpdateCommentInput } from "../../core/contracts/comments";
import type { Database } from "../db/client";
import { commentReads, comments, inboxItems, type Article, type Comment } from "../db/schema";
import { Unprocessable } from "../lib/errors";
import { threadOf } from "../services/comments";
import { notify, type NotifyItem } from "../services/inbox";
import { reviewAudience } from "../services/reviews";
import { eventStatement, type CommandContext } from "./events";

/** What an inbox line quotes of a comment. */
const excerpt = (body: string) => (body.length > 140 ? `${body.slice(0, 140)}…` : body);

/**
 * Tells the people a comment concerns: whoever it names (mentioned), the others in its thread
 * (replied), or the document's owner (commented on a new thread). One item each, the most
 * specific; nobody hears about their own comment.
 */
async function tellAbout(db: Database, context: CommandContext, article: Article, comment: Comment, mentioned: number[], thread: Comment[]) {
  if (!context.inbox) return;
  const actorId = context.actor.userId;
  const told = new Set<number>([actorId]);
  const items: NotifyItem[] = [];
  const add = (recipientId: number | null, event: "mentioned" | "replied" | "commented") => {
    if (recipientId === null || told.has(recipientId)) return;
    told.add(recipientId);
    // The item is about this comment (deleting a reply takes its items along); its link opens the thread.
    const thread = comment.threadId ? { thread_id: comment.threadId } : {};
    items.push({ workspaceId: article.workspaceId, recipientId, actorId, type: "Comment", event, articleId: article.id, commentId: comment.id, data: { comment: excerpt(comment.body), ...thread } });
  };
  for (const id of mentioned) add(id, "mentioned");
  for (const earlier of thread) add(earlier.authorId, "replied");
  if (thread.length === 0) add(article.ownerId, "commented");
  await notify(db, context.inbox.env, items, { origin: context.inbox.origin });
}

/**
 * Marks a thread read for someone as of now (moving an earlier mark forward). The time is the
 * database's, the clock comments' `created_at` comes from, so the two compare.
 */
function readMarkStatement(db: Database, userId: number, threadId: number | SQL) {
  return db
    .insert(commentReads)
    .values({ userId, threadId })
    .onConflictDoUpdate({ target: [commentReads.threadId, commentReads.userId], set: { readAt: sql`excluded.read_at` } });
}

/**
 * A new thread (on a quote of the text, or on the whole document) or a reply. People named
 * must be able to open the document (422 naming them otherwise: share it with them first).
 */
export async function commentCreator(db: Database, props: { context: CommandContext; article: Article; input: CreateCommentInput }) {
  const { context, article, input } = props;
  let thread: Comment[] = [];
  let threadId: number | null = null;
  if (input.parent_id) {
    const [parent] = await db.select().from(comments).where(eq(comments.id, input.parent_id));
    if (!parent || parent.articleId !== article.id) throw new Unprocessable("That comment is not on this document", { parent_id: ["is not a comment on this document"] });
    const found = await threadOf(db, parent);
    threadId = found.root.id;
    thread = [found.root, ...found.replies];
  }
  const mentionIds = [...new Set(input.mention_ids)].filter((id) => id !== context.actor.userId);
  if (mentionIds.length > 0) {
    const { unreachable } = await reviewAudience(db, article, context.actor.userId, { userIds: mentionIds, channelIds: [] });
    if (unreachable.length > 0) {
      throw new Unprocessable("Some of the people you mentioned cannot open this document. Share it with them first.", {
        mention_ids: unreachable.map((id) => `user ${id} cannot open this document`),
      });
    }
  }
  const uuid = crypto.randomUUID();
  const [[comment]] = (await db.batch([
    db
      .insert(comments)
      .values({
        uuid,
        workspaceId: article.workspaceId,
        articleId: article.id,
        threadId,
        authorId: context.actor.userId,
        body: input.body,
        quote: threadId ? null : (input.quote ?? null),
        mentionIds,
      })
      .returning(),
    // Its author has read the thread they wrote in (a new thread's id is known only once inserted).
    readMarkStatement(db, context.actor.userId, threadId ?? sql`(select ${comments.id} from ${comments} where ${comments.uuid} = ${uuid})`),
    eventStatement(db, context, threadId ? "comments.reply" : "comments.create", { articleId: article.id, properties: { mentions: mentionIds.length, inline: Boolean(input.quote) } }),
  ])) as [Comment[], unknown, unknown];
  await tellAbout(db, context, article, comment!, mentionIds, thread);
  return comment!;
}

/**
 * Edits a comment's words (its author), resolves, reopens or pins its thread (commenters), or
 * marks the thread read or unread for the actor (readers). A read mark is the actor's own state,
 * touched whenever they open a thread, so it writes no event.
 */
export async function commentUpdater(db: Database, props: { context: CommandContext; comment: Comment; input: UpdateCommentInput }) {
  const { context, comment, input } = props;
  const rootId = comment.threadId ?? comment.id;
  const now = new Date();
  const statements = [];
  if (input.body !== undefined && input.body !== comment.body) {
    statements.push(db.update(comments).set({ body: input.body, editedAt: now }).where(eq(comments.id, comment.id)));
  }
  if (input.resolved !== undefined) {
    statements.push(
      db
        .update(comments)
        .set(input.resolved ? { resolvedAt: now, resolvedById: context.actor.userId } : { resolvedAt: null, resolvedById: null })
        .where(eq(comments.id, rootId)),
    );
  }
  if (input.pinned !== undefined) statements.push(db.update(comments).set({ pinned: input.pinned }).where(eq(comments.id, rootId)));
  const marks =
    input.read === undefined
      ? []
      : [
          input.read
            ? readMarkStatement(db, context.actor.userId, rootId)
            : db.delete(commentReads).where(and(eq(commentReads.threadId, rootId), eq(commentReads.userId, context.actor.userId))),
        ];
  const event = statements.length
    ? [eventStatement(db, context, "comments.update", { articleId: comment.articleId, properties: { comment_id: comment.id, ...input, body: input.body === undefined ? undefined : "changed", read: undefined } })]
    : [];
  const batch = [...statements, ...marks, ...event];
  if (batch.length === 0) return;
  await db.batch([batch[0]!, ...batch.slice(1)]);
}

/**
 * Deletes a comment. A reply leaves its thread; the first comment takes its thread with it
 * (the replies answer it). Inbox items about what is gone go too.
 */
export async function commentDeleter(db: Database, props: { context: CommandContext; comment: Comment }) {
  const { context, comment } = props;
  const ids = comment.threadId === null ? [comment.id, ...(await db.select({ id: comments.id }).from(comments).where(eq(comments.threadId, comment.id))).map((row) => row.id)] : [comment.id];
  await db.batch([
    db.delete(inboxItems).where(inArray(inboxItems.commentId, ids)),
    // Replies first: the thread's first comment goes last (its replies point at it).
    db.delete(comments).where(eq(comments.threadId, comment.id)),
    db.delete(comments).where(eq(comments.id, comment.id)),
    eventStatement(db, context, "comments.delete", { articleId: comment.articleId, properties: { comment_id: comment.id, thread: comment.threadId === null } }),
  ]);
}
