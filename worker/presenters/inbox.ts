import { inboxSentence } from "../../core/inbox-text";
import { articleSlug } from "../../core/slug";
import { actorName, type InboxEntry, type ItemAccess, type ItemAccessOf } from "../services/inbox";

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The facts an item may carry to the client; anything else in `data` (its email origin) stays. */
const SHOWN_DATA = ["permission", "message", "comment", "kind", "answer", "due_at", "reason", "account_name", "network", "title", "folder_id", "suggestion_id"] as const;

/**
 * Words someone wrote in or about the document (a comment, a review's answer or request, a
 * request's note): shown only to a reader who may open the document now and is not stopped by
 * its lock, like the document's own comments and reviews. The item still says what happened.
 */
const QUOTED_DATA = new Set<string>(["message", "comment"]);

/** An item's facts as its reader may see them now: every path that shows an item (API, page, email, digest) reads them here. */
export function shownInboxData(entry: InboxEntry, access: ItemAccess): Record<string, unknown> {
  return Object.fromEntries(
    SHOWN_DATA.flatMap((key) => (key in entry.item.data && (access === "open" || !QUOTED_DATA.has(key)) ? [[key, entry.item.data[key]]] : [])),
  );
}

/** Where one click on the item goes: the review, the request, the group, the document. */
export function inboxItemPath(entry: InboxEntry, access: ItemAccess): string | null {
  const { item } = entry;
  const doc = entry.article?.id && access !== "none" ? `/docs/${articleSlug(entry.article.title, entry.article.id)}` : null;
  switch (item.type) {
    case "ChannelMembership":
      return item.channelId ? `/workspaces/${item.workspaceId}/groups/${item.channelId}` : `/workspaces/${item.workspaceId}/groups`;
    case "AccessRequest":
      return doc && item.accessRequestId && item.event === "requested" ? `${doc}?access_request=${item.accessRequestId}` : doc;
    case "Review":
    case "InformalFeedbackRequest":
    case "ReadReceiptRequest":
      return doc && item.reviewId ? `${doc}/reviews/${item.reviewId}` : doc;
    case "Comment": {
      // A reply's item names the reply; the link opens its thread.
      const thread = typeof item.data.thread_id === "number" ? item.data.thread_id : item.commentId;
      return doc && thread ? `${doc}?comment=${thread}` : doc;
    }
    case "Suggestion":
      // A new suggestion opens its page (merge or reject); its ending opens the document.
      return doc && typeof item.data.suggestion_id === "number" && item.event !== "accepted" && item.event !== "rejected" ? `${doc}/suggestions/${item.data.suggestion_id}/merge` : doc;
    case "post_failed":
    case "post_missed":
      return `/workspaces/${item.workspaceId}/scheduled-posts${item.postId ? `?post=${item.postId}` : ""}`;
    case "account_needs_reauth":
      return `/workspaces/${item.workspaceId}/scheduled-posts?accounts=1`;
    case "billing":
      return `/workspaces/${item.workspaceId}/billing`;
    default:
      return doc;
  }
}

export function presentInboxItem(entry: InboxEntry, access: ItemAccess) {
  const { item } = entry;
  const article = entry.article?.id ? { id: entry.article.id, title: access === "none" ? null : entry.article.title } : null;
  const data = shownInboxData(entry, access);
  return {
    id: item.id,
    type: item.type,
    event: item.event,
    workspace_id: item.workspaceId,
    actor: entry.actor?.id ? { id: entry.actor.id, name: actorName(entry) } : null,
    article: article && { ...article, slug: article.title === null ? null : articleSlug(article.title, article.id) },
    channel: entry.channel?.id ? { id: entry.channel.id, name: entry.channel.name } : null,
    review_id: item.reviewId,
    comment_id: item.commentId,
    post_id: item.postId,
    access_request_id: item.accessRequestId,
    data,
    text: inboxSentence({
      type: item.type,
      event: item.event,
      actor_name: actorName(entry),
      article_title: article?.title ?? null,
      channel_name: entry.channel?.name ?? null,
      data,
    }),
    url: inboxItemPath(entry, access),
    /** The document is behind a password this reader has not given here. */
    locked: access === "locked",
    /** Words the item quotes are left out: the document is locked, or no longer theirs to read. */
    words_withheld: access !== "open" && Object.keys(item.data).some((key) => QUOTED_DATA.has(key) && Boolean(item.data[key])),
    read: item.readAt !== null,
    read_at: iso(item.readAt),
    archived: item.archivedAt !== null,
    archived_at: iso(item.archivedAt),
    created_at: iso(item.createdAt),
  };
}
export type PresentedInboxItem = ReturnType<typeof presentInboxItem>;

/**
 * The inbox grouped by what it is about: one group per document (or group, for group items),
 * the groups ordered by their newest item, items newest first within each.
 */
export function presentInboxGroups(entries: InboxEntry[], accessOf: ItemAccessOf) {
  const groups = new Map<string, { key: string; article: PresentedInboxItem["article"]; channel: PresentedInboxItem["channel"]; items: PresentedInboxItem[] }>();
  for (const entry of entries) {
    const item = presentInboxItem(entry, accessOf(entry));
    const key = item.article ? `article:${item.article.id}` : item.channel ? `channel:${item.channel.id}` : `item:${item.id}`;
    const group = groups.get(key) ?? { key, article: item.article, channel: item.article ? null : item.channel, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => ({ ...group, unread: group.items.filter((item) => !item.read).length }));
}
