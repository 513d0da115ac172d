import { Temporal } from "temporal-polyfill";
import type { PeriodPreset } from "../contracts/analytics";

/**
 * An analytics period: whole days in the viewer's time zone, as the UTC instants of their local
 * midnights, so a day is 23 or 25 hours long across a DST change and a period is always N local
 * days. The period before it has the same number of days and ends where it starts.
 */
export interface LocalPeriod {
  /** First and last local day, inclusive (`YYYY-MM-DD`). */
  from: string;
  to: string;
  /** Every local day, in order. */
  days: string[];
  /** Epoch ms of the first local midnight, and of the one after the last day: [start, end). */
  start: number;
  end: number;
}

export interface AnalyticsPeriods {
  current: LocalPeriod;
  previous: LocalPeriod;
}

/** The longest custom period, in days (a leap year). */
export const MAX_PERIOD_DAYS = 366;

/** A period the query may not ask for; `field` is the query field to name in the 400. */
export class PeriodRefused extends Error {
  constructor(
    readonly field: "from" | "to",
    message: string,
  ) {
    super(message);
  }
}

export interface PeriodQuery {
  preset: PeriodPreset;
  from?: string | undefined;
  to?: string | undefined;
  tz: string;
}

function parseDay(day: string, field: "from" | "to"): Temporal.PlainDate {
  try {
    return Temporal.PlainDate.from(day, { overflow: "reject" });
  } catch {
    throw new PeriodRefused(field, "must be a real date like 2026-12-31");
  }
}

/** The local midnight that starts `day` in `tz` (Temporal picks the first instant if midnight is skipped). */
export function startOfLocalDay(day: Temporal.PlainDate, tz: string): number {
  return day.toZonedDateTime({ timeZone: tz }).epochMilliseconds;
}

export function localPeriod(from: Temporal.PlainDate, to: Temporal.PlainDate, tz: string): LocalPeriod {
  const days: string[] = [];
  for (let day = from; Temporal.PlainDate.compare(day, to) <= 0; day = day.add({ days: 1 })) days.push(day.toString());
  return { from: from.toString(), to: to.toString(), days, start: startOfLocalDay(from, tz), end: startOfLocalDay(to.add({ days: 1 }), tz) };
}

/** Today in `tz` at `now`. */
export function localToday(now: number, tz: string): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(tz).toPlainDate();
}

/** The first and last day a query asks for, in its zone. */
function bounds(query: PeriodQuery, today: Temporal.PlainDate): [Temporal.PlainDate, Temporal.PlainDate] {
  const lastDays = (count: number): [Temporal.PlainDate, Temporal.PlainDate] => [today.subtract({ days: count - 1 }), today];
  switch (query.preset) {
    case "last_7_days":
      return lastDays(7);
    case "last_28_days":
      return lastDays(28);
    case "last_90_days":
      return lastDays(90);
    // This month and this year run to today: the days ahead have no posts to show yet.
    case "this_month":
      return [today.with({ day: 1 }), today];
    case "last_month": {
      const first = today.with({ day: 1 }).subtract({ months: 1 });
      return [first, first.with({ day: first.daysInMonth })];
    }
    case "this_year":
      return [today.with({ month: 1, day: 1 }), today];
    case "custom": {
      if (!query.from) throw new PeriodRefused("from", "a custom period needs from and to");
      if (!query.to) throw new PeriodRefused("to", "a custom period needs from and to");
      const from = parseDay(query.from, "from");
      const to = parseDay(query.to, "to");
      if (Temporal.PlainDate.compare(from, to) > 0) throw new PeriodRefused("from", "must not be after to");
      if (Temporal.PlainDate.compare(from, today) > 0) throw new PeriodRefused("from", `must not be after today (${today})`);
      if (Temporal.PlainDate.compare(to, today) > 0) throw new PeriodRefused("to", `must not be after today (${today})`);
      if (from.until(to).days + 1 > MAX_PERIOD_DAYS) throw new PeriodRefused("from", `a period is at most ${MAX_PERIOD_DAYS} days`);
      return [from, to];
    }
  }
}

/** The period a query asks for at `now`, and the one of the same length right before it. */
export function analyticsPeriods(query: PeriodQuery, now: number): AnalyticsPeriods {
  const [from, to] = bounds(query, localToday(now, query.tz));
  const length = from.until(to).days + 1;
  const previousTo = from.subtract({ days: 1 });
  return { current: localPeriod(from, to, query.tz), previous: localPeriod(previousTo.subtract({ days: length - 1 }), previousTo, query.tz) };
}

/**
 * The zone's UTC offsets over [start, end): the offset at `start`, then each change, as
 * `{ from, offsetMs }`. SQLite has no time zones, so queries turn an instant into local time
 * by adding the offset in force (a CASE over these few pieces: two a year where DST applies).
 */
export function offsetPieces(tz: string, start: number, end: number): { from: number; offsetMs: number }[] {
  let zoned = Temporal.Instant.fromEpochMilliseconds(start).toZonedDateTimeISO(tz);
  const pieces = [{ from: start, offsetMs: zoned.offsetNanoseconds / 1e6 }];
  for (;;) {
    const next = zoned.getTimeZoneTransition("next");
    if (!next || next.epochMilliseconds >= end) return pieces;
    pieces.push({ from: next.epochMilliseconds, offsetMs: next.offsetNanoseconds / 1e6 });
    zoned = next;
  }
}
