import { inboxTypeLabels } from "../../core/contracts/inbox";
import { count } from "../../core/counting";
import { inboxSentence } from "../../core/inbox-text";
import { inboxItemPath } from "../presenters/inbox";
import type { MailMessage } from "./mail";
import { layout } from "./mail-templates";
import { actorName, type InboxEntry } from "./inbox";

// Emails about inbox items: one item at once, or the day's items in a digest. Links go to the
// same place the inbox's click goes, on the origin the item was made from.

const originOf = (entry: InboxEntry) => (typeof entry.item.data.origin === "string" ? entry.item.data.origin : "");

function sentenceOf(entry: InboxEntry) {
  return inboxSentence({
    type: entry.item.type,
    event: entry.item.event,
    actor_name: actorName(entry),
    // The recipient could open it when it was sent; a document they lose access to later is not re-mailed.
    article_title: entry.article?.title ?? null,
    channel_name: entry.channel?.name ?? null,
    data: entry.item.data,
  });
}

const linkOf = (entry: InboxEntry) =>
  `${originOf(entry)}${inboxItemPath(entry, true) ?? `/workspaces/${entry.item.workspaceId}/inbox`}`;

export function inboxItemMail(entry: InboxEntry): MailMessage {
  const sentence = sentenceOf(entry);
  const message = typeof entry.item.data.message === "string" && entry.item.data.message ? [`"${entry.item.data.message}"`] : [];
  const lines = [`${sentence}.`, ...message];
  const url = linkOf(entry);
  return {
    to: entry.recipient.email,
    kind: `inbox.${entry.item.type}`,
    subject: sentence,
    text: `${lines.join("\n\n")}\n\nOpen it: ${url}\n`,
    html: layout(inboxTypeLabels[entry.item.type], lines, { label: "Open", url }),
  };
}

export function inboxDigestMail(entries: InboxEntry[]): MailMessage {
  const first = entries[0]!;
  const lines = entries.map((entry) => `${sentenceOf(entry)}.`);
  const url = `${originOf(first)}/workspaces/${first.item.workspaceId}/inbox`;
  const items = count(entries.length, "new item");
  return {
    to: first.recipient.email,
    kind: "inbox.digest",
    subject: `Your inbox: ${items}`,
    text: `${entries.map((entry) => `- ${sentenceOf(entry)}: ${linkOf(entry)}`).join("\n")}\n\nOpen your inbox: ${url}\n`,
    html: layout(`Your inbox: ${items}`, lines, { label: "Open your inbox", url }),
  };
}
