import { relativeTime } from "../../../core/counting";
import { useEffect, useState } from "react";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then the date. Pure, so server and browser agree. */
export function relativeLabel(date: Date, now: number) {
  const ago = now - date.getTime();
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 2 * DAY) return "yesterday";
  if (ago < 7 * DAY) return relativeTime(-Math.floor(ago / DAY) * DAY);
  const sameYear = new Date(now).getUTCFullYear() === date.getUTCFullYear();
  return date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: sameYear ? undefined : "numeric", timeZone: "UTC" });
}

/**
 * A time shown relative to `now` (the loader's clock, so the server's HTML and the browser's
 * first render match), with the full date for screen readers and on hover. Once running in
 * the browser the full date switches to the reader's own time zone.
 */
export function RelativeTime({ iso, now, prefix }: { iso: string | null; now: number; prefix?: string }) {
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  if (!iso) return null;
  const date = new Date(iso);
  const full = local
    ? date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
    : `${date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;
  return (
    <time dateTime={iso} title={full} className="relative-time">
      <span aria-hidden="true">
        {prefix ? `${prefix} ` : null}
        {relativeLabel(date, now)}
      </span>
      <span className="visually-hidden">
        {prefix ? `${prefix} ` : null}
        {full}
      </span>
    </time>
  );
}
