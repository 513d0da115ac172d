import { Link } from "@remix-run/react";
import type { PresentedInboxItem } from "../../../worker/presenters/inbox";
import { inboxTypeLabels } from "../../../core/contracts/inbox";
import { ArchiveIcon, CheckIcon } from "../ui/icons";

export type InboxItemJson = PresentedInboxItem;
export interface InboxGroupJson {
  key: string;
  article: InboxItemJson["article"];
  channel: InboxItemJson["channel"];
  items: InboxItemJson[];
  unread: number;
}

const timeFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC" });

/** "Nov 25, 4:58 PM" (UTC on the server render, the reader's zone once the page runs). */
export function itemTime(iso: string | null) {
  return iso ? timeFormat.format(new Date(iso)) : "";
}

export function groupTitle(group: Pick<InboxGroupJson, "article" | "channel" | "items">) {
  if (group.article) return group.article.title ?? "A document you can no longer open";
  if (group.channel) return group.channel.name;
  return inboxTypeLabels[group.items[0]!.type];
}

/**
 * One inbox line: the sentence (a link to what it is about; following it marks it read) and
 * the read and archive buttons. `onChange` does the change; the row shows what it is told.
 */
export function InboxItemRow({
  item,
  onChange,
  onConfirmRead,
  busy = false,
}: {
  item: InboxItemJson;
  onChange: (item: InboxItemJson, change: { read?: boolean; archived?: boolean }) => void;
  /** "I have read it", for a read receipt someone asked of this person. */
  onConfirmRead?: (item: InboxItemJson) => void;
  busy?: boolean;
}) {
  const asksToConfirm = onConfirmRead && item.type === "ReadReceiptRequest" && item.event === "requested" && item.article?.title;
  return (
    <li className="inbox-item" data-read={item.read} data-type={item.type}>
      <span className="inbox-item__dot" aria-hidden="true" />
      <div className="inbox-item__main">
        {item.url ? (
          <Link to={item.url} className="inbox-item__text" onClick={() => !item.read && onChange(item, { read: true })}>
            {item.text}
          </Link>
        ) : (
          <span className="inbox-item__text">{item.text}</span>
        )}
        {typeof item.data.message === "string" && item.data.message ? <q className="inbox-item__quote">{item.data.message}</q> : null}
        {typeof item.data.comment === "string" && item.data.comment ? <q className="inbox-item__quote">{item.data.comment}</q> : null}
        {item.words_withheld ? (
          <span className="inbox-item__quote">
            {item.locked ? "The document is locked: open it with its password to read what was written." : "You can no longer open this document, so what was written is not shown."}
          </span>
        ) : null}
        <span className="inbox-item__meta">
          {inboxTypeLabels[item.type]} · <time dateTime={item.created_at ?? undefined}>{itemTime(item.created_at)}</time>
          {item.read ? "" : " · Unread"}
        </span>
      </div>
      <div className="inbox-item__actions">
        {asksToConfirm ? (
          <button type="button" className="button button--sm" disabled={busy} onClick={() => onConfirmRead(item)}>
            Confirm read
          </button>
        ) : null}
        <button
          type="button"
          className="icon-button"
          disabled={busy}
          aria-label={item.read ? `Mark unread: ${item.text}` : `Mark read: ${item.text}`}
          title={item.read ? "Mark unread" : "Mark read"}
          onClick={() => onChange(item, { read: !item.read })}
        >
          <CheckIcon aria-hidden="true" />
        </button>
        <button
          type="button"
          className="icon-button"
          disabled={busy}
          aria-label={item.archived ? `Move back to inbox: ${item.text}` : `Archive: ${item.text}`}
          title={item.archived ? "Move back to inbox" : "Archive"}
          onClick={() => onChange(item, { archived: !item.archived })}
        >
          <ArchiveIcon aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
