import type { Comment, User } from "../db/schema";
import { presentPolicies, type Actor, type DocumentResource } from "../policies";
import type { CommentThread } from "../services/comments";
import { iso, presentUserCard } from "./users";

const COMMENT_ACTIONS = ["comments.update", "comments.delete"] as const;
const THREAD_ACTIONS = ["comments.resolve"] as const;

export function presentComment(actor: Actor, comment: Comment, people: Map<number, User>, doc: DocumentResource) {
  const author = comment.authorId ? people.get(comment.authorId) : undefined;
  return {
    id: comment.id,
    uuid: comment.uuid,
    thread_id: comment.threadId,
    body: comment.body,
    author: author ? presentUserCard(author) : null,
    mention_ids: comment.mentionIds,
    edited_at: iso(comment.editedAt),
    created_at: iso(comment.createdAt),
    policies: presentPolicies(actor, [...COMMENT_ACTIONS], { ...doc, isAuthor: comment.authorId === actor.userId }),
  };
}

/** A thread: its anchor and state on the first comment, the replies beside it. */
export function presentThread(actor: Actor, thread: CommentThread, people: Map<number, User>, doc: DocumentResource) {
  const { root } = thread;
  const resolver = root.resolvedById ? people.get(root.resolvedById) : undefined;
  return {
    ...presentComment(actor, root, people, doc),
    quote: root.quote,
    pinned: root.pinned,
    resolved_at: iso(root.resolvedAt),
    resolved_by: resolver ? presentUserCard(resolver) : null,
    replies: thread.replies.map((reply) => presentComment(actor, reply, people, doc)),
    thread_policies: presentPolicies(actor, [...THREAD_ACTIONS], doc),
  };
}

export type CommentJson = ReturnType<typeof presentComment>;
export type CommentThreadJson = ReturnType<typeof presentThread>;
