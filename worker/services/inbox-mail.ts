import { inboxTypeLabels } from "../../core/contracts/inbox";
import { count } from "../../core/counting";
import { inboxSentence } from "../../core/inbox-text";
import { inboxItemPath, shownInboxData } from "../presenters/inbox";
import type { MailMessage } from "./mail";
import { layout } from "./mail-templates";
import { actorName, type InboxEntry, type ItemAccess, type ItemAccessOf } from "./inbox";

// Emails about inbox items: one item at once, or the day's items in a digest. Links go to the
// same place the inbox's click goes, on the origin the item was made from. What they quote is
// judged for the recipient when the mail is sent (a digest goes out a day later), as in the inbox.

const originOf = (entry: InboxEntry) => (typeof entry.item.data.origin === "string" ? entry.item.data.origin : "");

function sentenceOf(entry: InboxEntry, access: ItemAccess) {
  return inboxSentence({
    type: entry.item.type,
    event: entry.item.event,
    actor_name: actorName(entry),
    article_title: access === "none" ? null : (entry.article?.title ?? null),
    channel_name: entry.channel?.name ?? null,
    data: shownInboxData(entry, access),
  });
}

const linkOf = (entry: InboxEntry, access: ItemAccess) =>
  `${originOf(entry)}${inboxItemPath(entry, access) ?? `/workspaces/${entry.item.workspaceId}/inbox`}`;

export function inboxItemMail(entry: InboxEntry, access: ItemAccess): MailMessage {
  const sentence = sentenceOf(entry, access);
  const data = shownInboxData(entry, access);
  const message = typeof data.message === "string" && data.message ? [`"${data.message}"`] : [];
  const lines = [`${sentence}.`, ...message];
  const url = linkOf(entry, access);
  return {
    to: entry.recipient.email,
    kind: `inbox.${entry.item.type}`,
    subject: sentence,
    text: `${lines.join("\n\n")}\n\nOpen it: ${url}\n`,
    html: layout(inboxTypeLabels[entry.item.type], lines, { label: "Open", url }),
  };
}

export function inboxDigestMail(entries: InboxEntry[], accessOf: ItemAccessOf): MailMessage {
  const first = entries[0]!;
  const lines = entries.map((entry) => `${sentenceOf(entry, accessOf(entry))}.`);
  const url = `${originOf(first)}/workspaces/${first.item.workspaceId}/inbox`;
  const items = count(entries.length, "new item");
  return {
    to: first.recipient.email,
    kind: "inbox.digest",
    subject: `Your inbox: ${items}`,
    text: `${entries.map((entry) => `- ${sentenceOf(entry, accessOf(entry))}: ${linkOf(entry, accessOf(entry))}`).join("\n")}\n\nOpen your inbox: ${url}\n`,
    html: layout(`Your inbox: ${items}`, lines, { label: "Open your inbox", url }),
  };
}
