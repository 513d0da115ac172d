import type { CommentOut, CommentThreadOut } from "../../core/contracts/comments";
import type { Comment, User } from "../db/schema";
import { presentPolicies, type Actor, type DocumentResource } from "../policies";
import type { CommentThread } from "../services/comments";
import { iso, presentUserCard } from "./users";

const COMMENT_ACTIONS = ["comments.update", "comments.delete"] as const;
const THREAD_ACTIONS = ["comments.resolve"] as const;

export function presentComment(actor: Actor, comment: Comment, people: Map<number, User>, doc: DocumentResource): CommentOut {
  const author = comment.authorId ? people.get(comment.authorId) : undefined;
  return {
    id: comment.id,
    uuid: comment.uuid,
    thread_id: comment.threadId,
    body: comment.body,
    author: author ? presentUserCard(author) : null,
    /** Written by the caller (their own words never make a thread unread for them). */
    mine: comment.authorId === actor.userId,
    mention_ids: comment.mentionIds,
    edited_at: iso(comment.editedAt),
    created_at: iso(comment.createdAt),
    policies: presentPolicies(actor, [...COMMENT_ACTIONS], { ...doc, isAuthor: comment.authorId === actor.userId }),
  };
}

/**
 * Whether the actor has read a thread: nobody else has commented in it (first comment or reply)
 * since they last marked it read, `readAt` (null: never). Their own words never make it unread.
 */
function threadIsRead(actor: Actor, thread: CommentThread, readAt: Date | null) {
  return [thread.root, ...thread.replies].every((comment) => comment.authorId === actor.userId || (readAt !== null && comment.createdAt.getTime() <= readAt.getTime()));
}

/**
 * A thread: its anchor and state on the first comment, the replies beside it, and whether the
 * actor has read it (`readAt`: when they last marked it read, null for never).
 */
export function presentThread(actor: Actor, thread: CommentThread, people: Map<number, User>, doc: DocumentResource, readAt: Date | null): CommentThreadOut {
  const { root } = thread;
  const resolver = root.resolvedById ? people.get(root.resolvedById) : undefined;
  return {
    ...presentComment(actor, root, people, doc),
    quote: root.quote,
    pinned: root.pinned,
    resolved_at: iso(root.resolvedAt),
    resolved_by: resolver ? presentUserCard(resolver) : null,
    read: threadIsRead(actor, thread, readAt),
    replies: thread.replies.map((reply) => presentComment(actor, reply, people, doc)),
    thread_policies: presentPolicies(actor, [...THREAD_ACTIONS], doc),
  };
}

export type CommentJson = CommentOut;
export type CommentThreadJson = CommentThreadOut;
