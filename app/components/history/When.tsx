import { relativeLabel } from "~/components/files/RelativeTime";
import { formatMoment } from "~/lib/format";

/**
 * When something happened, both ways: "5 min ago · 2 Dec, 13:57". `now` is the loader's
 * clock so the server's HTML and the browser's first render agree.
 */
export function When({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} className="history-when">
      <span>{relativeLabel(new Date(iso), now)}</span>
      <span className="history-when__absolute"> · {formatMoment(iso)}</span>
    </time>
  );
}
