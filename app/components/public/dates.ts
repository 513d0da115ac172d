// Formatted in UTC with a fixed locale so the server's HTML and the browser's render agree.
const LONG = new Intl.DateTimeFormat("en", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export const longDate = (iso: string | null | undefined) => (iso ? LONG.format(new Date(iso)) : null);

/** Same calendar day (UTC): no need to say "updated" next to "published". */
export const sameDay = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.slice(0, 10) === b.slice(0, 10));
