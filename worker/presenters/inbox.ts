import { inboxSentence } from "../../core/inbox-text";
import { articleSlug } from "../../core/slug";
import { actorName, type InboxEntry } from "../services/inbox";

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The facts an item may carry to the client; anything else in `data` (its email origin) stays. */
const SHOWN_DATA = ["permission", "message", "comment", "kind", "answer", "due_at", "reason", "account_name", "network", "title", "folder_id", "suggestion_id"] as const;

/** Where one click on the item goes: the review, the request, the group, the document. */
export function inboxItemPath(entry: InboxEntry, canOpenArticle: boolean): string | null {
  const { item } = entry;
  const doc = entry.article?.id && canOpenArticle ? `/docs/${articleSlug(entry.article.title, entry.article.id)}` : null;
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
    default:
      return doc;
  }
}

export function presentInboxItem(entry: InboxEntry, canOpenArticle: boolean) {
  const { item } = entry;
  const article = entry.article?.id ? { id: entry.article.id, title: canOpenArticle ? entry.article.title : null } : null;
  const data = Object.fromEntries(SHOWN_DATA.flatMap((key) => (key in item.data ? [[key, item.data[key]]] : [])));
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
    url: inboxItemPath(entry, canOpenArticle),
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
export function presentInboxGroups(entries: InboxEntry[], readable: Set<number>) {
  const groups = new Map<string, { key: string; article: PresentedInboxItem["article"]; channel: PresentedInboxItem["channel"]; items: PresentedInboxItem[] }>();
  for (const entry of entries) {
    const item = presentInboxItem(entry, entry.article?.id ? readable.has(entry.article.id) : false);
    const key = item.article ? `article:${item.article.id}` : item.channel ? `channel:${item.channel.id}` : `item:${item.id}`;
    const group = groups.get(key) ?? { key, article: item.article, channel: item.article ? null : item.channel, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => ({ ...group, unread: group.items.filter((item) => !item.read).length }));
}
