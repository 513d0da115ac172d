import type { InboxItemType } from "./contracts/inbox";
import { count, formatNumber } from "./counting";

/** What one inbox line needs to be read out: the names are filled in by the presenter. */
export interface InboxSentenceFacts {
  type: InboxItemType;
  event: string;
  actor_name: string | null;
  article_title: string | null;
  channel_name: string | null;
  data: Record<string, unknown>;
}

/** What the inbox page's opening line counts. */
export interface InboxLeadCounts {
  unread: number;
  /** Reviews and requests that wait on the reader's answer. */
  waiting: number;
  /** Read receipts the reader asked for that are not confirmed yet. */
  unconfirmedReceipts: number;
}

/** "2 unread · 1 waiting on your answer · 1 read receipt you asked for is not confirmed yet". */
export function inboxLead(counts: InboxLeadCounts): string {
  const parts = [counts.unread === 0 ? "You're all caught up." : `${formatNumber(counts.unread)} unread`];
  if (counts.waiting > 0) parts.push(`${formatNumber(counts.waiting)} waiting on your answer`);
  if (counts.unconfirmedReceipts > 0) parts.push(`${count(counts.unconfirmedReceipts, ["read receipt you asked for is", "read receipts you asked for are"])} not confirmed yet`);
  return parts.join(" · ");
}

const quoted = (title: string | null) => (title ? `"${title}"` : "a document");

/**
 * The sentence an inbox item reads as, on screen and in email ("Ana asked you to approve
 * "Spring launch""). One place, so the inbox, the panel and the digest say the same thing.
 */
export function inboxSentence(facts: InboxSentenceFacts): string {
  const who = facts.actor_name ?? "Someone";
  // A shared folder has no document: its name travels in the item.
  const doc = quoted(facts.article_title ?? (typeof facts.data.title === "string" ? facts.data.title : null));
  const permission = typeof facts.data.permission === "string" ? facts.data.permission : null;
  const group = facts.channel_name ? `the group ${facts.channel_name}` : "a group";
  switch (facts.type) {
    case "AccessGrant":
      return `${who} shared ${doc} with you${permission ? ` (${permission} access)` : ""}`;
    case "AccessRequest":
      if (facts.event === "accepted") return `${who} accepted your request for ${permission ?? ""} access to ${doc}`.replace("  ", " ");
      if (facts.event === "denied") return `${who} declined your request for access to ${doc}`;
      return `${who} asked for ${permission ? `${permission} ` : ""}access to ${doc}`;
    case "ChannelMembership":
      if (facts.event === "join_requested") return `${who} asked to join ${group}`;
      if (facts.event === "join_accepted") return `${who} let you into ${group}`;
      if (facts.event === "join_denied") return `${who} declined your request to join ${group}`;
      return `${who} added you to ${group}`;
    case "OwnershipTransfer":
      return `${who} made you the owner of ${doc}`;
    case "Review":
    case "InformalFeedbackRequest":
    case "ReadReceiptRequest":
      return reviewSentence(facts.type, facts.event, who, doc, facts.data);
    case "Comment":
      if (facts.event === "mentioned") return `${who} mentioned you in a comment on ${doc}`;
      if (facts.event === "replied") return `${who} replied to your comment on ${doc}`;
      return `${who} commented on ${doc}`;
    case "Suggestion":
      if (facts.event === "accepted") return `${who} accepted your suggestion on ${doc}`;
      if (facts.event === "rejected") return `${who} rejected your suggestion on ${doc}`;
      return `${who} suggested changes to ${doc}`;
    case "Todo":
      if (facts.event === "completed") return `${who} completed a todo on ${doc}`;
      return `${who} assigned you a todo on ${doc}`;
    case "post_failed":
      return `A scheduled post${facts.article_title ? ` from ${doc}` : ""} failed to publish${typeof facts.data.reason === "string" ? `: ${facts.data.reason}` : ""}`;
    case "post_missed":
      return `A scheduled post${facts.article_title ? ` from ${doc}` : ""} missed its time`;
    case "account_needs_reauth":
      return `${typeof facts.data.account_name === "string" ? facts.data.account_name : "A social account"} needs to be reconnected`;
    case "billing":
      // Billing notices carry their own sentence (services/billing/notices): the trial, a payment, a card.
      return typeof facts.data.summary === "string" ? facts.data.summary : "Something about this workspace's billing needs you";
  }
}

function reviewSentence(type: InboxItemType, event: string, who: string, doc: string, data: Record<string, unknown>) {
  const comment = typeof data.comment === "string" && data.comment ? `: "${data.comment}"` : "";
  switch (event) {
    case "approved":
      return `${who} approved ${doc}`;
    case "changes_requested":
      return `${who} requested changes to ${doc}${comment}`;
    case "feedback":
      return `${who} gave feedback on ${doc}${comment}`;
    case "read":
      return `${who} confirmed reading ${doc}`;
    case "dismissed":
      return `${who} dismissed the review of ${doc}`;
    case "closed":
      return `${who} closed the review of ${doc}`;
    case "completed":
      return `Every reviewer answered on ${doc}`;
    default:
      if (type === "ReadReceiptRequest") return `${who} asked you to confirm you have read ${doc}`;
      if (type === "InformalFeedbackRequest") return `${who} asked for your feedback on ${doc}`;
      return data.kind === "suggest_changes" ? `${who} asked you to suggest changes to ${doc}` : `${who} asked you to approve ${doc}`;
  }
}
