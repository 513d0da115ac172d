import { format, parseISO } from "date-fns";
import type { DocumentStatus } from "../../../core/enums";
import type { ArticleItem } from "./types";

/** Where a document opens. */
export const docHref = (item: Pick<ArticleItem, "slug">) => `/docs/${item.slug}`;

export function StatusBadge({ status, labels }: { status: DocumentStatus; labels: Record<DocumentStatus, string> }) {
  return (
    <span className="status-badge" data-status={status}>
      {labels[status]}
    </span>
  );
}

/**
 * A date as this browser's day ("31 May 2024"). The server renders it in UTC, so the
 * text may change once the page is interactive; that is expected.
 */
export function DateText({ iso, withTime = false }: { iso: string | null; withTime?: boolean }) {
  if (!iso) return <span className="muted">—</span>;
  const date = parseISO(iso);
  return (
    <time dateTime={iso} title={format(date, "d MMM yyyy, HH:mm")} suppressHydrationWarning>
      {format(date, withTime ? "d MMM yyyy, HH:mm" : "d MMM yyyy")}
    </time>
  );
}

export function OwnerName({ item }: { item: ArticleItem }) {
  return <span className="folder-owner">{item.owner?.name ?? "Nobody"}</span>;
}
