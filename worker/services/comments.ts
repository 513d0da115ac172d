import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { comments, users, type Comment, type User } from "../db/schema";
import type { KeysetColumn } from "../lib/cursor";
import { NotFound } from "../lib/errors";

/** A thread: its first comment, and the replies in the order they came. */
export interface CommentThread {
  root: Comment;
  replies: Comment[];
}

/** The threads' order: pinned first, then oldest first (keyset columns ending with the id, for cursors). */
export const THREAD_KEYSET: KeysetColumn[] = [
  { column: comments.pinned, direction: "desc" },
  { column: comments.id, direction: "asc" },
];
export const threadKeyOf = (thread: CommentThread) => [thread.root.pinned ? 1 : 0, thread.root.id];

/**
 * The threads of a document (open, resolved or all), pinned first, then oldest first, with
 * their people and how many there are: all of them, or `limit` after a cursor's key (`after`).
 */
export async function threadsOf(
  db: Database,
  articleId: number,
  filter: "open" | "resolved" | "all" = "all",
  window: { limit?: number; after?: SQL } = {},
) {
  const which = and(
    eq(comments.articleId, articleId),
    isNull(comments.threadId),
    filter === "open" ? isNull(comments.resolvedAt) : filter === "resolved" ? isNotNull(comments.resolvedAt) : undefined,
  );
  const query = db
    .select()
    .from(comments)
    .where(window.after ? and(which, window.after) : which)
    .orderBy(desc(comments.pinned), asc(comments.id))
    .$dynamic();
  const roots = await (window.limit === undefined ? query : query.limit(window.limit));
  const replies = roots.length
    ? await db.select().from(comments).where(inArray(comments.threadId, roots.map((root) => root.id))).orderBy(asc(comments.id))
    : [];
  const threads: CommentThread[] = roots.map((root) => ({ root, replies: replies.filter((reply) => reply.threadId === root.id) }));
  const total = window.limit === undefined ? roots.length : ((await db.select({ n: count() }).from(comments).where(which))[0]?.n ?? 0);
  return { threads, total, people: await peopleOf(db, [...roots, ...replies]) };
}

/** The authors and resolvers a list of comments names, by id. */
export async function peopleOf(db: Database, rows: Comment[]): Promise<Map<number, User>> {
  const ids = [...new Set(rows.flatMap((row) => [row.authorId, row.resolvedById]).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  return new Map((await db.select().from(users).where(inArray(users.id, ids))).map((user) => [user.id, user]));
}

/** One comment by id, or 404 (its document's read check comes next, from its article id). */
export async function findComment(db: Database, id: number) {
  const [comment] = await db.select().from(comments).where(eq(comments.id, id));
  if (!comment) throw new NotFound("Comment not found");
  return comment;
}

/** The thread a comment belongs to (itself when it is the first). */
export async function threadOf(db: Database, comment: Comment): Promise<CommentThread> {
  const rootId = comment.threadId ?? comment.id;
  const [root] = await db.select().from(comments).where(eq(comments.id, rootId));
  const replies = await db.select().from(comments).where(eq(comments.threadId, rootId)).orderBy(asc(comments.id));
  return { root: root!, replies };
}
